import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { GrantRow } from '../adapters/table/impersonation-grants.ts';

// Redeeming, checking and ending a session, with the grant rows played in memory: the row is what makes a
// grant single use and a session endable. The conditional writes themselves run against DynamoDB Local in
// tests/integration/admin-authz.test.ts.

const rows = new Map<string, GrantRow>();

jest.unstable_mockModule('../adapters/secrets.ts', () => ({ readSecret: async () => 'k'.repeat(64) }));
jest.unstable_mockModule('../adapters/table/impersonation-grants.ts', () => ({
  readGrant: async (grantId: string) => rows.get(grantId) ?? null,
  putIssuedGrant: async (grant: Omit<GrantRow, 'status'>) => {
    rows.set(grant.grantId, { ...grant, status: 'issued' });
  },
  markRedeemed: async (claims: Omit<GrantRow, 'status'>, sessionHash: string) => {
    const row = rows.get(claims.grantId);
    const same =
      row?.status === 'issued' &&
      row.staffSub === claims.staffSub &&
      row.targetSub === claims.targetSub &&
      row.expires === claims.expires;
    if (!row || !same) return false;
    rows.set(claims.grantId, { ...row, status: 'redeemed', sessionHash });
    return true;
  },
  markEnded: async (grantId: string, staffSub: string) => {
    const row = rows.get(grantId);
    if (!row || row.staffSub !== staffSub) return false;
    rows.set(grantId, { ...row, status: 'ended' });
    return true;
  },
}));

const { checkSession, endSession, issueGrant, redeemGrant } = await import('./impersonation.ts');

const staff = 'staff-1';
const target = 'user-1';

async function session() {
  const { grant } = await issueGrant({ staffSub: staff, targetSub: target });
  const redeemed = await redeemGrant({ grant, targetUser: target, callerSub: staff });
  return { grant, ...redeemed };
}

beforeEach(() => rows.clear());

describe('impersonation sessions', () => {
  it('redeems a grant once: the second redemption is IMPERSONATION_USED', async () => {
    const { grant, session: token, grantId } = await session();

    expect(await checkSession(token, staff)).toMatchObject({ grantId, targetSub: target });
    await expect(redeemGrant({ grant, targetUser: target, callerSub: staff })).rejects.toMatchObject({
      code: 'IMPERSONATION_USED',
    });
  });

  it('refuses a grant whose row is gone as not valid rather than used', async () => {
    const { grant, grantId } = await issueGrant({ staffSub: staff, targetSub: target });
    rows.delete(grantId);

    await expect(redeemGrant({ grant, targetUser: target, callerSub: staff })).rejects.toMatchObject({
      code: 'IMPERSONATION_INVALID',
    });
  });

  it('accepts only the very token redeemed, for the staff member who redeemed it', async () => {
    const { session: token, grantId } = await session();
    const row = rows.get(grantId) as GrantRow;

    await expect(checkSession(token, 'staff-2')).rejects.toMatchObject({ code: 'IMPERSONATION_INVALID' });
    rows.set(grantId, { ...row, sessionHash: '00'.repeat(32) });
    await expect(checkSession(token, staff)).rejects.toMatchObject({ code: 'IMPERSONATION_INVALID' });
  });

  it('refuses a session once it is ended, and one past its expiry as expired', async () => {
    const { session: token, grantId } = await session();
    const later = new Date(((rows.get(grantId) as GrantRow).expires + 1) * 1000);

    await expect(checkSession(token, staff, later)).rejects.toMatchObject({ code: 'IMPERSONATION_EXPIRED' });
    await endSession({ session: token, callerSub: staff });
    await expect(checkSession(token, staff)).rejects.toMatchObject({ code: 'IMPERSONATION_INVALID' });
  });

  it("does not let another staff member end someone's session", async () => {
    const { session: token } = await session();

    await expect(endSession({ session: token, callerSub: 'staff-2' })).rejects.toMatchObject({
      code: 'IMPERSONATION_INVALID',
    });
    expect(await checkSession(token, staff)).toMatchObject({ targetSub: target });
  });
});
