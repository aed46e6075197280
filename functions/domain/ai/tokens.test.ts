import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { countTokens } from '@anthropic-ai/tokenizer';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { sampleResumeEn, sampleResumePtBr } from '#shared/sample-resumes';
import { estimateTokens } from './tokens.ts';

// The estimate must never be below what a tokenizer of Claude's counts (@anthropic-ai/tokenizer, Anthropic's
// published BPE for its models; current models' tokenizers are not published, so a margin is asked on top),
// on the texts prompts are made of and on texts made to be expensive. It may be above: a budget in
// estimated tokens is then only stricter.

const fixtures = resolve(import.meta.dirname, '../../../tests/fixtures');
const read = (path: string) => readFileSync(resolve(fixtures, path), 'utf8');

const realTexts: [string, string][] = [
  ['sample resume (en), as prompt JSON', JSON.stringify(sampleResumeEn, null, 1)],
  ['sample resume (pt-BR), as prompt JSON', JSON.stringify(sampleResumePtBr, null, 1)],
  ['a 1,000-word job ad (en)', read('ai/job-description-1000-en.txt')],
  ['a 1,000-word job ad (pt-BR)', read('ai/job-description-1000-pt.txt')],
  ['a job ad with injected instructions', read('ai/injection-job-description.txt')],
  ['a resume with injected instructions', read('ai/injection-resume.json')],
  ...readdirSync(resolve(fixtures, 'import/external/resumes')).map((name): [string, string] => [
    `JSON Resume ${name}`,
    read(`import/external/resumes/${name}`),
  ]),
];

/** The estimate must hold this much over the tokenizer's count (current models count a little more). */
const MARGIN = 1.1;

describe('estimateTokens', () => {
  it.each(realTexts)('is at least the tokenizer count, with a margin, on %s', (_name, text) => {
    const counted = countTokens(text);

    expect(estimateTokens(text)).toBeGreaterThanOrEqual(Math.ceil(counted * MARGIN));
    // And within a known factor of it, which the budgets allow for.
    expect(estimateTokens(text)).toBeLessThanOrEqual(counted * 5);
  });

  it('is at least the tokenizer count on expensive text: random ASCII, digits, other scripts, emoji', () => {
    const expensive = [
      'xK9#qZ!vB2@mW7$pL4%nR8^tY1&uH6*jF3(',
      '4111 1111 1111 1111 555-201-3344 99.97% 1234567890 0x7fffffff',
      '负责支付系统的重构，将延迟降低了百分之四十。東京のチームを率いた。',
      'Руководил командой из шести инженеров. قاد فريقًا من ستة مهندسين',
      '🚀🔥✨ Shipped 🎉 features 💯 👩🏽‍💻',
      '--- *** ### !!! ??? ((( ))) [[[ ]]] {{{ }}} <<< >>> ;;; ::: ,,, ...',
      '\n\n\t\t    \n  \r\n',
      // Longer once NFKC-normalised, as the tokenizer does first.
      '῭ ﷺ ㍿ ﬃ',
    ];
    for (const text of expensive) {
      expect([text, estimateTokens(text)]).toEqual([text, expect.any(Number)]);
      expect(estimateTokens(text)).toBeGreaterThanOrEqual(countTokens(text));
    }
  });

  it('is at least the tokenizer count on any string, random letters included (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.stringMatching(/^[a-zA-Z ]{0,200}$/),
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.string({ unit: 'grapheme', maxLength: 100 }),
        ),
        (text) => estimateTokens(text) >= countTokens(text),
      ),
      { numRuns: 500, seed: 20261128 },
    );
  });

  it('counts nothing for nothing, and grows with the text', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('word '.repeat(100))).toBeGreaterThan(estimateTokens('word '.repeat(10)));
  });
});
