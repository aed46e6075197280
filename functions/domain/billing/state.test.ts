import { describe, expect, it } from '@jest/globals';
import type Stripe from 'stripe';
import { hasPaidAccess, hasProAccess, isCancelledButValid } from '#shared/plans';
import { charge, checkoutSession, DAY, dispute, event, invoice, subscription } from './fixtures.ts';
import {
  addMonths,
  decide,
  isRefundable,
  observeApiSubscription,
  observeEvent,
  renewalFields,
  type SubscriptionRow,
  subscriptionView,
} from './state.ts';

const SUB = 'user-1';
const T0 = Date.UTC(2026, 0, 10, 12) / 1000; // 2026-01-10T12:00:00Z
const iso = (s: number) => new Date(s * 1000).toISOString();
const at = (s: number) => new Date(s * 1000);

/** The value, or a failed test when it is missing. */
function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('missing value');
  return value;
}

/** Apply events one after the other, as the webhook does, and return the final row. */
function run(events: Stripe.Event[], start: SubscriptionRow | null = null, now = at(T0 + 90 * DAY)) {
  let row = start;
  const decisions = [];
  for (const e of events) {
    const obs = observeEvent(e, row);
    if (!obs) continue;
    const d = decide(SUB, row, obs, e.id, now);
    decisions.push(d);
    if (d.next) row = d.next;
  }
  return { row, decisions };
}

/** The state fields of a row (what access and the UI depend on). */
function stateOf(row: SubscriptionRow | null) {
  if (!row) return null;
  const {
    updatedAt: _u,
    createdAt: _c,
    stripeEventId: _e,
    stripeOrder: _o,
    stripeStateAt: _s,
    ...rest
  } = row;
  return rest;
}

// A monthly subscription's life: bought at T0, renewed once, cancelled at period end, ended.
const P1 = { start: T0, end: addMonths(T0) };
const P2 = { start: P1.end, end: addMonths(P1.end) };
const ids = { sub: 'sub_A', cus: 'cus_A' };
const sub = (over: Partial<Parameters<typeof subscription>[0]> = {}) =>
  subscription({
    id: ids.sub,
    customer: ids.cus,
    userId: SUB,
    created: T0,
    periodStart: P1.start,
    periodEnd: P1.end,
    ...over,
  });

function lifecycle(): Stripe.Event[] {
  return [
    event(
      'checkout.session.completed',
      checkoutSession({
        mode: 'subscription',
        userId: SUB,
        customer: ids.cus,
        created: T0 - 30,
        subscription: ids.sub,
      }),
      T0,
    ),
    event('customer.subscription.created', sub(), T0),
    event(
      'invoice.paid',
      invoice({
        subscription: ids.sub,
        customer: ids.cus,
        userId: SUB,
        created: T0,
        periodStart: P1.start,
        periodEnd: P1.end,
        billingReason: 'subscription_create',
      }),
      T0,
    ),
    event('customer.subscription.updated', sub({ periodStart: P2.start, periodEnd: P2.end }), P2.start + 10),
    event(
      'invoice.payment_failed',
      invoice({
        subscription: ids.sub,
        customer: ids.cus,
        userId: SUB,
        created: P2.start + 3600,
        periodStart: P2.start,
        periodEnd: P2.end,
        paid: false,
      }),
      P2.start + 3600,
    ),
    event(
      'customer.subscription.updated',
      sub({ status: 'past_due', periodStart: P2.start, periodEnd: P2.end }),
      P2.start + 3601,
    ),
    event(
      'invoice.paid',
      invoice({
        subscription: ids.sub,
        customer: ids.cus,
        userId: SUB,
        created: P2.start + 3600,
        periodStart: P2.start,
        periodEnd: P2.end,
      }),
      P2.start + 2 * DAY,
    ),
    event(
      'customer.subscription.updated',
      sub({ periodStart: P2.start, periodEnd: P2.end }),
      P2.start + 2 * DAY + 1,
    ),
    event(
      'customer.subscription.updated',
      sub({
        periodStart: P2.start,
        periodEnd: P2.end,
        cancelAtPeriodEnd: true,
        reason: 'too_expensive',
        comment: 'later',
      }),
      P2.start + 5 * DAY,
    ),
    event(
      'customer.subscription.deleted',
      sub({
        status: 'canceled',
        periodStart: P2.start,
        periodEnd: P2.end,
        cancelAtPeriodEnd: true,
        canceledAt: P2.start + 5 * DAY,
        endedAt: P2.end,
        reason: 'too_expensive',
        comment: 'later',
      }),
      P2.end,
    ),
  ];
}

describe('Pro access for every type, status and validUntil (spec section 4)', () => {
  const now = at(T0);
  const types = ['proLifetime', 'proSubscription', 'free', 'other'];
  const statuses = ['active', 'gracePeriod', 'cancelled', 'pending', 'paused', 'other'];
  const validUntils: [string, string | null][] = [
    ['absent', null],
    ['future', iso(T0 + DAY)],
    ['past', iso(T0 - DAY)],
  ];
  const reactivate: [string, string | null][] = [
    ['no canReactivateUntil', null],
    ['canReactivateUntil', iso(T0 + DAY)],
  ];
  for (const type of types)
    for (const status of statuses)
      for (const [vLabel, validUntil] of validUntils)
        for (const [rLabel, canReactivateUntil] of reactivate) {
          it(`${type} / ${status} / validUntil ${vLabel} / ${rLabel}`, () => {
            const row = { subscriptionType: type, status, validUntil, canReactivateUntil };
            const pro =
              (type === 'proLifetime' || type === 'proSubscription') &&
              (status === 'active' || status === 'gracePeriod') &&
              (validUntil === null || new Date(validUntil) > now);
            const cancelledButValid =
              (status === 'cancelled' || canReactivateUntil !== null) &&
              validUntil !== null &&
              new Date(validUntil) > now;
            expect(hasProAccess(row, now)).toBe(pro);
            expect(isCancelledButValid(row, now)).toBe(cancelledButValid);
            expect(hasPaidAccess(row, null, now)).toBe(pro || cancelledButValid);
            expect(hasPaidAccess(row, 'admin', now)).toBe(true);
            const view = subscriptionView(row, now);
            expect(view.hasProAccess).toBe(pro);
            expect(view.cancelledButValid).toBe(cancelledButValid);
            expect(view.inGracePeriod).toBe(pro && status === 'gracePeriod');
            expect(view.plan).toBe(pro || (cancelledButValid && type.startsWith('pro')) ? type : 'free');
          });
        }
});

describe('observations', () => {
  it('checkout of a subscription makes the user Pro with a subscription', () => {
    const { row } = run(lifecycle().slice(0, 1));
    expect(row).toMatchObject({
      subscriptionType: 'proSubscription',
      status: 'active',
      stripeCustomerId: ids.cus,
      stripeSubscriptionId: ids.sub,
      nextPaymentAmount: 5,
    });
    expect(hasProAccess(row, at(T0))).toBe(true);
  });

  it('checkout of Lifetime: Pro with no end and no renewal', () => {
    const { row } = run([
      event(
        'checkout.session.completed',
        checkoutSession({
          mode: 'payment',
          userId: SUB,
          customer: 'cus_L',
          created: T0,
          paymentIntent: 'pi_L',
        }),
        T0,
      ),
    ]);
    expect(row).toMatchObject({
      subscriptionType: 'proLifetime',
      status: 'active',
      validUntil: null,
      nextPaymentDate: null,
      nextPaymentAmount: null,
      stripePaymentIntentId: 'pi_L',
    });
    const view = subscriptionView(row, at(T0 + 1000 * DAY));
    expect(view).toMatchObject({
      plan: 'proLifetime',
      hasProAccess: true,
      renews: false,
      cancelPending: false,
    });
  });

  it('an unpaid checkout grants nothing yet', () => {
    const { row } = run([
      event(
        'checkout.session.completed',
        checkoutSession({
          mode: 'payment',
          userId: SUB,
          customer: 'cus_L',
          created: T0,
          paymentIntent: 'pi_L',
          paid: false,
        }),
        T0,
      ),
    ]);
    expect(row?.status).toBe('pending');
    expect(hasProAccess(row, at(T0))).toBe(false);
  });

  it('reads the period from the items (current API) and from the top level (older API)', () => {
    for (const legacy of [false, true]) {
      const { row } = run([event('customer.subscription.created', sub({ legacy }), T0)]);
      expect(row?.validUntil).toBe(iso(P1.end));
      expect(row?.nextPaymentDate).toBe(iso(P1.end));
    }
  });

  it('renewal sets exactly the spec fields: active, one month ahead, cancellation cleared, then the e-mail', () => {
    const before: SubscriptionRow = {
      ...must(run(lifecycle().slice(0, 3)).row),
      status: 'gracePeriod',
      cancellationReason: 'too_expensive',
      cancellationReasonDetails: 'later',
      cancellationEffectiveDate: iso(P1.end),
      canReactivateUntil: iso(P1.end),
    };
    const renewal = event(
      'invoice.paid',
      invoice({
        subscription: ids.sub,
        customer: ids.cus,
        userId: SUB,
        created: P2.start,
        periodStart: P2.start,
        periodEnd: P2.end,
      }),
      P2.start,
    );
    const obs = must(observeEvent(renewal, before));
    const d = decide(SUB, before, obs, renewal.id, at(P2.start));
    expect(d.sendReactivationEmail).toBe(true);
    const next = must(d.next);
    expect(Object.fromEntries(renewalFields.map((f) => [f, next[f]]))).toEqual({
      status: 'active',
      validUntil: iso(addMonths(P1.end)),
      cancellationReason: null,
      cancellationReasonDetails: null,
      cancellationEffectiveDate: null,
      canReactivateUntil: null,
    });
    // The validUntil is one calendar month after the previous one.
    expect(new Date(must(next.validUntil)).getUTCMonth()).toBe(
      (new Date(must(before.validUntil)).getUTCMonth() + 1) % 12,
    );
    // Nothing else about the purchase changes.
    expect(next).toMatchObject({
      subscriptionType: 'proSubscription',
      stripeCustomerId: ids.cus,
      stripeSubscriptionId: ids.sub,
      purchasedAt: before.purchasedAt,
    });
  });

  it('the first invoice of a subscription does not send the reactivation e-mail', () => {
    const { decisions } = run(lifecycle().slice(0, 3));
    expect(decisions.some((d) => d.sendReactivationEmail)).toBe(false);
  });

  it('a failed payment puts the subscription in the grace period, access kept', () => {
    const { row } = run(lifecycle().slice(0, 5));
    expect(row?.status).toBe('gracePeriod');
    expect(hasProAccess(row, at(P2.start + 2 * DAY))).toBe(true);
    expect(subscriptionView(row, at(P2.start + 2 * DAY)).inGracePeriod).toBe(true);
  });

  it('cancel at period end keeps access until the date, then no access', () => {
    const { row } = run(lifecycle().slice(0, 9));
    expect(row).toMatchObject({
      status: 'active',
      validUntil: iso(P2.end),
      canReactivateUntil: iso(P2.end),
      cancellationEffectiveDate: iso(P2.end),
      cancellationReason: 'too_expensive',
      cancellationReasonDetails: 'later',
      nextPaymentDate: null,
      nextPaymentAmount: null,
    });
    const during = subscriptionView(row, at(P2.end - DAY));
    expect(during).toMatchObject({
      hasProAccess: true,
      cancelledButValid: true,
      cancelPending: true,
      canReactivate: true,
      renews: false,
    });
    expect(hasPaidAccess(row, null, at(P2.end + 1))).toBe(false);
  });

  it('deleted: cancelled and Free', () => {
    const { row } = run(lifecycle());
    expect(row).toMatchObject({ status: 'cancelled', validUntil: iso(P2.end), endedAt: iso(P2.end) });
    expect(hasPaidAccess(row, null, at(P2.end))).toBe(false);
    expect(subscriptionView(row, at(P2.end)).plan).toBe('free');
  });

  it('an immediate deletion removes access at once', () => {
    const now = P1.start + 3 * DAY;
    const { row } = run([
      ...lifecycle().slice(0, 3),
      event('customer.subscription.deleted', sub({ status: 'canceled', canceledAt: now, endedAt: now }), now),
    ]);
    expect(hasPaidAccess(row, null, at(now + 1))).toBe(false);
  });

  it('a refund removes access (subscription and Lifetime)', () => {
    const refundTime = T0 + 5 * DAY;
    const subRow = run([
      ...lifecycle().slice(0, 3),
      event(
        'charge.refunded',
        charge({
          customer: ids.cus,
          paymentIntent: 'pi_1',
          created: T0,
          refundedAt: refundTime,
          amount: 500,
        }),
        refundTime,
      ),
    ]).row;
    expect(subRow).toMatchObject({
      status: 'cancelled',
      refundedAt: iso(refundTime),
      validUntil: iso(refundTime),
    });
    expect(hasPaidAccess(subRow, null, at(refundTime + 1))).toBe(false);

    const lifeRow = run([
      event(
        'checkout.session.completed',
        checkoutSession({
          mode: 'payment',
          userId: SUB,
          customer: 'cus_L',
          created: T0,
          paymentIntent: 'pi_L',
        }),
        T0,
      ),
      event(
        'charge.refunded',
        charge({ customer: 'cus_L', paymentIntent: 'pi_L', created: T0, refundedAt: refundTime }),
        refundTime,
      ),
    ]).row;
    expect(lifeRow).toMatchObject({
      subscriptionType: 'proLifetime',
      status: 'cancelled',
      refundedAt: iso(refundTime),
    });
    expect(hasPaidAccess(lifeRow, null, at(refundTime + 1))).toBe(false);
  });

  it('a dispute ends the stored purchase at once (subscription and Lifetime): disputedAt, reason disputed', () => {
    const disputeTime = T0 + 20 * DAY;
    const disputed = (chargeId: string, paymentIntent: string | null) =>
      event(
        'charge.dispute.created',
        dispute({ charge: chargeId, paymentIntent, created: disputeTime }),
        disputeTime,
      );
    const { row: subRow } = run([...lifecycle().slice(0, 3), disputed('ch_any', 'pi_any')]);
    expect(subRow).toMatchObject({
      subscriptionType: 'proSubscription',
      status: 'cancelled',
      validUntil: iso(disputeTime),
      endedAt: iso(disputeTime),
      disputedAt: iso(disputeTime),
      cancellationReason: 'disputed',
      nextPaymentDate: null,
    });
    expect(hasPaidAccess(subRow, null, at(disputeTime + 1))).toBe(false);
    expect(subscriptionView(subRow, at(disputeTime + 1))).toMatchObject({
      plan: 'free',
      disputedAt: iso(disputeTime),
    });

    // The subscription.deleted of our own cancellation follows: it stays a dispute, ended at the dispute.
    const deletedAt = disputeTime + 2;
    const after = run(
      [
        event(
          'customer.subscription.deleted',
          sub({ status: 'canceled', canceledAt: deletedAt, endedAt: deletedAt }),
          deletedAt,
        ),
      ],
      subRow,
    ).row;
    expect(after).toMatchObject({
      endedAt: iso(disputeTime),
      disputedAt: iso(disputeTime),
      cancellationReason: 'disputed',
    });

    const lifetime = run([
      event(
        'checkout.session.completed',
        checkoutSession({
          mode: 'payment',
          userId: SUB,
          customer: 'cus_L',
          created: T0,
          paymentIntent: 'pi_L',
        }),
        T0,
      ),
      disputed('ch_L', 'pi_L'),
    ]).row;
    expect(lifetime).toMatchObject({
      subscriptionType: 'proLifetime',
      status: 'cancelled',
      disputedAt: iso(disputeTime),
      cancellationReason: 'disputed',
    });
    expect(hasPaidAccess(lifetime, null, at(disputeTime + 1))).toBe(false);

    // A dispute of a user who has no purchase stored changes nothing.
    expect(observeEvent(disputed('ch_x', null), null)).toBeNull();
  });

  it('a dispute after the purchase ended keeps the earlier end and records the dispute', () => {
    const { row: ended } = run(lifecycle());
    const disputeTime = T0 + 80 * DAY;
    const { row } = run(
      [
        event(
          'charge.dispute.created',
          dispute({ charge: 'ch_1', paymentIntent: null, created: disputeTime }),
          disputeTime,
        ),
      ],
      ended,
    );
    expect(row).toMatchObject({
      endedAt: ended?.endedAt,
      disputedAt: iso(disputeTime),
      cancellationReason: 'disputed',
    });
  });

  it('a partial refund changes nothing', () => {
    const { row } = run([
      event(
        'checkout.session.completed',
        checkoutSession({
          mode: 'payment',
          userId: SUB,
          customer: 'cus_L',
          created: T0,
          paymentIntent: 'pi_L',
        }),
        T0,
      ),
      event(
        'charge.refunded',
        charge({
          customer: 'cus_L',
          paymentIntent: 'pi_L',
          created: T0,
          refundedAt: T0 + DAY,
          refunded: false,
        }),
        T0 + DAY,
      ),
    ]);
    expect(row?.status).toBe('active');
  });

  it('the money-back guarantee lasts 14 days from the purchase', () => {
    const { row } = run(lifecycle().slice(0, 3));
    expect(subscriptionView(row, at(T0 + 13 * DAY)).refundable).toBe(true);
    expect(subscriptionView(row, at(T0 + 15 * DAY)).refundable).toBe(false);
  });

  it('the guarantee is once per account per plan kind: a refunded kind bought again is not refundable', () => {
    const lifetime = (n: number, created: number) => [
      event(
        'checkout.session.completed',
        checkoutSession({
          mode: 'payment',
          userId: SUB,
          customer: 'cus_L',
          created,
          paymentIntent: `pi_${n}`,
        }),
        created,
      ),
    ];
    const refund = (n: number, created: number) =>
      event(
        'charge.refunded',
        charge({ customer: 'cus_L', paymentIntent: `pi_${n}`, created, refundedAt: created + 60 }),
        created + 60,
      );
    const first = run([...lifetime(1, T0), refund(1, T0)], null, at(T0 + 120)).row;
    expect(first?.guaranteeUsed).toEqual(['proLifetime']);
    // Bought again: Pro, but its guarantee was used.
    const again = run(lifetime(2, T0 + 300), first, at(T0 + 400)).row;
    expect(subscriptionView(again, at(T0 + 400))).toMatchObject({ hasProAccess: true, refundable: false });
    // The other kind still has its own guarantee.
    const monthly = { ...must(again), subscriptionType: 'proSubscription' };
    expect(isRefundable(monthly, at(T0 + DAY))).toBe(true);
    expect(isRefundable(again, at(T0 + DAY))).toBe(false);
  });

  it('events of other kinds are not observations', () => {
    expect(observeEvent(event('customer.created', { id: 'cus_1', object: 'customer' }, T0), null)).toBeNull();
  });
});

describe('ordering: an older fact never overwrites a newer one', () => {
  it('updated after deleted does not resurrect', () => {
    const events = lifecycle();
    const deleted = must(events.at(-1));
    const lateUpdate = event(
      'customer.subscription.updated',
      sub({ periodStart: P2.start, periodEnd: P2.end }),
      P2.end + 60,
    );
    const { row } = run([...events.slice(0, 3), deleted, lateUpdate]);
    expect(row?.status).toBe('cancelled');
    expect(row?.endedAt).toBe(iso(P2.end));
  });

  it('an older period never replaces a newer one', () => {
    const e = lifecycle();
    const { row } = run([must(e[3]), must(e[1])]);
    expect(row?.validUntil).toBe(iso(P2.end));
  });

  it('the same event twice has the effect of once', () => {
    const e = must(lifecycle()[3]);
    const first = run([e]).row;
    const { row, decisions } = run([e], first);
    expect(decisions[0]?.next).toBeNull();
    expect(row).toBe(first);
  });

  it('the lifecycle in reverse order ends in the same state', () => {
    const events = lifecycle();
    for (let n = 2; n <= events.length; n++) {
      const forward = run(events.slice(0, n)).row;
      const backward = run(events.slice(0, n).reverse()).row;
      expect(stateOf(backward)).toEqual(stateOf(forward));
    }
  });

  it('any order of the lifecycle ends in the same state (seeded shuffles)', () => {
    const events = lifecycle();
    const forward = stateOf(run(events).row);
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let round = 0; round < 50; round++) {
      const shuffled = [...events].sort(() => random() - 0.5);
      expect(stateOf(run(shuffled).row)).toEqual(forward);
    }
  });

  it('cancel then reactivate (later events) end renewing; reversed arrival too', () => {
    const cancel = event(
      'customer.subscription.updated',
      sub({ cancelAtPeriodEnd: true, reason: 'unused' }),
      T0 + DAY,
    );
    const reactivate = event('customer.subscription.updated', sub(), T0 + 2 * DAY);
    for (const order of [
      [cancel, reactivate],
      [reactivate, cancel],
    ]) {
      const { row } = run(order);
      expect(row).toMatchObject({ status: 'active', canReactivateUntil: null, cancellationReason: null });
    }
  });

  it('a new purchase after an ended one is applied; a late event of the old one is not', () => {
    const ended = run(lifecycle()).row;
    const later = P2.end + 10 * DAY;
    const newSub = subscription({
      id: 'sub_B',
      customer: ids.cus,
      userId: SUB,
      created: later,
      periodStart: later,
      periodEnd: addMonths(later),
    });
    const { row } = run(
      [
        event('customer.subscription.created', newSub, later),
        event('customer.subscription.updated', sub({ periodStart: P1.start, periodEnd: P1.end }), later + 5),
      ],
      ended,
    );
    expect(row).toMatchObject({
      stripeSubscriptionId: 'sub_B',
      status: 'active',
      endedAt: null,
      validUntil: iso(addMonths(later)),
    });
  });

  it('an active Lifetime is never replaced by a subscription', () => {
    const life = run([
      event(
        'checkout.session.completed',
        checkoutSession({
          mode: 'payment',
          userId: SUB,
          customer: ids.cus,
          created: T0,
          paymentIntent: 'pi_L',
        }),
        T0,
      ),
    ]).row;
    const { row } = run([event('customer.subscription.created', sub({ created: T0 + DAY }), T0 + DAY)], life);
    expect(row?.subscriptionType).toBe('proLifetime');
  });

  it('a row granted by hand (no Stripe ids) is kept when its Lifetime is active', () => {
    const manual = {
      ...run([]).row,
      subscriptionType: 'proLifetime',
      status: 'active',
      validUntil: null,
    } as SubscriptionRow;
    const { row } = run([event('customer.subscription.created', sub(), T0)], manual);
    expect(row?.subscriptionType).toBe('proLifetime');
  });

  it('a read-back from a Stripe call is ordered like the events', () => {
    const { row } = run(lifecycle().slice(0, 4));
    const stale = observeApiSubscription(sub(), at(P2.start + 20));
    expect(decide(SUB, row, stale, 'api', at(P2.start + 20)).next).toBeNull();
    const cancelled = observeApiSubscription(
      sub({ periodStart: P2.start, periodEnd: P2.end, cancelAtPeriodEnd: true, reason: 'unused' }),
      at(P2.start + 20),
    );
    expect(decide(SUB, row, cancelled, 'api', at(P2.start + 20)).next).toMatchObject({
      canReactivateUntil: iso(P2.end),
      cancellationReason: 'unused',
    });
  });
});

describe('addMonths', () => {
  it('adds a calendar month, clamped to the last day', () => {
    expect(iso(addMonths(Date.UTC(2026, 0, 31) / 1000))).toBe('2026-02-28T00:00:00.000Z');
    expect(iso(addMonths(Date.UTC(2026, 4, 15, 8) / 1000))).toBe('2026-06-15T08:00:00.000Z');
  });
});
