import { describe, expect, it } from '@jest/globals';
import { fontIds } from '../resume.ts';
import { fontFaceCss, fontFiles } from './fonts.ts';
import { fontDataUrl, inlineFontFaceCss } from './inline-fonts.ts';

describe('template fonts', () => {
  it('declares Latin and Latin Extended files of every font, all present in their packages', () => {
    for (const font of fontIds) {
      const files = fontFiles.filter((f) => f.font === font);
      expect(files.map((f) => `${f.weight} ${f.style}`)).toEqual(
        expect.arrayContaining(['400 normal', '400 italic', '600 normal', '700 normal']),
      );
      for (const file of files) {
        // woff2 files start with the signature "wOF2".
        expect(
          Buffer.from(fontDataUrl(file.file).split(',')[1] ?? '', 'base64')
            .subarray(0, 4)
            .toString(),
        ).toBe('wOF2');
      }
    }
  });

  it('builds @font-face rules from any URL source, for the fonts asked', () => {
    const css = fontFaceCss((file) => `/assets/${file.split('/').pop()}`, ['inter']);
    expect(css).toContain('font-family:"Resume Inter"');
    expect(css).toContain('src:url("/assets/inter-latin-ext-700-normal.woff2") format("woff2")');
    expect(css).toContain('unicode-range:U+0000-00FF');
    expect(css).not.toContain('Source Serif');
  });

  it('inlines the files of one font as data: URLs for the PDF', () => {
    const css = inlineFontFaceCss(['source-serif-4']);
    expect(css.match(/@font-face/g)).toHaveLength(
      fontFiles.filter((f) => f.font === 'source-serif-4').length,
    );
    expect(css).toContain('src:url("data:font/woff2;base64,d09GMg');
  });
});
