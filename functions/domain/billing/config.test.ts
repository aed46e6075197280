import { describe, expect, it } from '@jest/globals';
import {
  DEV_STRIPE_WEBHOOK_SECRET,
  LOCAL_STRIPE_SECRET_KEY,
  parseStripeSecret,
  stripeSettings,
} from './config.ts';

describe('Stripe settings', () => {
  it('reads the secret JSON, ignoring placeholders', () => {
    expect(parseStripeSecret('{"secretKey":"sk_test_1","webhookSecret":"whsec_1"}')).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
    });
    expect(parseStripeSecret('placeholder')).toEqual({});
    expect(parseStripeSecret('{"secretKey":"changeme"}')).toEqual({});
    expect(parseStripeSecret('not json')).toEqual({});
  });

  it('real Stripe from the secret, or from a developer environment', () => {
    expect(stripeSettings('{"secretKey":"sk_test_1","webhookSecret":"whsec_1"}', {})).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      apiBase: undefined,
      mode: 'stripe',
    });
    expect(
      stripeSettings(null, {
        STRIPE_SECRET_KEY: 'sk_test_2',
        STRIPE_WEBHOOK_SECRET: 'whsec_2',
        STRIPE_API_BASE: 'http://127.0.0.1:1',
      }),
    ).toEqual({ secretKey: 'sk_test_2', webhookSecret: 'whsec_2', apiBase: undefined, mode: 'stripe' });
    expect(stripeSettings('{"secretKey":"sk_test_1"}', {})).toBeNull();
  });

  it('the local stand-in when there is no key and an API base is set', () => {
    expect(stripeSettings(null, { STRIPE_API_BASE: 'http://127.0.0.1:4242' })).toEqual({
      secretKey: LOCAL_STRIPE_SECRET_KEY,
      webhookSecret: DEV_STRIPE_WEBHOOK_SECRET,
      apiBase: 'http://127.0.0.1:4242',
      mode: 'local',
    });
    expect(
      stripeSettings(null, { STRIPE_API_BASE: 'http://127.0.0.1:4242', STRIPE_WEBHOOK_SECRET: 'whsec_mine' })
        ?.webhookSecret,
    ).toBe('whsec_mine');
    expect(stripeSettings(null, {})).toBeNull();
  });

  it('localized Stripe Prices per plan from the secret: only price ids, only known plans', () => {
    const secret = JSON.stringify({
      secretKey: 'sk_live_1',
      webhookSecret: 'whsec_1',
      prices: { proSubscription: 'price_monthly', proLifetime: 'price_lifetime', proForever: 'price_x' },
    });
    expect(stripeSettings(secret, {})?.prices).toEqual({
      proSubscription: 'price_monthly',
      proLifetime: 'price_lifetime',
    });
    expect(parseStripeSecret('{"prices":{"proLifetime":"https://evil.test"}}')).toEqual({});
    expect(parseStripeSecret('{"prices":"price_1"}')).toEqual({});
  });
});
