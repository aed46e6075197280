import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act } from 'react';
import type { RuntimeConfig } from '#shared/runtime-config';
import { NoticeProvider } from '../../../components/notices.tsx';
import { initTestI18n, rootPerTest } from '../../../components/testing/dom.ts';
import { ConfigProvider } from '../../../config/config-context.tsx';

// Amplify is the boundary: its calls stand in for Cognito; the form, messages and cooldown are real.
const confirmSignUp = jest.fn<(input: unknown) => Promise<unknown>>();
const resendSignUpCode = jest.fn<(input: unknown) => Promise<unknown>>();
const signIn = jest.fn<(input: unknown) => Promise<unknown>>();
const cognitoError = (name: string, message: string) => Object.assign(new Error(message), { name });

let ConfirmSignUpForm: typeof import('./confirm-sign-up-form.tsx').ConfirmSignUpForm;
let resendCooldownSeconds: number;
const mount = rootPerTest();
const onSignedIn = jest.fn(async () => {});
const onConfirmedWithoutSession = jest.fn();

beforeAll(async () => {
  jest.unstable_mockModule('aws-amplify/auth', () => ({ confirmSignUp, resendSignUpCode, signIn }));
  ({ ConfirmSignUpForm, resendCooldownSeconds } = await import('./confirm-sign-up-form.tsx'));
  await initTestI18n();
});

beforeEach(() => {
  jest.useFakeTimers();
  jest.clearAllMocks();
  act(() =>
    mount.root.render(
      <ConfigProvider config={{ apiUrl: '/api', stage: 'test' } as RuntimeConfig}>
        <NoticeProvider>
          <ConfirmSignUpForm
            email="ada@example.test"
            password="violet ferry"
            onSignedIn={onSignedIn}
            onConfirmedWithoutSession={onConfirmedWithoutSession}
            onBack={() => {}}
          />
        </NoticeProvider>
      </ConfigProvider>,
    ),
  );
});

afterEach(() => {
  jest.useRealTimers();
});

const button = (name: RegExp) => {
  const found = [...mount.container.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''));
  if (!found) throw new Error(`no button ${name}`);
  return found;
};
const flush = () => act(async () => {});
/** One act per second: each tick renders before the next timer is set. */
const waitOutCooldown = () => {
  for (let second = 0; second < resendCooldownSeconds; second++) act(() => jest.advanceTimersByTime(1000));
};

describe('confirmation step', () => {
  it('offers a new code only after the cooldown, then says where it went and restarts the cooldown', async () => {
    resendSignUpCode.mockResolvedValue({});
    expect(button(/Resend code in 30 seconds/).disabled).toBe(true);

    waitOutCooldown();
    expect(button(/^Resend code$/).disabled).toBe(false);
    act(() => button(/^Resend code$/).click());
    await flush();

    expect(resendSignUpCode).toHaveBeenCalledWith({ username: 'ada@example.test' });
    expect(mount.container.textContent).toContain('We sent a new code to ada@example.test.');
    expect(button(/Resend code in 30 seconds/).disabled).toBe(true);
  });

  it('says when a new code could not be sent', async () => {
    resendSignUpCode.mockRejectedValue(cognitoError('LimitExceededException', 'Attempt limit exceeded'));
    waitOutCooldown();
    act(() => button(/^Resend code$/).click());
    await flush();

    expect(mount.container.querySelector('[role="alert"]')?.textContent).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
  });

  it('turns a code that was already used into a sign-in, not an error', async () => {
    confirmSignUp.mockRejectedValue(
      cognitoError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED'),
    );
    signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const input = mount.container.querySelector('input') as HTMLInputElement;
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, '123456');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => button(/^Confirm$/).click());
    await flush();

    expect(mount.container.querySelector('[role="status"]')?.textContent).toContain(
      'This code was already used — your account is confirmed. Sign in.',
    );
    act(() => button(/^Sign in$/).click());
    await flush();
    expect(signIn).toHaveBeenCalledWith(expect.objectContaining({ username: 'ada@example.test' }));
    expect(onSignedIn).toHaveBeenCalled();
  });

  it('focuses the code field when it is submitted empty', () => {
    act(() => mount.container.querySelector('form')?.requestSubmit());
    act(() => jest.advanceTimersByTime(50));
    expect(document.activeElement).toBe(mount.container.querySelector('input'));
    expect(confirmSignUp).not.toHaveBeenCalled();
  });
});
