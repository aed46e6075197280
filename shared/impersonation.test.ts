import { describe, expect, it } from '@jest/globals';
import { redeemImpersonationSchema } from './admin.ts';
import { isRedeemableGrant } from './impersonation.ts';

describe('isRedeemableGrant', () => {
  const grant = 'g'.repeat(10);
  const cases: [string | undefined, string | undefined][] = [
    [grant, 'user-1'],
    ['g'.repeat(9), 'user-1'],
    ['g'.repeat(2000), 'user-1'],
    ['g'.repeat(2001), 'user-1'],
    [grant, ''],
    [grant, 'u'],
    [grant, 'u'.repeat(64)],
    [grant, 'u'.repeat(65)],
    [undefined, 'user-1'],
    [grant, undefined],
    ['', ''],
  ];

  it.each(cases)('agrees with the redeem schema on grant %#', (candidate, targetUser) => {
    const schema = redeemImpersonationSchema.safeParse({ grant: candidate, targetUser }).success;

    expect(isRedeemableGrant(candidate, targetUser)).toBe(schema);
  });

  it('takes grants and targets within the limits and refuses the rest', () => {
    expect(isRedeemableGrant(grant, 'user-1')).toBe(true);
    expect(isRedeemableGrant('short', 'user-1')).toBe(false);
    expect(isRedeemableGrant(grant, 'u'.repeat(65))).toBe(false);
  });
});
