/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { resolveAccessGrant } from './access-grant.ts';
import { guardDecision } from './guard-decision.ts';

const at = (url: string) => {
  const { pathname, search, hash } = new URL(url, 'http://app.invalid');
  return { pathname, search, hash };
};

describe('route guard', () => {
  it('sends an anonymous visitor to sign in', () => {
    const location = at('/resumes');

    const decision = guardDecision({
      auth: 'signedOut',
      grant: resolveAccessGrant(location),
      processingCallback: false,
    });

    expect(decision).toBe('redirect');
  });

  it('does not let ?impersonate&targetUser skip authentication', () => {
    const location = at('/resumes?impersonate=1&targetUser=someone-else');

    const grant = resolveAccessGrant(location);
    const decision = guardDecision({ auth: 'signedOut', grant, processingCallback: false });

    expect(grant).toEqual({ status: 'none' });
    expect(decision).toBe('redirect');
  });

  it('renders for a signed-in user', () => {
    expect(guardDecision({ auth: 'signedIn', grant: { status: 'none' }, processingCallback: false })).toBe(
      'render',
    );
  });

  it('shows Loading while the session is read, Processing while a callback is handled', () => {
    expect(guardDecision({ auth: 'loading', grant: { status: 'none' }, processingCallback: false })).toBe(
      'loading',
    );
    expect(guardDecision({ auth: 'signedOut', grant: { status: 'none' }, processingCallback: true })).toBe(
      'processing',
    );
  });

  it('renders with a verified grant and waits while one is checked (the admin issue plugs in here)', () => {
    const grant = {
      kind: 'impersonation',
      staffUserId: 's',
      targetUserId: 't',
      expiresAt: '2030-01-01T00:00:00.000Z',
      readOnly: true,
    } as const;

    expect(
      guardDecision({ auth: 'signedOut', grant: { status: 'granted', grant }, processingCallback: false }),
    ).toBe('render');
    expect(
      guardDecision({ auth: 'signedOut', grant: { status: 'pending' }, processingCallback: false }),
    ).toBe('loading');
  });
});
