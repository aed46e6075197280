import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { BillingChange, BillingPart } from '../../adapters/table/billing.ts';

// The rules of applying a billing change, with the billing repository played in memory: which parts a
// change carries, and what a refusal of each part leads to. The items and conditions themselves are
// checked against DynamoDB Local in tests/integration/billing.test.ts.

process.env.LOG_LEVEL = 'SILENT';

type Answer = { outcome: 'written' } | { outcome: 'refused'; refused: BillingPart[]; error: unknown };
const writes: BillingChange[] = [];
const recorded: { id: string; outcome: string }[] = [];
let answers: Answer[] = [];

jest.unstable_mockModule('../../adapters/table/billing.ts', () => ({
  readSubscription: async () => ({ item: null, rev: 0 }),
  writeBillingChange: async (change: BillingChange) => {
    const parts = [change.event, change.audit, change.profileNotStatus, change.subscription];
    if (!parts.some(Boolean) && !change.customerId && !change.billing) return { outcome: 'empty' };
    writes.push(change);
    return answers.shift() ?? { outcome: 'written' };
  },
  recordStripeEvent: async (event: { id: string; outcome: string }) => {
    recorded.push({ id: event.id, outcome: event.outcome });
  },
  eventProcessed: async () => false,
  readBillingInfo: async () => null,
  userOfCustomer: async () => null,
}));
jest.unstable_mockModule('../../adapters/table/analytics.ts', () => ({ addDayCounts: async () => {} }));

const { applyObservation, PROFILE_DELETING_STATUS } = await import('./store.ts');

const at = new Date('2026-11-25T12:00:00Z');
const event = { id: 'evt_1', type: 'customer.updated' };
const billing = {
  customerId: 'cus_1',
  name: 'Ana',
  email: 'ana@example.com',
  address: null,
  at: 1_700_000_000,
};
const refused = (...parts: BillingPart[]): Answer => ({
  outcome: 'refused',
  refused: parts,
  error: new Error('x'),
});

beforeEach(() => {
  writes.length = 0;
  recorded.length = 0;
  answers = [];
});

describe('applyObservation', () => {
  it('writes nothing when there is nothing to change and no event to record', async () => {
    const outcome = await applyObservation({ sub: 'u1', observation: null, now: () => at });

    expect(outcome).toEqual({
      kind: 'applied',
      decision: expect.objectContaining({ next: null }),
      row: null,
    });
    expect(writes).toEqual([]);
  });

  it('checks the Profile is not being deleted whenever it writes user data, with the event record', async () => {
    await applyObservation({
      sub: 'u1',
      event,
      observation: null,
      customerId: 'cus_1',
      billing,
      now: () => at,
    });

    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({
      sub: 'u1',
      event: { id: 'evt_1', type: 'customer.updated', outcome: 'nothing to change' },
      profileNotStatus: PROFILE_DELETING_STATUS,
      customerId: 'cus_1',
      billing: { id: 'cus_1', profileId: 'u1', name: 'Ana', addressCountry: null, sourceAt: 1_700_000_000 },
    });
  });

  it('is a duplicate when the event record already exists, and writes nothing more', async () => {
    answers = [refused('event')];

    expect(await applyObservation({ sub: 'u1', event, observation: null, billing, now: () => at })).toEqual({
      kind: 'duplicate',
    });
    expect(writes).toHaveLength(1);
    expect(recorded).toEqual([]);
  });

  it('records the event alone when the user is gone, so a late delivery does not bring them back', async () => {
    answers = [refused('profile')];

    expect(await applyObservation({ sub: 'u1', event, observation: null, billing, now: () => at })).toEqual({
      kind: 'userGone',
    });
    expect(recorded).toEqual([{ id: 'evt_1', outcome: 'the user no longer exists' }]);
  });

  it('tries again without the parts refused for good: a customer of another user, older billing details', async () => {
    answers = [refused('lookup', 'billing')];

    const outcome = await applyObservation({
      sub: 'u1',
      event,
      observation: null,
      customerId: 'cus_1',
      billing,
      now: () => at,
    });

    expect(outcome.kind).toBe('applied');
    expect(writes).toHaveLength(2);
    expect(writes[1]?.customerId).toBeUndefined();
    expect(writes[1]?.billing).toBeUndefined();
    // Without billing details nor a new row there is no user data left to protect.
    expect(writes[1]?.profileNotStatus).toBeUndefined();
  });

  it('gives up after six lost races with the error of the last one', async () => {
    const lost = new Error('TransactionConflict');
    answers = Array.from({ length: 6 }, () => ({ outcome: 'refused', refused: [], error: lost }) as Answer);

    await expect(applyObservation({ sub: 'u1', event, observation: null, now: () => at })).rejects.toBe(lost);
    expect(writes).toHaveLength(6);
  });
});
