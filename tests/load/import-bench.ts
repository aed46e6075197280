// Our templates are .tsx: the hook must be in place before the renderer loads them.
import '../../infra/local/tsx-hooks.ts';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';

/**
 * `npm run bench`: resume import accuracy and speed.
 * 1. Every document of the committed corpus (tests/fixtures/import/corpus.json) through `parseFile`,
 *    scored field by field against its truth: P/R/F1 per field, per format, per language, per source and
 *    layout, per document.
 * 2. Round-trips through our own templates: every template of the registry renders the sample resumes (the
 *    two 1–2 page samples, the short one, the long 4–5 page one, the one with every section empty) and two
 *    corpus truths with the product's renderer, and the PDF is parsed back and scored against what was
 *    rendered. Rendered at run time, so the numbers follow template changes. Reported by resume too, so a
 *    long document's misses are not drowned by the short ones.
 * 3. Parse time per document, warm (the first parse of each document is left out): p50 and p95 over the
 *    documents' medians, per format, and for two-page PDFs apart.
 * Writes tests/load/results/import.md. Low scores are reported, not failed: only a crash exits non-zero
 * (tests/integration/import-accuracy.test.ts holds the floors).
 * `--explain [part of a file name]` also prints, per document, each value the import got wrong or missed.
 */
const WARM_RUNS = 4;

const outFile = resolve(import.meta.dirname, 'results/import.md');

const { parseAll: parseInputs, percentile, median, pct, round } = await import('./import-parse.ts');
type Outcome = import('./import-parse.ts').Outcome;
const { renderPdf } = await import('../../functions/domain/pdf-render.ts');
const { closeBrowser } = await import('../../functions/adapters/chromium.ts');
const { templateIds } = await import('../../shared/templates/registry.ts');
const { sampleResumeEn, sampleResumePtBr, shortResume, longResume, emptySectionsResume } = await import(
  '../../shared/sample-resumes.ts'
);
const score = await import('../support/import-score.ts');
type ScoredDocument = import('../support/import-score.ts').ScoredDocument;
type ResumeContent = import('../../shared/resume.ts').ResumeContent;

const parseAll = (inputs: Parameters<typeof parseInputs>[0]) => parseInputs(inputs, WARM_RUNS);

const emptyResume = score.truthContent({});
const explainAt = process.argv.indexOf('--explain');
const explainFilter = explainAt < 0 ? undefined : (process.argv[explainAt + 1] ?? '');

function explain(name: string, predicted: ResumeContent | undefined, truth: ResumeContent) {
  if (explainFilter === undefined || !name.includes(explainFilter)) return;
  for (const miss of score.explainResume(predicted ?? emptyResume, truth)) {
    const show = (v: string) => JSON.stringify(v.length > 100 ? `${v.slice(0, 100)}…` : v);
    console.log(`    ${miss.field}: got ${show(miss.predicted)}, truth ${show(miss.truth)}`);
  }
}

const line = (name: string, fields: import('../support/import-score.ts').FieldCounts, error?: string) => {
  const r = score.rates(score.totalOf(fields));
  console.log(
    `${name.padEnd(48)} F1 ${pct(r.f1).padStart(5)}  P ${pct(r.precision).padStart(5)}  R ${pct(r.recall).padStart(5)}${error ? `  ${error}` : ''}`,
  );
};

// ---------------------------------------------------------------------------------------------------------
// 1. The corpus.

const corpus = score.loadCorpus();
const corpusOutcomes = await parseAll(
  corpus.map((entry) => ({ bytes: entry.bytes, kind: entry.format, language: entry.language })),
);
const corpusDocs = corpus.map((entry, i) => {
  const outcome = corpusOutcomes[i] as Outcome;
  const fields = score.scoreResume(outcome.parsed?.content ?? emptyResume, entry.expected);
  line(entry.file, fields, outcome.error);
  explain(entry.file, outcome.parsed?.content, entry.expected);
  return {
    name: entry.file.replace(/^files\//, ''),
    groups: {
      format: entry.format,
      language: entry.language,
      source: entry.source,
      layout: entry.layout,
      detected: outcome.parsed?.language === entry.language ? 'right' : 'wrong',
    },
    fields,
    outcome,
    pages: entry.pages,
    format: entry.format,
  };
});

// ---------------------------------------------------------------------------------------------------------
// 2. Our own templates, rendered now and parsed back.

const rendered: {
  name: string;
  template: string;
  resume: ResumeContent;
  bytes: Uint8Array;
  pages: number;
}[] = [];
try {
  for (const { name, resume } of score.roundTripResumes({
    'sample-en': sampleResumeEn,
    'sample-pt-BR': sampleResumePtBr,
    short: shortResume,
    long: longResume,
    'empty-sections': emptySectionsResume,
  })) {
    for (const template of templateIds) {
      const withTemplate = { ...resume, template };
      const pdf = await renderPdf({ resume: withTemplate, title: `${name} ${template}` });
      rendered.push({ name, template, resume: withTemplate, bytes: pdf.bytes, pages: pdf.pages });
    }
  }
} finally {
  await closeBrowser();
}
const roundTripOutcomes = await parseAll(
  rendered.map((r) => ({ bytes: r.bytes, kind: 'pdf' as const, language: r.resume.settings.language })),
);
const roundTrips = rendered.map((r, i) => {
  const outcome = roundTripOutcomes[i] as Outcome;
  const fields = score.scoreResume(outcome.parsed?.content ?? emptyResume, score.visibleContent(r.resume));
  line(`template ${r.template} × ${r.name}`, fields, outcome.error);
  explain(`template ${r.template} × ${r.name}`, outcome.parsed?.content, score.visibleContent(r.resume));
  return {
    name: `${r.template} × ${r.name} (${r.pages} p.)`,
    groups: { template: r.template, resume: r.name, language: r.resume.settings.language },
    fields,
    outcome,
    pages: r.pages,
  };
});

// ---------------------------------------------------------------------------------------------------------
// Report.

const overall = (docs: readonly ScoredDocument[]) =>
  score.totalOf(score.addFieldCounts(docs.map((d) => d.fields)));
const docCounts = (docs: readonly ScoredDocument[], group: string) => {
  const counts = new Map<string, number>();
  for (const d of docs) counts.set(d.groups[group] ?? '', (counts.get(d.groups[group] ?? '') ?? 0) + 1);
  return counts;
};
const groupSection = (docs: readonly ScoredDocument[], group: string, title: string) =>
  score.groupTable(title, score.groupTotals(docs, group), docCounts(docs, group));

function timingRows(label: string, docs: readonly { outcome: Outcome }[]): string {
  const medians = docs.filter((d) => d.outcome.warmMs.length > 0).map((d) => median(d.outcome.warmMs));
  const firsts = docs.filter((d) => !d.outcome.error).map((d) => d.outcome.firstMs);
  if (medians.length === 0) return `| ${label} | 0 | – | – | – | – |`;
  return `| ${label} | ${medians.length} | ${percentile(medians, 50)} | ${percentile(medians, 95)} | ${round(Math.max(...medians))} | ${percentile(firsts, 50)} |`;
}

/** Documents per format and language, and per source. */
function composition(): string {
  const languages = [...new Set(corpus.map((e) => e.language))];
  const count = (f: (e: (typeof corpus)[number]) => boolean) => corpus.filter(f).length;
  const rows = [
    `| Format | ${languages.join(' | ')} | Total |`,
    `| --- | ${languages.map(() => '---:').join(' | ')} | ---: |`,
    ...formats.map(
      (format) =>
        `| ${format} | ${languages.map((l) => count((e) => e.format === format && e.language === l)).join(' | ')} | ${count((e) => e.format === format)} |`,
    ),
    `| **all** | ${languages.map((l) => count((e) => e.language === l)).join(' | ')} | ${corpus.length} |`,
  ];
  const sources = [...new Set(corpus.map((e) => e.source))]
    .map((source) => `${source} ${count((e) => e.source === source)}`)
    .join(', ');
  const people = new Set(corpus.map((e) => e.truth.replace(/^truth\//, '').split('.')[0])).size;
  return `${rows.join('\n')}\n\nSources: ${sources}. ${people} people (truth files under tests/fixtures/import/truth). Two-page documents: ${count((e) => e.pages >= 2)}.`;
}

const corpusTotal = score.rates(overall(corpusDocs));
const templateTotal = score.rates(overall(roundTrips));
const longTrips = roundTrips.filter((d) => d.groups.resume === 'long');
const longTotal = score.rates(overall(longTrips));
const longPages = [...new Set(longTrips.map((d) => d.pages))].sort().join('–');
const failures = [...corpusDocs, ...roundTrips].filter((d) => d.outcome.error);
const formats = [...new Set(corpusDocs.map((d) => d.format))];
const documentRow = (d: ScoredDocument & { outcome: Outcome }) => {
  const total = score.totalOf(d.fields);
  const r = score.rates(total);
  const ms = d.outcome.warmMs.length > 0 ? median(d.outcome.warmMs) : '–';
  return `| ${d.name} | ${Object.values(d.groups).slice(0, 3).join(' / ')} | ${pct(r.precision)} | ${pct(r.recall)} | ${pct(r.f1)} | ${total.tp} | ${total.fp} | ${total.fn} | ${ms} | ${d.outcome.error ?? ''} |`;
};

const report = `# Resume import accuracy

Generated by \`node tests/load/import-bench.ts\` (part of \`npm run bench\`) on ${new Date().toISOString()}, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}.

Field-level precision (P), recall (R) and F1, micro-averaged (tests/support/import-score.ts): a predicted value
equal to the truth is a true positive; a wrong value counts as both a false positive and a false negative; list
items are paired by similarity first. Summaries and descriptions count when ≥ ${score.TEXT_OVERLAP * 100}% of their words agree.

## Overall

| Set | Docs | P % | R % | F1 % |
| --- | ---: | ---: | ---: | ---: |
| Corpus (tests/fixtures/import) | ${corpusDocs.length} | ${pct(corpusTotal.precision)} | ${pct(corpusTotal.recall)} | ${pct(corpusTotal.f1)} |
| Own templates, round-trip | ${roundTrips.length} | ${pct(templateTotal.precision)} | ${pct(templateTotal.recall)} | ${pct(templateTotal.f1)} |
| Own templates, long resume only (${longPages} pages) | ${longTrips.length} | ${pct(longTotal.precision)} | ${pct(longTotal.recall)} | ${pct(longTotal.f1)} |

Documents the parser refused or crashed on: ${failures.length === 0 ? 'none' : failures.map((d) => `${d.name} (${d.outcome.error})`).join('; ')}.

## Corpus

${composition()}

## Corpus by format

${groupSection(corpusDocs, 'format', 'Format')}

## Corpus by language

${groupSection(corpusDocs, 'language', 'Language')}

Language detected right: ${corpusDocs.filter((d) => d.groups.detected === 'right').length} of ${corpusDocs.length} documents.

## Corpus by source and layout

${groupSection(corpusDocs, 'source', 'Source')}

${groupSection(corpusDocs, 'layout', 'Layout')}

## Corpus per field

${score.fieldTable(score.addFieldCounts(corpusDocs.map((d) => d.fields)))}

## Own templates per field

${score.fieldTable(score.addFieldCounts(roundTrips.map((d) => d.fields)))}

## Own templates by template and language

${groupSection(roundTrips, 'template', 'Template')}

${groupSection(roundTrips, 'language', 'Language')}

## Own templates by resume

${groupSection(roundTrips, 'resume', 'Resume')}

| Resume | Template | Pages | P % | R % | F1 % | TP | FP | FN |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${roundTrips
  .map((d) => {
    const total = score.totalOf(d.fields);
    const r = score.rates(total);
    return `| ${d.groups.resume} | ${d.groups.template} | ${d.pages} | ${pct(r.precision)} | ${pct(r.recall)} | ${pct(r.f1)} | ${total.tp} | ${total.fp} | ${total.fn} |`;
  })
  .join('\n')}

## Parse time (ms, warm)

Median of ${WARM_RUNS} warm parses per document, p50/p95/max over documents; the first parse of each (after only the\nprevious documents warmed the process) is left out and shown apart as "first p50".

| Set | Docs | p50 | p95 | max | first p50 |
| --- | ---: | ---: | ---: | ---: | ---: |
${timingRows('All corpus documents', corpusDocs)}
${formats
  .map((f) =>
    timingRows(
      `Corpus ${f}`,
      corpusDocs.filter((d) => d.format === f),
    ),
  )
  .join('\n')}
${timingRows(
  'One-page PDFs (corpus)',
  corpusDocs.filter((d) => d.format === 'pdf' && d.pages === 1),
)}
${timingRows(
  'Two-page PDFs (corpus)',
  corpusDocs.filter((d) => d.format === 'pdf' && d.pages === 2),
)}
${timingRows('Own-template PDFs', roundTrips)}
${timingRows(
  'Own-template PDFs, one page',
  roundTrips.filter((d) => d.pages === 1),
)}
${timingRows(
  'Own-template PDFs, two pages or more',
  roundTrips.filter((d) => d.pages >= 2),
)}

## Per document

| Document | Group | P % | R % | F1 % | TP | FP | FN | ms | Error |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |
${corpusDocs.map(documentRow).join('\n')}
${roundTrips.map(documentRow).join('\n')}
`;

console.log(`\n${report.slice(report.indexOf('## Overall'), report.indexOf('## Corpus by source'))}`);
mkdirSync(resolve(outFile, '..'), { recursive: true });
writeFileSync(outFile, report);
console.log(
  `\ncorpus F1 ${pct(corpusTotal.f1)} % (${corpusDocs.length} docs), own templates F1 ${pct(templateTotal.f1)} % (${roundTrips.length} round-trips)\nwrote ${outFile}`,
);
process.exit(0);
