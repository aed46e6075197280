import { describe, expect, it } from '@jest/globals';
import {
  cancelRequestSchema,
  checkoutRequestSchema,
  currencyForHost,
  formatPrice,
  planPrice,
  portalRequestSchema,
} from './billing.ts';

describe('plans and prices (spec section 9)', () => {
  it('Pro Monthly 5 and Lifetime 70, in minor units for Stripe', () => {
    expect(planPrice('proSubscription', 'usd')).toEqual({
      plan: 'proSubscription',
      currency: 'usd',
      amount: 5,
      unitAmount: 500,
      interval: 'month',
    });
    expect(planPrice('proLifetime', 'brl')).toEqual({
      plan: 'proLifetime',
      currency: 'brl',
      amount: 70,
      unitAmount: 7000,
      interval: null,
    });
  });

  it('BRL on Brazilian hosts, USD otherwise', () => {
    expect(currencyForHost('curriculo.com.br')).toBe('brl');
    expect(currencyForHost('www.example.br:443')).toBe('brl');
    expect(currencyForHost('example.com')).toBe('usd');
    expect(currencyForHost('br.example.com')).toBe('usd');
    expect(currencyForHost(undefined)).toBe('usd');
  });

  it('BRL on the configured Brazilian hosts too, whatever their domain', () => {
    const ptBrHosts = ['curriculos.example.com', 'CV.Example.org.'];
    expect(currencyForHost('curriculos.example.com', ptBrHosts)).toBe('brl');
    expect(currencyForHost('cv.example.org:443', ptBrHosts)).toBe('brl');
    expect(currencyForHost('app.example.com', ptBrHosts)).toBe('usd');
  });

  it('formats prices for people', () => {
    expect(formatPrice(5, 'usd')).toBe('$5.00');
    expect(formatPrice(70, 'brl').replace(/\s/g, ' ')).toBe('R$ 70,00');
  });
});

describe('request schemas are strict', () => {
  it('checkout: a plan and nothing else (the server decides the currency)', () => {
    expect(checkoutRequestSchema.parse({ planType: 'proLifetime' })).toEqual({ planType: 'proLifetime' });
    expect(checkoutRequestSchema.safeParse({ planType: 'free' }).success).toBe(false);
    expect(checkoutRequestSchema.safeParse({ planType: 'proLifetime', userId: 'x' }).success).toBe(false);
    for (const currency of ['usd', 'brl', 'eur'])
      expect(checkoutRequestSchema.safeParse({ planType: 'proLifetime', currency }).success).toBe(false);
  });

  it('cancel: a known reason and optional details', () => {
    expect(cancelRequestSchema.parse({ reason: 'too_expensive', details: '  tight budget ' })).toEqual({
      reason: 'too_expensive',
      details: 'tight budget',
    });
    expect(cancelRequestSchema.safeParse({ reason: 'x' }).success).toBe(false);
    expect(cancelRequestSchema.safeParse({ reason: 'other', details: 'a'.repeat(1001) }).success).toBe(false);
  });

  it('portal: only a path of the app to return to', () => {
    expect(portalRequestSchema.safeParse({ returnPath: '/subscription' }).success).toBe(true);
    expect(portalRequestSchema.safeParse({ returnPath: 'https://evil.test' }).success).toBe(false);
    expect(portalRequestSchema.safeParse({ returnPath: '//evil.test' }).success).toBe(false);
    expect(portalRequestSchema.safeParse({ portalSection: 'paymentMethods' }).success).toBe(true);
  });
});
