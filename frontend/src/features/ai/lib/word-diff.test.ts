/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { sideOf, similarity, wordDiff } from './word-diff.ts';

const text = (parts: { text: string }[]) => parts.map((part) => part.text).join('');

describe('wordDiff', () => {
  it('marks the words that changed and keeps the rest', () => {
    const diff = wordDiff('Built APIs in Go', 'Built REST APIs in Go and Node.js');
    expect(diff.filter((part) => part.kind === 'added').map((part) => part.text.trim())).toEqual([
      'REST',
      'and Node.js',
    ]);
    expect(diff.some((part) => part.kind === 'removed')).toBe(false);
  });

  it('gives back each side exactly', () => {
    const before = 'Led a team of six engineers.\nCut latency by 38%.';
    const after = 'Led a team of six backend engineers.\nReduced latency by 38%.';
    const diff = wordDiff(before, after);
    expect(text(sideOf(diff, 'before'))).toBe(before);
    expect(text(sideOf(diff, 'after'))).toBe(after);
  });

  it('handles empty sides', () => {
    expect(wordDiff('', 'New')).toEqual([{ kind: 'added', text: 'New' }]);
    expect(wordDiff('Old', '')).toEqual([{ kind: 'removed', text: 'Old' }]);
    expect(wordDiff('', '')).toEqual([]);
  });
});

describe('similarity', () => {
  it('is 1 for the same text, 0 for nothing shared, and in between for an edit', () => {
    expect(similarity(wordDiff('Led a team', 'Led a team'))).toBe(1);
    expect(similarity(wordDiff('alpha beta', 'gamma delta'))).toBe(0);
    const edit = similarity(wordDiff('Built APIs in Go', 'Built REST APIs in Go'));
    expect(edit).toBeGreaterThan(0.7);
    expect(edit).toBeLessThan(1);
  });
});
