import { describe, expect, it } from '@jest/globals';
import { fitLines } from './summary-lines.ts';

describe('fitLines', () => {
  it('fills a thin summary to three lines with lines that state no fact', () => {
    const lines = fitLines(['Engineer.', '', 'Engineer.'], 700, 'en').split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('Engineer.');
    expect(lines[1]).toBe('Open to roles where steady, careful work makes a difference.');
  });

  it('keeps at most five lines', () => {
    expect(fitLines(['a', 'b', 'c', 'd', 'e', 'f', 'g'], 700, 'en')).toBe('a\nb\nc\nd\ne');
  });

  it('over the limit, drops the next-to-last lines first, down to three', () => {
    const line = (c: string) => c.repeat(20);
    const fitted = fitLines([line('a'), line('b'), line('c'), line('d'), line('e')], 70, 'pt');
    expect(fitted.split('\n')).toEqual([line('a'), line('b'), line('e')]);
  });

  it('never exceeds the limit', () => {
    expect(fitLines(['x'.repeat(900), 'y', 'z'], 700, 'en').length).toBeLessThanOrEqual(700);
  });
});
