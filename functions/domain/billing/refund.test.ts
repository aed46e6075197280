import { describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';

// Which of Stripe's refusals are the purchase's state (409) and which stay provider failures (502). The
// refund itself against the local Stripe stand-in: tests/integration/billing.test.ts.

process.env.LOG_LEVEL = 'SILENT';
const { refundRefusal } = await import('./refund.ts');

const invalid = (code: string, statusCode: number) =>
  new Stripe.errors.StripeInvalidRequestError({
    type: 'invalid_request_error',
    code,
    statusCode,
    message: code,
  });

describe('refundRefusal', () => {
  it('reads a payment Stripe does not know as PAYMENT_NOT_FOUND and one it refunded as ALREADY_REFUNDED', () => {
    expect(refundRefusal(invalid('resource_missing', 404))).toMatchObject({
      code: 'PAYMENT_NOT_FOUND',
      status: 409,
    });
    expect(refundRefusal(invalid('charge_already_refunded', 400))).toMatchObject({
      code: 'ALREADY_REFUNDED',
      status: 409,
    });
  });

  it('leaves every other error a failure', () => {
    expect(refundRefusal(invalid('parameter_missing', 400))).toBeNull();
    expect(
      refundRefusal(
        new Stripe.errors.StripeAPIError({ code: 'resource_missing', statusCode: 500, message: 'x' }),
      ),
    ).toBeNull();
    expect(refundRefusal(new Stripe.errors.StripeConnectionError({ message: 'reset' }))).toBeNull();
    expect(refundRefusal(new Error('resource_missing'))).toBeNull();
    expect(refundRefusal(undefined)).toBeNull();
  });
});
