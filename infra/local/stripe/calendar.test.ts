import { describe, expect, it } from '@jest/globals';
import { addMonth } from './calendar.ts';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('addMonth', () => {
  it('bills on the same day next month, at the same time', () => {
    expect(addMonth(at('2024-03-15T10:30:00Z'))).toBe(at('2024-04-15T10:30:00Z'));
    expect(addMonth(at('2024-12-05T00:00:00Z'))).toBe(at('2025-01-05T00:00:00Z'));
  });

  it("clamps to the next month's last day, as Stripe's monthly billing does", () => {
    expect(addMonth(at('2024-01-31T12:00:00Z'))).toBe(at('2024-02-29T12:00:00Z'));
    expect(addMonth(at('2023-01-31T12:00:00Z'))).toBe(at('2023-02-28T12:00:00Z'));
    expect(addMonth(at('2024-03-31T12:00:00Z'))).toBe(at('2024-04-30T12:00:00Z'));
  });
});
