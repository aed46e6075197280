import { describe, expect, it } from '@jest/globals';
import { hasPaidAccess, hasProAccess, isCancelledButValid, resumeLimit } from './plans.ts';

const now = new Date('2026-06-01T00:00:00Z');
const future = '2026-07-01T00:00:00Z';
const past = '2026-05-01T00:00:00Z';

describe('Pro access', () => {
  it.each([
    [{ subscriptionType: 'proSubscription', status: 'active' }, true],
    [{ subscriptionType: 'proLifetime', status: 'gracePeriod', validUntil: future }, true],
    [{ subscriptionType: 'proSubscription', status: 'active', validUntil: past }, false],
    [{ subscriptionType: 'proSubscription', status: 'cancelled', validUntil: future }, false],
    [{ subscriptionType: 'free', status: 'active' }, false],
  ])('%j -> %s', (sub, expected) => {
    expect(hasProAccess(sub, now)).toBe(expected);
  });

  it('treats no subscription as Free', () => {
    expect(hasProAccess(null, now)).toBe(false);
    expect(resumeLimit(hasPaidAccess(null, null, now))).toBe(3);
  });
});

describe('paid access', () => {
  it('goes to cancelled-but-valid users and admins, not to other staff', () => {
    const cancelled = { subscriptionType: 'proSubscription', status: 'cancelled', validUntil: future };
    expect(isCancelledButValid(cancelled, now)).toBe(true);
    expect(hasPaidAccess(cancelled, null, now)).toBe(true);
    expect(hasPaidAccess({ ...cancelled, validUntil: past }, null, now)).toBe(false);
    expect(hasPaidAccess(null, 'admin', now)).toBe(true);
    expect(hasPaidAccess(null, 'support', now)).toBe(false);
    expect(resumeLimit(true)).toBeNull();
  });
});
