import { describe, expect, it } from '@jest/globals';
import {
  cancelRequestSchema,
  checkoutRequestSchema,
  checkoutReturnUrls,
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

describe('returning to where an upgrade started', () => {
  it.each([
    ['another site', 'https://evil.test/builder'],
    ['a protocol-relative address', '//evil.test'],
    ['a backslash trick', '/\\evil.test'],
    ['a scheme in disguise', '/\tjavascript:alert(1)'],
    ['no leading slash', 'builder?id=1'],
    ['/pricing itself', '/pricing?returnTo=%2Fbuilder'],
    ['an over-long path', `/builder?id=${'x'.repeat(300)}`],
  ])('refuses %s in the checkout request, and never puts it in the return address', (_name, path) => {
    expect(checkoutRequestSchema.safeParse({ planType: 'proLifetime', returnPath: path }).success).toBe(
      false,
    );
    expect(checkoutReturnUrls('https://app.example', path)).toEqual({
      success: 'https://app.example/pricing?checkSubscription=true',
      cancel: 'https://app.example/pricing',
    });
  });

  it('carries a path of the app through checkout, encoded, on both return addresses', () => {
    const path = '/builder?id=3f2a&dialog=design';

    expect(checkoutRequestSchema.parse({ planType: 'proLifetime', returnPath: path }).returnPath).toBe(path);
    expect(checkoutReturnUrls('https://app.example/', path)).toEqual({
      success:
        'https://app.example/pricing?checkSubscription=true&returnTo=%2Fbuilder%3Fid%3D3f2a%26dialog%3Ddesign',
      cancel: 'https://app.example/pricing?returnTo=%2Fbuilder%3Fid%3D3f2a%26dialog%3Ddesign',
    });
  });
});
