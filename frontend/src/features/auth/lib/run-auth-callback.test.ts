/** @jest-environment node */
import { describe, expect, it, jest } from '@jest/globals';
import { type AuthCallbackDeps, CALLBACK_WAIT_MS, runAuthCallback } from './run-auth-callback.ts';

const cognitoError = (name: string, message = name) => Object.assign(new Error(message), { name });

function deps(overrides: Partial<AuthCallbackDeps> = {}) {
  const calls = {
    confirmSignUp: jest.fn<AuthCallbackDeps['confirmSignUp']>(async () => undefined),
    hasSession: jest.fn<AuthCallbackDeps['hasSession']>(async () => false),
    waitForSession: jest.fn<AuthCallbackDeps['waitForSession']>(async () => false),
    saveResetLink: jest.fn<AuthCallbackDeps['saveResetLink']>(),
    readIntendedRedirect: jest.fn<AuthCallbackDeps['readIntendedRedirect']>(() => null),
    clearIntendedRedirect: jest.fn<AuthCallbackDeps['clearIntendedRedirect']>(),
    applyStoredLanguage: jest.fn<AuthCallbackDeps['applyStoredLanguage']>(async () => undefined),
    stripCallbackFromUrl: jest.fn<AuthCallbackDeps['stripCallbackFromUrl']>(),
  };
  return Object.assign(calls, overrides);
}

describe('runAuthCallback: sign-up confirmation link', () => {
  const link = { kind: 'signup', email: 'ana@example.com', code: '123456' } as const;

  it('confirms, clears the intended redirect, applies the language and asks for a sign-in', async () => {
    const d = deps();

    const target = await runAuthCallback(link, d);

    expect(d.confirmSignUp).toHaveBeenCalledWith('ana@example.com', '123456');
    expect(d.clearIntendedRedirect).toHaveBeenCalled();
    expect(d.applyStoredLanguage).toHaveBeenCalled();
    expect(target).toBe('/auth?view=sign-in&confirmed=1');
  });

  it('goes to /resumes when a session exists', async () => {
    await expect(runAuthCallback(link, deps({ hasSession: async () => true }))).resolves.toBe('/resumes');
  });

  it('reports verification_failed for a wrong or expired code', async () => {
    const d = deps({
      confirmSignUp: async () => {
        throw cognitoError('CodeMismatchException');
      },
    });

    await expect(runAuthCallback(link, d)).resolves.toBe('/auth?error=verification_failed');
    expect(d.clearIntendedRedirect).not.toHaveBeenCalled();
  });

  it('treats an already confirmed account as confirmed (the link opened twice)', async () => {
    const d = deps({
      confirmSignUp: async () => {
        throw cognitoError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED');
      },
    });

    await expect(runAuthCallback(link, d)).resolves.toBe('/auth?view=sign-in&confirmed=1');
  });

  it('reports verification_failed for a link without its e-mail or code', async () => {
    await expect(runAuthCallback({ kind: 'invalid', type: 'signup' }, deps())).resolves.toBe(
      '/auth?error=verification_failed',
    );
  });
});

describe('runAuthCallback: recovery link', () => {
  it('carries e-mail and code in storage, not in the address', async () => {
    const d = deps();

    const target = await runAuthCallback({ kind: 'recovery', email: 'a@b.co', code: '654321' }, d);

    expect(d.saveResetLink).toHaveBeenCalledWith({ email: 'a@b.co', code: '654321' });
    expect(target).toBe('/reset-password?step=change');
    expect(target).not.toContain('654321');
  });

  it('reports reset_failed for a link without its parameters', async () => {
    await expect(runAuthCallback({ kind: 'invalid', type: 'recovery' }, deps())).resolves.toBe(
      '/auth?error=reset_failed',
    );
  });
});

describe('runAuthCallback: social sign-in return', () => {
  const oauth = { kind: 'oauth', error: null } as const;

  it('waits up to 2 s, then opens the intended page and forgets it', async () => {
    const d = deps({
      waitForSession: jest.fn(async () => true),
      readIntendedRedirect: () => '/account-settings',
    });

    await expect(runAuthCallback(oauth, d)).resolves.toBe('/account-settings');
    expect(d.waitForSession).toHaveBeenCalledWith(CALLBACK_WAIT_MS);
    expect(d.clearIntendedRedirect).toHaveBeenCalled();
    expect(d.stripCallbackFromUrl).toHaveBeenCalled();
  });

  it('defaults to /resumes', async () => {
    await expect(runAuthCallback(oauth, deps({ waitForSession: async () => true }))).resolves.toBe(
      '/resumes',
    );
  });

  it('goes to /auth without a session', async () => {
    await expect(runAuthCallback(oauth, deps())).resolves.toBe('/auth');
  });

  it('goes to /error when the session cannot be read', async () => {
    const d = deps({
      waitForSession: async () => {
        throw new Error('session error');
      },
    });

    await expect(runAuthCallback(oauth, d)).resolves.toBe('/error');
    expect(d.stripCallbackFromUrl).toHaveBeenCalled();
  });

  it('does not wait after a provider error', async () => {
    const d = deps();

    await expect(runAuthCallback({ kind: 'oauth', error: 'access_denied' }, d)).resolves.toBe('/auth');
    expect(d.waitForSession).not.toHaveBeenCalled();
  });
});
