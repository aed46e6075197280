import { describe, expect, it } from '@jest/globals';
import { formatAgo, formatExactTime, relativeTime } from './relative-time.ts';

const now = Date.parse('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it.each([
    ['10 seconds', ago(10 * SECOND), { kind: 'justNow' }],
    ['44 seconds', ago(44 * SECOND), { kind: 'justNow' }],
    ['a moment in the future (server clock ahead)', ago(-30 * SECOND), { kind: 'justNow' }],
    ['45 seconds', ago(45 * SECOND), { kind: 'ago', value: 1, unit: 'minute' }],
    ['5 minutes', ago(5 * MINUTE), { kind: 'ago', value: 5, unit: 'minute' }],
    ['44 minutes', ago(44 * MINUTE), { kind: 'ago', value: 44, unit: 'minute' }],
    ['45 minutes', ago(45 * MINUTE), { kind: 'ago', value: 1, unit: 'hour' }],
    ['3 hours 20 minutes', ago(3 * HOUR + 20 * MINUTE), { kind: 'ago', value: 3, unit: 'hour' }],
    ['22 hours', ago(22 * HOUR), { kind: 'ago', value: 1, unit: 'day' }],
    ['6 days', ago(6 * DAY), { kind: 'ago', value: 6, unit: 'day' }],
    ['7 days', ago(7 * DAY), { kind: 'ago', value: 1, unit: 'week' }],
    ['29 days', ago(29 * DAY), { kind: 'ago', value: 4, unit: 'week' }],
    ['30 days', ago(30 * DAY), { kind: 'ago', value: 1, unit: 'month' }],
    ['200 days', ago(200 * DAY), { kind: 'ago', value: 7, unit: 'month' }],
    ['400 days', ago(400 * DAY), { kind: 'ago', value: 1, unit: 'year' }],
    ['3 years', ago(3 * 365 * DAY), { kind: 'ago', value: 3, unit: 'year' }],
  ])('%s ago', (_label, iso, expected) => {
    expect(relativeTime(iso, now)).toEqual(expected);
  });

  it('reports a timestamp it cannot read instead of inventing one', () => {
    expect(relativeTime('not a date', now)).toEqual({ kind: 'invalid' });
    expect(relativeTime('', now)).toEqual({ kind: 'invalid' });
  });
});

describe('formatAgo', () => {
  it('writes English and Brazilian Portuguese with their own plurals', () => {
    expect(formatAgo(5, 'minute', 'en-US')).toBe('5 minutes ago');
    expect(formatAgo(1, 'minute', 'en-US')).toBe('1 minute ago');
    expect(formatAgo(5, 'minute', 'pt-BR')).toBe('há 5 minutos');
    expect(formatAgo(1, 'hour', 'pt-BR')).toBe('há 1 hora');
  });

  it('stays numeric where a word like "yesterday" would not fit the sentence', () => {
    expect(formatAgo(1, 'day', 'en-US')).toBe('1 day ago');
    expect(formatAgo(1, 'month', 'pt-BR')).toBe('há 1 mês');
  });
});

describe('formatExactTime', () => {
  it('gives the date and time for the tooltip, and nothing for an unreadable value', () => {
    expect(formatExactTime('2026-03-10T12:00:00.000Z', 'en-US')).toMatch(/2026/);
    expect(formatExactTime('nope', 'en-US')).toBe('');
  });
});
