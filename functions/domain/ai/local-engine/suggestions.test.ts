import { describe, expect, it } from '@jest/globals';
import { pick } from './suggestions.ts';

const pool = ['one', 'two', 'three', 'four', 'five', 'six'];

describe('pick', () => {
  it('takes the pool’s first three without a seed', () => {
    expect(pick(pool, {})).toEqual(['one', 'two', 'three']);
    expect(pick(pool, { seed: 0 })).toEqual(['one', 'two', 'three']);
  });

  it('leaves out what was already shown, and gives none when all was', () => {
    expect(pick(pool, { avoid: ['one', 'three'] })).toEqual(['two', 'four', 'five']);
    expect(pick(pool, { avoid: pool })).toEqual([]);
  });

  it('orders by the seed: the same seed the same three, from the pool', () => {
    const first = pick(pool, { seed: 42 });
    expect(pick(pool, { seed: 42 })).toEqual(first);
    expect(first).toHaveLength(3);
    for (const s of first) expect(pool).toContain(s);
    const seeds = [1, 2, 3, 4, 5].map((seed) => pick(pool, { seed }).join());
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });
});
