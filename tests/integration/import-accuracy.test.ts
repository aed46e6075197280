import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { longResume, sampleResumeEn, sampleResumePtBr } from '../../shared/sample-resumes.ts';
import { templateIds } from '../../shared/templates/registry.ts';
import {
  addFieldCounts,
  type FieldCounts,
  loadCorpus,
  rates,
  roundTripResumes,
  scoreResume,
  totalOf,
  visibleContent,
} from '../support/import-score.ts';

// The importer's accuracy may not fall: floors on field-level F1 (tests/support/import-score.ts) over the
// committed corpus (tests/fixtures/import) and over our own templates rendered and parsed back. The floors
// sit a little under what `node tests/load/import-bench.ts` measured when they were set (see
// tests/load/results/import.md); raise them when the parser gets better.

const { parseFile } = await import('../../functions/domain/import/parse-file.ts');
const { renderPdf } = await import('../../functions/domain/pdf-render.ts');
const { closeBrowser } = await import('../../functions/adapters/chromium.ts');

/**
 * Measured 2026-11-25 (parser at a057489, again after the long-resume fixes): corpus 95.1 %, own templates 100 %;
 * 2026-11-28 after issue 20's parser work: corpus 97.0 %, own templates 100 %.
 */
const CORPUS_F1_FLOOR = 0.95;
const TEMPLATES_F1_FLOOR = 0.98;
/**
 * The long resume (4–5 pages: page breaks inside entries, a sidebar that ends on page 1, a date rail over
 * several pages) through every template, measured at 100 % each; it adds about 1.5–2.5 s of rendering and parsing.
 */
const LONG_F1_FLOOR = 0.98;
const LONG_TEMPLATE_F1_FLOOR = 0.95;
/** Measured 2026-11-28: pdf 95.6, docx 99.4, doc 98.5, linkedin-zip 100; en 96.7, pt-BR 97.3. */
const FORMAT_F1_FLOORS = { pdf: 0.93, docx: 0.97, doc: 0.96, 'linkedin-zip': 0.98 } as const;
const LANGUAGE_F1_FLOORS = { en: 0.94, 'pt-BR': 0.95 } as const;

jest.setTimeout(180_000);

const corpus = loadCorpus();
const corpusScores: {
  file: string;
  format: string;
  language: string;
  fields: FieldCounts;
  error?: string;
}[] = [];
const templateScores: { name: string; fields: FieldCounts }[] = [];
const longScores: { name: string; fields: FieldCounts }[] = [];

const f1Of = (scores: readonly { fields: FieldCounts }[]) =>
  rates(totalOf(addFieldCounts(scores.map((s) => s.fields)))).f1;

beforeAll(async () => {
  for (const entry of corpus) {
    try {
      const parsed = await parseFile(entry.bytes, entry.format, { language: entry.language });
      corpusScores.push({ ...entry, fields: scoreResume(parsed.content, entry.expected) });
    } catch (error) {
      corpusScores.push({ ...entry, fields: {}, error: String(error) });
    }
  }
  for (const { name, resume } of roundTripResumes({
    'sample-en': sampleResumeEn,
    'sample-pt-BR': sampleResumePtBr,
  })) {
    for (const template of templateIds) {
      const rendered = { ...resume, template };
      const pdf = await renderPdf({ resume: rendered, title: name });
      const parsed = await parseFile(pdf.bytes, 'pdf');
      templateScores.push({
        name: `${template} × ${name}`,
        fields: scoreResume(parsed.content, visibleContent(rendered)),
      });
    }
  }
  for (const template of templateIds) {
    const rendered = { ...longResume, template };
    const pdf = await renderPdf({ resume: rendered, title: 'long' });
    const parsed = await parseFile(pdf.bytes, 'pdf');
    longScores.push({ name: template, fields: scoreResume(parsed.content, visibleContent(rendered)) });
  }
});

afterAll(async () => {
  await closeBrowser();
});

describe('import accuracy', () => {
  it('reads every document of the corpus', () => {
    const failed = corpusScores.filter((s) => s.error).map((s) => `${s.file}: ${s.error}`);

    expect(corpusScores).toHaveLength(corpus.length);
    expect(failed).toEqual([]);
  });

  it('keeps the corpus F1 above its floor, overall, per format and per language', () => {
    const below = [
      ...Object.entries(FORMAT_F1_FLOORS).map(([format, floor]) => ({
        group: format,
        floor,
        f1: f1Of(corpusScores.filter((s) => s.format === format)),
      })),
      ...Object.entries(LANGUAGE_F1_FLOORS).map(([language, floor]) => ({
        group: language,
        floor,
        f1: f1Of(corpusScores.filter((s) => s.language === language)),
      })),
    ].filter(({ f1, floor }) => f1 < floor);

    expect(f1Of(corpusScores)).toBeGreaterThanOrEqual(CORPUS_F1_FLOOR);
    expect(below).toEqual([]);
  });

  it('reads back what our own templates render, every template in both languages', () => {
    expect(templateScores).toHaveLength(templateIds.length * 4);
    expect(f1Of(templateScores)).toBeGreaterThanOrEqual(TEMPLATES_F1_FLOOR);
  });

  it('reads back a long resume over several pages, whole, from every template', () => {
    const below = longScores
      .map((s) => ({ template: s.name, f1: f1Of([s]) }))
      .filter(({ f1 }) => f1 < LONG_TEMPLATE_F1_FLOOR);

    expect(longScores).toHaveLength(templateIds.length);
    expect(f1Of(longScores)).toBeGreaterThanOrEqual(LONG_F1_FLOOR);
    expect(below).toEqual([]);
  });
});
