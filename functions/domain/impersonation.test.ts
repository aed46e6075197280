import { describe, expect, it } from '@jest/globals';
import { AppError } from '../lib/app-error.ts';
import { readToken, signToken, type TokenClaims, verifyGrant, verifyToken } from './impersonation.ts';

const key = 'k'.repeat(64);
const now = new Date('2026-11-25T12:00:00Z');
const inFifteen = Math.floor(now.getTime() / 1000) + 15 * 60;
const claims: TokenClaims = {
  kind: 'grant',
  grantId: 'g-1',
  staffSub: 'staff-1',
  targetSub: 'user-1',
  expires: inFifteen,
};

/** The error code a call throws, or null. */
function codeOf(call: () => unknown): string | null {
  try {
    call();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

/** Re-encode a token's payload with a change, keeping the original signature. */
function tamper(token: string, change: (payload: Record<string, unknown>) => void): string {
  const [payload = '', signature = ''] = token.split('.');
  const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  change(decoded);
  return `${Buffer.from(JSON.stringify(decoded)).toString('base64url')}.${signature}`;
}

describe('impersonation tokens', () => {
  it('verify with the key that signed them and say what they were issued for', () => {
    const grant = signToken(key, claims);

    expect(verifyToken(key, grant, 'grant', now)).toEqual(claims);
    expect(verifyGrant(key, grant, { callerSub: 'staff-1', targetUser: 'user-1' }, now)).toEqual(claims);
  });

  it('refuse a tampered payload (another target, a later expiry)', () => {
    const grant = signToken(key, claims);

    expect(
      codeOf(() =>
        verifyToken(
          key,
          tamper(grant, (p) => (p.t = 'user-2')),
          'grant',
          now,
        ),
      ),
    ).toBe('IMPERSONATION_INVALID');
    expect(
      codeOf(() =>
        verifyToken(
          key,
          tamper(grant, (p) => (p.e = inFifteen + 86_400)),
          'grant',
          now,
        ),
      ),
    ).toBe('IMPERSONATION_INVALID');
  });

  it('refuse a token signed with another key, a forged signature, or garbage', () => {
    const grant = signToken('another-key', claims);
    const [payload] = signToken(key, claims).split('.');

    expect(codeOf(() => verifyToken(key, grant, 'grant', now))).toBe('IMPERSONATION_INVALID');
    expect(codeOf(() => verifyToken(key, `${payload}.${'A'.repeat(43)}`, 'grant', now))).toBe(
      'IMPERSONATION_INVALID',
    );
    expect(codeOf(() => verifyToken(key, 'not-a-token', 'grant', now))).toBe('IMPERSONATION_INVALID');
    expect(codeOf(() => verifyToken(key, `${payload}.`, 'grant', now))).toBe('IMPERSONATION_INVALID');
  });

  it('never take a grant for a session or a session for a grant', () => {
    const grant = signToken(key, claims);
    const session = signToken(key, { ...claims, kind: 'session' });

    expect(codeOf(() => verifyToken(key, grant, 'session', now))).toBe('IMPERSONATION_INVALID');
    expect(codeOf(() => verifyToken(key, session, 'grant', now))).toBe('IMPERSONATION_INVALID');
    // Relabelling the kind breaks the signature, which covers the kind too.
    expect(
      codeOf(() =>
        verifyToken(
          key,
          tamper(grant, (p) => (p.k = 'session')),
          'session',
          now,
        ),
      ),
    ).toBe('IMPERSONATION_INVALID');
  });

  it('expire at their expiry, to the second', () => {
    const grant = signToken(key, claims);
    const atExpiry = new Date(inFifteen * 1000);

    expect(codeOf(() => verifyToken(key, grant, 'grant', new Date(atExpiry.getTime() - 1000)))).toBeNull();
    expect(codeOf(() => verifyToken(key, grant, 'grant', atExpiry))).toBe('IMPERSONATION_EXPIRED');
  });

  it('refuse a grant redeemed by another staff member or for another user', () => {
    const grant = signToken(key, claims);

    expect(codeOf(() => verifyGrant(key, grant, { callerSub: 'staff-2', targetUser: 'user-1' }, now))).toBe(
      'IMPERSONATION_INVALID',
    );
    expect(codeOf(() => verifyGrant(key, grant, { callerSub: 'staff-1', targetUser: 'user-2' }, now))).toBe(
      'IMPERSONATION_INVALID',
    );
  });

  it('give each session its own token, even for the same grant', () => {
    const a = signToken(key, { ...claims, kind: 'session' });
    const b = signToken(key, { ...claims, kind: 'session' });

    expect(a).not.toBe(b);
    expect(readToken(a, 'session')).toEqual({ ...claims, kind: 'session' });
  });
});
