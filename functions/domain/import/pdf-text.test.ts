import { describe, expect, it } from '@jest/globals';
import type { Glyphs } from './layout.ts';
import { looksLetterSpaced, type PlacedGlyph, spacedApart, withLinks, wordsOf } from './pdf-text.ts';

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

describe('withLinks', () => {
  const run = (text: string, x: number, width: number, y = 100): Glyphs => ({
    text,
    page: 1,
    x,
    y,
    width,
    size: 10,
    fontName: 'Inter',
    bold: false,
  });
  const linkedIn = {
    url: 'https://www.linkedin.com/in/ana',
    box: [50, 90, 200, 102] as [number, number, number, number],
  };
  const site = {
    url: 'https://ana.example.com',
    box: [50, 105, 200, 117] as [number, number, number, number],
  };

  it('reads an address the page could wrap at its dots and slashes (runs side by side) as one link', () => {
    const pieces = [run('linkedin.', 50, 36), run('com/', 86, 20), run('in/', 106, 12), run('ana', 118, 16)];
    // Chromium draws one link area per piece, each with the whole URL.
    const areas = [50, 86, 106, 118].map((x, k) => ({
      url: linkedIn.url,
      box: [x, 90, [86, 106, 118, 134][k] ?? 0, 102] as [number, number, number, number],
    }));

    expect(withLinks(pieces, [linkedIn]).map((g) => g.text)).toEqual(['https://www.linkedin.com/in/ana']);
    expect(withLinks(pieces, areas).map((g) => g.text)).toEqual(['https://www.linkedin.com/in/ana']);
  });

  it('keeps the runs of two links apart, and text under no link as it is', () => {
    const lines = [
      run('linkedin.com/in/ana', 50, 80),
      run('ana.', 50, 16, 115),
      run('example.com', 66, 44, 115),
    ];
    const texts = withLinks([...lines, run('Lisbon', 300, 30)], [linkedIn, site]).map((g) => g.text);

    expect(texts).toEqual(['https://www.linkedin.com/in/ana', 'https://ana.example.com', 'Lisbon']);
  });
});
