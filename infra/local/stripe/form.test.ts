import { describe, expect, it } from '@jest/globals';
import { bool, formList, formObject, int, mergeMetadata, parseStripeForm, text } from './form.ts';

describe('Stripe form parameters', () => {
  it('reads each kind of value only as what it is', () => {
    const params = parseStripeForm('email=a%40b.c&metadata[k]=v&line_items[0][quantity]=2');

    expect(text(params.email)).toBe('a@b.c');
    expect(text(params.metadata)).toBeUndefined();
    expect(formObject(params.metadata)).toEqual({ k: 'v' });
    expect(formObject(params.line_items)).toBeUndefined();
    expect(formList(params.line_items)).toEqual([{ quantity: '2' }]);
    expect(formList(params.email)).toEqual([]);
  });

  it('takes numbers and booleans as Stripe sends them', () => {
    expect(int('900')).toBe(900);
    expect(int('')).toBeUndefined();
    expect(int(undefined)).toBeUndefined();
    expect(bool('true')).toBe(true);
    expect(bool(true)).toBe(true);
    expect(bool('false')).toBe(false);
  });

  it("updates metadata as Stripe does: a value replaces, '' deletes, the rest stays", () => {
    expect(mergeMetadata({ a: '1', b: '2' }, { a: '', c: '3' })).toEqual({ b: '2', c: '3' });
    expect(mergeMetadata({ a: '1' }, undefined)).toEqual({ a: '1' });
  });
});
