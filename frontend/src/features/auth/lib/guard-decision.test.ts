/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import type { ImpersonationSession } from '#shared/admin';
import { type AccessGrantState, grantFailureCode, resolveAccessGrant, withoutGrant } from './access-grant.ts';
import { guardDecision } from './guard-decision.ts';

const at = (url: string) => {
  const { pathname, search, hash } = new URL(url, 'http://app.invalid');
  return { pathname, search, hash };
};

const now = Date.parse('2026-11-25T12:00:00.000Z');
const session: ImpersonationSession = {
  session: 'session-token-123',
  targetUserId: 'target-1',
  targetEmail: 'target@example.com',
  targetName: 'Tara Target',
  expiresAt: '2026-11-25T12:10:00.000Z',
  readOnly: true,
};
const granted: AccessGrantState = {
  status: 'granted',
  grant: {
    kind: 'impersonation',
    targetUserId: 'target-1',
    targetEmail: 'target@example.com',
    targetName: 'Tara Target',
    expiresAt: session.expiresAt,
    readOnly: true,
  },
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
});

describe('impersonation grant in the guard', () => {
  it('never lets ?impersonate&targetUser skip sign-in, in any grant state', () => {
    const location = at('/resumes?impersonate=grant-abcdef&targetUser=someone-else');
    const states: AccessGrantState[] = [
      resolveAccessGrant(location),
      { status: 'pending' },
      granted,
      { status: 'failed', code: 'IMPERSONATION_USED' },
    ];

    const decisions = states.map((grant) =>
      guardDecision({ auth: 'signedOut', grant, processingCallback: false }),
    );

    expect(decisions).toEqual(['redirect', 'redirect', 'redirect', 'redirect']);
  });

  it('asks to redeem a grant only when both parameters hold plausible values', () => {
    expect(resolveAccessGrant(at('/resumes?impersonate=g-123456789&targetUser=t1'))).toEqual({
      status: 'requested',
      request: { grant: 'g-123456789', targetUser: 't1' },
    });
    expect(resolveAccessGrant(at('/resumes?impersonate=g-123456789'))).toEqual({ status: 'none' });
    expect(resolveAccessGrant(at('/resumes?impersonate=&targetUser=t1'))).toEqual({ status: 'none' });
    // Too short to be a signed grant: not redeemed, the page renders for whoever is signed in.
    expect(resolveAccessGrant(at('/resumes?impersonate=1&targetUser=someone-else'))).toEqual({
      status: 'none',
    });
  });

  it('shows Loading to the signed-in staff member until the redeem answers, then renders or refuses', () => {
    const location = at('/resumes?impersonate=g-123456789&targetUser=t1');
    const decide = (grant: AccessGrantState) =>
      guardDecision({ auth: 'signedIn', grant, processingCallback: false });

    const requested = decide(resolveAccessGrant(location, null, now));
    const pending = decide(
      resolveAccessGrant(location, null, now, { grant: 'g-123456789', status: 'pending' }),
    );
    const failed = resolveAccessGrant(location, null, now, {
      grant: 'g-123456789',
      status: 'failed',
      code: 'IMPERSONATION_USED',
    });

    expect([requested, pending]).toEqual(['loading', 'loading']);
    expect(failed).toEqual({ status: 'failed', code: 'IMPERSONATION_USED' });
    expect(decide(failed)).toBe('grantRefused');
    expect(decide(resolveAccessGrant(at('/resumes'), session, now))).toBe('render');
  });

  it('treats a new grant in the address ahead of the tab session, and an expired session as none', () => {
    const location = at('/resumes?impersonate=g-new-12345&targetUser=t2');

    expect(resolveAccessGrant(location, session, now).status).toBe('requested');
    expect(resolveAccessGrant(at('/resumes'), session, now)).toEqual(granted);
    expect(resolveAccessGrant(at('/resumes'), session, Date.parse(session.expiresAt))).toEqual({
      status: 'none',
    });
  });

  it('takes only the grant out of the address, keeping the rest', () => {
    const location = at('/builder?id=r1&impersonate=g-123456789&targetUser=t1#top');

    expect(withoutGrant(location)).toBe('/builder?id=r1#top');
    expect(withoutGrant(at('/resumes?impersonate=g-123456789&targetUser=t1'))).toBe('/resumes');
  });

  it('maps any other refusal to IMPERSONATION_INVALID', () => {
    expect(grantFailureCode('IMPERSONATION_EXPIRED')).toBe('IMPERSONATION_EXPIRED');
    expect(grantFailureCode('IMPERSONATION_USED')).toBe('IMPERSONATION_USED');
    expect(grantFailureCode('FORBIDDEN')).toBe('IMPERSONATION_INVALID');
    expect(grantFailureCode(undefined)).toBe('IMPERSONATION_INVALID');
  });
});
