import { describe, expect, it } from '@jest/globals';
import { toOurDate, toTheirDate } from './dates.ts';

describe('JSON Resume dates', () => {
  it('reads a day, a month or a year as our month or year', () => {
    expect(toOurDate('2024-06-29')).toBe('2024-06');
    expect(toOurDate(' 2024-06 ')).toBe('2024-06');
    expect(toOurDate('2024')).toBe('2024');
  });

  it('keeps the year of an impossible month, and reads nothing from what is no date', () => {
    expect(toOurDate('2024-13')).toBe('2024');
    expect(toOurDate('2024-00-10')).toBe('2024');
    expect(toOurDate('June 2024')).toBe('');
    expect(toOurDate(2024)).toBe('');
    expect(toOurDate(undefined)).toBe('');
  });

  it('writes only what the schema accepts as a date', () => {
    expect(toTheirDate('2024-06')).toBe('2024-06');
    expect(toTheirDate('2024-13')).toBe('2024');
    expect(toTheirDate('Present')).toBeUndefined();
    expect(toTheirDate('')).toBeUndefined();
  });
});
