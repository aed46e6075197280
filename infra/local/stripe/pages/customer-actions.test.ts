import { describe, expect, it } from '@jest/globals';
import { completeCheckout, createSession } from '../checkout.ts';
import type { StripeContext } from '../context.ts';
import { createCustomer } from '../customers.ts';
import { parseStripeForm } from '../form.ts';
import { openStore } from '../store.ts';
import type { StripeEventType } from '../types.ts';
import { customerAction } from './customer-actions.ts';
import { safeReturn } from './customer-page.ts';

/** A store with one customer who paid a monthly subscription through Checkout; the events it sent. */
async function subscribed() {
  const events: StripeEventType[] = [];
  const ctx: StripeContext = {
    ...openStore(undefined),
    emit: async (type) => void events.push(type),
    appOrigin: 'http://localhost:3000',
    publicUrl: 'http://127.0.0.1:4242',
    basePath: '',
  };
  const customer = createCustomer(ctx, { email: 'ana@example.com' });
  const session = createSession(
    ctx,
    parseStripeForm(
      `mode=subscription&customer=${customer.id}&success_url=http://localhost:3000/ok` +
        '&line_items[0][quantity]=1&line_items[0][price_data][currency]=usd' +
        '&line_items[0][price_data][unit_amount]=900&line_items[0][price_data][recurring][interval]=month',
    ),
  );
  await completeCheckout(ctx, session, {});
  events.length = 0;
  return { ctx, events, customer, subscriptionId: session.subscription as string };
}

describe("the customer page's buttons", () => {
  it("refund: refunds the latest invoice's charge and cancels the subscription", async () => {
    const { ctx, events, customer, subscriptionId } = await subscribed();

    await customerAction(ctx, customer, 'refund', subscriptionId);

    expect(events).toEqual(['charge.refunded', 'customer.subscription.deleted']);
    expect(ctx.store.subscriptions[subscriptionId]?.status).toBe('canceled');
    expect(Object.values(ctx.store.charges).map((ch) => ch.refunded)).toEqual([true]);
  });

  it('fail then renew: the open invoice is paid for the same period', async () => {
    const { ctx, events, customer, subscriptionId } = await subscribed();

    await customerAction(ctx, customer, 'fail', subscriptionId);
    const failedPeriodEnd = ctx.store.subscriptions[subscriptionId]?.items.data[0]?.current_period_end;
    await customerAction(ctx, customer, 'renew', subscriptionId);

    expect(events).toEqual([
      'invoice.payment_failed',
      'customer.subscription.updated',
      'invoice.paid',
      'customer.subscription.updated',
    ]);
    expect(ctx.store.subscriptions[subscriptionId]?.status).toBe('active');
    expect(ctx.store.subscriptions[subscriptionId]?.items.data[0]?.current_period_end).toBe(failedPeriodEnd);
  });

  it("refuses another customer's subscription and an unknown action", async () => {
    const { ctx, events, subscriptionId } = await subscribed();
    const stranger = createCustomer(ctx, { email: 'eve@example.com' });

    await expect(customerAction(ctx, stranger, 'cancel-now', subscriptionId)).rejects.toMatchObject({
      status: 400,
    });
    expect(events).toEqual([]);
    expect(ctx.store.subscriptions[subscriptionId]?.status).toBe('active');
  });
});

describe('safeReturn', () => {
  it('follows only links back into the app', () => {
    expect(safeReturn('http://localhost:3000', 'http://localhost:3000/subscription?x=1')).toBe(
      'http://localhost:3000/subscription?x=1',
    );
    expect(safeReturn('http://localhost:3000', 'https://evil.example/')).toBe(
      'http://localhost:3000/subscription',
    );
    expect(safeReturn('http://localhost:3000', 'javascript:alert(1)')).toBe(
      'http://localhost:3000/subscription',
    );
    expect(safeReturn('http://localhost:3000', undefined)).toBe('http://localhost:3000/subscription');
  });
});
