import { describe, expect, it } from '@jest/globals';
import { looksLetterSpaced, type PlacedGlyph, spacedApart, wordsOf } from './pdf-text.ts';

/** Glyphs 7 pt wide set `tracking` apart; a space glyph (or a wider gap) where `text` has a space. */
function tracked(text: string, tracking: number, options: { drawSpace: boolean; wordGap?: number }) {
  const glyphs: PlacedGlyph[] = [];
  let x = 100;
  for (const ch of text) {
    if (ch === ' ') {
      if (options.drawSpace) glyphs.push({ text: ' ', x, y: 50, advance: 3, size: 12, space: true });
      x += 3 + tracking + (options.wordGap ?? 0);
      continue;
    }
    glyphs.push({ text: ch, x, y: 50, advance: 7, size: 12, space: false });
    x += 7 + tracking;
  }
  return glyphs;
}

describe('letter-spaced text', () => {
  it('tells text set one letter at a time from words', () => {
    expect(looksLetterSpaced('A N A S O UZ A')).toBe(true);
    expect(looksLetterSpaced('R E S U M O')).toBe(true);
    expect(looksLetterSpaced('DAV I D O KA F O R')).toBe(true);
    expect(looksLetterSpaced('Go and SQL')).toBe(false);
    expect(looksLetterSpaced('Ana Souza')).toBe(false);
    expect(looksLetterSpaced('Go · Rust · C')).toBe(false);
  });

  it('rebuilds from its glyphs a date whose digits pdf.js read a space between, as well as letter-spaced text', () => {
    expect(spacedApart('2014-0 6-02')).toBe(true);
    expect(spacedApart('20 05')).toBe(true);
    expect(spacedApart('R E S U M O')).toBe(true);
    expect(spacedApart('Ana Souza')).toBe(false);
    expect(spacedApart('2019 – 2021')).toBe(false);
  });

  it('closes the letters up and keeps words apart where a space glyph was drawn', () => {
    expect(wordsOf(tracked('ANA SOUZA', 2.5, { drawSpace: true }))).toEqual(['ANA', 'SOUZA']);
  });

  it('keeps words apart at a gap well over the tracking when no space glyph was drawn', () => {
    expect(wordsOf(tracked('RAFAEL LIMA', 2.5, { drawSpace: false, wordGap: 4 }))).toEqual([
      'RAFAEL',
      'LIMA',
    ]);
    expect(wordsOf(tracked('EXPERIENCE', 3, { drawSpace: false }))).toEqual(['EXPERIENCE']);
  });
});
