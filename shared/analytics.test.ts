import { describe, expect, it } from '@jest/globals';
import { analyticsBatchSchema } from './analytics.ts';

const batchWith = (value: unknown) => ({ events: [{ name: 'page_view', properties: { value } }] });

describe('analytics event properties', () => {
  it('accepts numbers DynamoDB can store', () => {
    for (const value of [0, -0, 1, -1.5, 1e-130, -1e-130, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]) {
      expect(analyticsBatchSchema.safeParse(batchWith(value)).success).toBe(true);
    }
  });

  it('refuses numbers DynamoDB cannot store, so the write never fails with a 500', () => {
    for (const value of [
      5e-324,
      8e-323,
      1e-131,
      2 ** 53,
      -(2 ** 53),
      1.97e24,
      1e308,
      Number.POSITIVE_INFINITY,
    ]) {
      expect(analyticsBatchSchema.safeParse(batchWith(value)).success).toBe(false);
    }
  });
});
