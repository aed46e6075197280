import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';

/**
 * `npm run bench`: import accuracy on documents made by other tools (tests/fixtures/import/external:
 * JSON Resume themes printed by Chromium, TeX Live classes, LibreOffice Word files and text-box PDFs,
 * scans), split by layout into the third the parser was tuned on and the held-out rest.
 * Field F1 on the issue's core fields (name, e-mail, phone, location, website; company, position, dates per
 * job; school, degree, field, dates per school; each skill) and on every scored field, per split, source,
 * format, language and layout, with whether each layout's entries were found; parse times and OCR time per page.
 * Writes tests/load/results/import-external.md (and .json). Only a crash exits non-zero.
 *
 * `--only <part of a file name>`, `--split tune|held-out` and `--no-scans` parse only some documents (and
 * write no report); `--explain` prints each value got wrong or missed, for documents of the tuning split
 * only: the held-out third is not for tuning. `--no-warm` skips the warm timing rounds.
 */

const WARM_RUNS = 3;
const outFile = resolve(import.meta.dirname, 'results/import-external.md');

const { parseAll, percentile, median, pct, round } = await import('./import-parse.ts');
type Outcome = import('./import-parse.ts').Outcome;
const score = await import('../support/import-score.ts');
type FieldCounts = import('../support/import-score.ts').FieldCounts;
type ResumeContent = import('../../shared/resume.ts').ResumeContent;

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : (process.argv[at + 1] ?? '');
};
const only = arg('--only');
const split = arg('--split');
const noScans = process.argv.includes('--no-scans');
const explaining = process.argv.includes('--explain');
const partial = only !== undefined || split !== undefined || noScans;

const loadBefore = loadavg();
const corpus = score.loadExternalCorpus(
  (e) =>
    (only === undefined || e.file.includes(only)) &&
    (split === undefined || e.split === split) &&
    !(noScans && e.source === 'scan'),
);
const started = performance.now();
const outcomes = await parseAll(
  corpus.map((e) => ({ bytes: e.bytes, kind: e.format, language: e.language, once: e.source === 'scan' })),
  process.argv.includes('--no-warm') ? 0 : WARM_RUNS,
);
const elapsedS = round((performance.now() - started) / 1000);
const emptyResume = score.truthContent({});

interface Doc {
  name: string;
  entry: (typeof corpus)[number];
  outcome: Outcome;
  fields: FieldCounts;
  core: FieldCounts;
  /** Truth has jobs (schools) and the parse found at least one. */
  jobs: { expected: boolean; found: boolean };
  schools: { expected: boolean; found: boolean };
}

const docs: Doc[] = corpus.map((entry, i) => {
  const outcome = outcomes[i] as Outcome;
  const parsed: ResumeContent = outcome.parsed?.content ?? emptyResume;
  const fields = score.scoreResume(parsed, entry.expected);
  const f1 = (f: FieldCounts) => pct(score.rates(score.totalOf(f)).f1);
  const core = score.coreOf(fields);
  console.log(
    `${entry.split === 'tune' ? ' ' : 'H'} ${entry.file.padEnd(52)} core ${f1(core).padStart(5)}  all ${f1(fields).padStart(5)}${outcome.error ? `  ${outcome.error}` : ''}`,
  );
  if (explaining && entry.split === 'tune') {
    for (const miss of score.explainResume(parsed, entry.expected)) {
      const show = (v: string) => JSON.stringify(v.length > 90 ? `${v.slice(0, 90)}…` : v);
      console.log(`      ${miss.field}: got ${show(miss.predicted)}, truth ${show(miss.truth)}`);
    }
  }
  return {
    name: entry.file.replace(/^files\//, ''),
    entry,
    outcome,
    fields,
    core,
    jobs: { expected: entry.expected.experience.length > 0, found: parsed.experience.length > 0 },
    schools: { expected: entry.expected.education.length > 0, found: parsed.education.length > 0 },
  };
});

// ---------------------------------------------------------------------------------------------------------
// Report.

const total = (list: readonly Doc[], pick: (d: Doc) => FieldCounts) =>
  score.rates(score.totalOf(score.addFieldCounts(list.map(pick))));
const splits = [
  ['tune', 'Tuned on'],
  ['held-out', 'Held out'],
] as const;
const ofSplit = (split: string) => docs.filter((d) => d.entry.split === split);
const found = (list: readonly Doc[], key: 'jobs' | 'schools') => {
  const expected = list.filter((d) => d[key].expected);
  return `${expected.filter((d) => d[key].found).length}/${expected.length}`;
};

function row(label: string, list: readonly Doc[], extra: string[] = []): string {
  const core = total(list, (d) => d.core);
  const all = total(list, (d) => d.fields);
  return `| ${[label, ...extra].join(' | ')} | ${list.length} | ${pct(core.precision)} | ${pct(core.recall)} | **${pct(core.f1)}** | ${pct(all.f1)} | ${found(list, 'jobs')} | ${found(list, 'schools')} |`;
}
const header = (labels: string[]) =>
  [
    `| ${labels.join(' | ')} | Docs | Core P % | Core R % | Core F1 % | All-fields F1 % | Jobs found | Schools found |`,
    `| ${labels.map(() => '---').join(' | ')} | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`,
  ].join('\n');

function grouped(key: (d: Doc) => string, title: string): string {
  const rows = splits.flatMap(([split, label]) => {
    const values = [...new Set(ofSplit(split).map(key))].sort();
    return values.map((v) =>
      row(
        label,
        ofSplit(split).filter((d) => key(d) === v),
        [v],
      ),
    );
  });
  return `${header(['Split', title])}\n${rows.join('\n')}`;
}

const layouts = [...new Set(docs.map((d) => d.entry.layout))].sort();
const layoutStats = layouts.map((layout) => {
  const list = docs.filter((d) => d.entry.layout === layout);
  return { layout, list, f1: total(list, (d) => d.core).f1, split: list[0]?.entry.split ?? 'tune' };
});
const weakest = [...layoutStats].sort((a, b) => a.f1 - b.f1).slice(0, 8);
const noEntries = layoutStats.filter(({ list }) => list.some((d) => d.jobs.expected && !d.jobs.found));

function timing(label: string, list: readonly Doc[]): string {
  const medians = list.filter((d) => d.outcome.warmMs.length > 0).map((d) => median(d.outcome.warmMs));
  if (medians.length === 0) return `| ${label} | 0 | – | – | – |`;
  return `| ${label} | ${medians.length} | ${percentile(medians, 50)} | ${percentile(medians, 95)} | ${round(Math.max(...medians))} |`;
}
const scans = docs.filter((d) => d.entry.source === 'scan' && !d.outcome.error);
const ocrPerPage = scans.map((d) => d.outcome.firstMs / Math.max(1, d.entry.pages));
const failures = docs.filter((d) => d.outcome.error);
const formats = [...new Set(docs.map((d) => d.entry.format))].sort();

const report = `# Resume import accuracy on documents made by other tools

Generated by \`node tests/load/import-external-bench.ts\` (part of \`npm run bench\`) on ${new Date().toISOString()}, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}; load average before the run ${loadBefore.map((l) => l.toFixed(2)).join(' / ')}; ${elapsedS} s in all.${partial ? `\n\n**Partial run** (${process.argv.slice(2).join(' ')}): not the whole corpus.` : ''}

The corpus (tests/fixtures/import/external, built by its generate.ts): ${docs.length} documents, ${layouts.length} layouts, from
${[...new Set(docs.map((d) => d.entry.source))].map((s) => `${s} ${docs.filter((d) => d.entry.source === s).length}`).join(', ')}.
Truths are the source resumes cut to what each document prints (as poppler or LibreOffice read it). Split by
layout: the parser was tuned on ${ofSplit('tune').length} documents of ${new Set(ofSplit('tune').map((d) => d.entry.layout)).size} layouts; ${ofSplit('held-out').length} documents of
${new Set(ofSplit('held-out').map((d) => d.entry.layout)).size} layouts are held out (never looked at value by value).

Core fields: name, e-mail, phone, location, website; company, position and dates per job; school, degree, field
and dates per school; each skill. "All fields" adds job title, summary, descriptions, "current", projects,
certifications, languages, awards and volunteering. "Jobs found": documents whose truth has jobs where the
import found at least one.

## Overall

${header(['Split'])}
${splits.map(([split, label]) => row(label, ofSplit(split))).join('\n')}
${row('**All**', docs)}

Documents refused or crashed: ${failures.length === 0 ? 'none' : failures.map((d) => `${d.name} (${d.outcome.error})`).join('; ')}.

## By source

${grouped((d) => d.entry.source, 'Source')}

## By format

${grouped((d) => d.entry.format, 'Format')}

## By language

${grouped((d) => d.entry.language, 'Language')}

## By layout

${header(['Split', 'Layout', 'Source'])}
${layoutStats.map(({ layout, list, split }) => row(split === 'tune' ? 'Tuned on' : 'Held out', list, [layout, list[0]?.entry.source ?? ''])).join('\n')}

Weakest layouts (core F1): ${weakest.map((l) => `${l.layout} ${pct(l.f1)}`).join(', ')}.
Layouts with a document whose jobs were not found: ${noEntries.length === 0 ? 'none' : noEntries.map((l) => l.layout).join(', ')}.

## Per field

${splits.map(([split, label]) => `### ${label}\n\n${score.fieldTable(score.addFieldCounts(ofSplit(split).map((d) => d.fields)))}`).join('\n\n')}

## Parse time (ms, warm)

Median of ${WARM_RUNS} warm parses per document; p50/p95/max over documents. Scans are parsed once (below).

| Set | Docs | p50 | p95 | max |
| --- | ---: | ---: | ---: | ---: |
${formats
  .map((f) =>
    timing(
      `${f}`,
      docs.filter((d) => d.entry.format === f && d.entry.source !== 'scan'),
    ),
  )
  .join('\n')}
${timing(
  'Two-page PDFs',
  docs.filter((d) => d.entry.format === 'pdf' && d.entry.pages === 2 && d.entry.source !== 'scan'),
)}

OCR (scans, one parse each, whole import including OCR): ${scans.length === 0 ? 'no scan parsed' : `${scans.length} documents, p50 ${percentile(ocrPerPage, 50)} ms per page, p95 ${percentile(ocrPerPage, 95)}, max ${round(Math.max(...ocrPerPage))}`}.

## Per document

| Document | Split | Core F1 % | All F1 % | TP | FP | FN | ms | Error |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |
${docs
  .map((d) => {
    const all = score.totalOf(d.fields);
    const ms = d.outcome.warmMs.length > 0 ? median(d.outcome.warmMs) : d.outcome.firstMs;
    return `| ${d.name} | ${d.entry.split} | ${pct(score.rates(score.totalOf(d.core)).f1)} | ${pct(score.rates(all).f1)} | ${all.tp} | ${all.fp} | ${all.fn} | ${ms} | ${d.outcome.error ?? ''} |`;
  })
  .join('\n')}
`;

const summary = Object.fromEntries(
  splits.map(([split]) => {
    const list = ofSplit(split);
    return [
      split,
      { docs: list.length, core: total(list, (d) => d.core), all: total(list, (d) => d.fields) },
    ];
  }),
);
console.log(`\n${report.slice(report.indexOf('## Overall'), report.indexOf('## By source'))}`);
if (!partial) {
  mkdirSync(resolve(outFile, '..'), { recursive: true });
  writeFileSync(outFile, report);
  writeFileSync(outFile.replace(/\.md$/, '.json'), `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`wrote ${outFile}`);
}
process.exit(0);
