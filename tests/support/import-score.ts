import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  type DegreeChoice,
  degreeChoices,
  type FieldChoice,
  fieldChoices,
  listFields,
  type ResumeContent,
  resumeContentSchema,
} from '#shared/resume';

/**
 * How close an imported resume is to what the document really says: field-level precision, recall and F1.
 *
 * Each scored field of each item counts once: TP when prediction and truth are both non-empty and agree,
 * FP when the prediction is non-empty and the truth is empty or different, FN when the truth is non-empty
 * and the prediction is empty or different (a wrong value is both an FP and an FN). List items are paired
 * predicted↔truth greedily by similarity (company + position for experience, school + degree for education);
 * an unpaired item counts all its non-empty fields as FP (predicted) or FN (truth). Skills, links and the
 * extra sections are scored as sets of names. Extras (projects, certifications, languages, awards,
 * volunteering) are scored only when the truth has them. Counts add up micro-averaged over fields and
 * documents.
 */

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

/** Counts keyed by field path: `personalInfo.email`, `experience.company`, `skills.name`… */
export type FieldCounts = Record<string, Counts>;

export interface Rates {
  precision: number;
  recall: number;
  f1: number;
}

/** The fields scored, in report order. */
export const scoredFields = [
  'personalInfo.firstName',
  'personalInfo.lastName',
  'personalInfo.email',
  'personalInfo.phone',
  'personalInfo.city',
  'personalInfo.jobTitle',
  'personalInfo.summary',
  'links.url',
  'experience.company',
  'experience.position',
  'experience.startDate',
  'experience.endDate',
  'experience.current',
  'experience.description',
  'education.school',
  'education.degree',
  'education.field',
  'education.startDate',
  'education.endDate',
  'skills.name',
  'projects.name',
  'certifications.name',
  'languages.language',
  'awards.title',
  'volunteering.organization',
] as const;
export type ScoredField = (typeof scoredFields)[number];

/**
 * The fields issue 20 measured the parser by ("core"): name, e-mail, phone, location, website; company,
 * position and dates per job; school, degree, field and dates per school; each skill.
 */
export const coreFields = [
  'personalInfo.firstName',
  'personalInfo.lastName',
  'personalInfo.email',
  'personalInfo.phone',
  'personalInfo.city',
  'links.url',
  'experience.company',
  'experience.position',
  'experience.startDate',
  'experience.endDate',
  'education.school',
  'education.degree',
  'education.field',
  'education.startDate',
  'education.endDate',
  'skills.name',
] as const satisfies readonly ScoredField[];

/** Only the core fields' counts. */
export function coreOf(fields: FieldCounts): FieldCounts {
  return Object.fromEntries(
    Object.entries(fields).filter(([f]) => (coreFields as readonly string[]).includes(f)),
  );
}

/** Summaries and descriptions count as found when this share of their words agree (Dice over tokens). */
export const TEXT_OVERLAP = 0.9;

// ---------------------------------------------------------------------------------------------------------
// Normalising and comparing values.

/** Lower case, accents and punctuation dropped, whitespace collapsed: "São Paulo, SP" → "sao paulo sp". */
export function normalizeText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[‐‑‒–—―]/g, '-')
    .replace(/[^\p{L}\p{N}+#]+/gu, ' ')
    .trim();
}

const tokens = (value: string) => normalizeText(value).split(' ').filter(Boolean);

/** Dice coefficient of two token multisets: 1 for the same words, 0 for none in common. */
export function tokenOverlap(a: string, b: string): number {
  const left = tokens(a);
  const right = tokens(b);
  if (left.length === 0 && right.length === 0) return 1;
  if (left.length === 0 || right.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const t of left) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of right) {
    const n = counts.get(t) ?? 0;
    if (n > 0) {
      common++;
      counts.set(t, n - 1);
    }
  }
  return (2 * common) / (left.length + right.length);
}

/** A URL without scheme, `www.`, `mailto:`, trailing slash and case: `https://www.x.com/in/a/` → `x.com/in/a`. */
export function normalizeUrl(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/^(https?:\/\/|mailto:)/, '')
    .replace(/^www\./, '')
    .replace(/[/#?]+$/, '');
}

const digits = (value: string) => value.replace(/\D+/g, '');

/** Same number: the same digits, or one ends with the other (a country code or trunk prefix more). */
function samePhone(a: string, b: string): boolean {
  const x = digits(a);
  const y = digits(b);
  if (x === y) return true;
  return Math.min(x.length, y.length) >= 8 && (x.endsWith(y) || y.endsWith(x));
}

/** Same city: the same text, or the same place before the first comma ("Austin, TX" ~ "Austin, Texas"). */
function sameCity(a: string, b: string): boolean {
  const first = (v: string) => normalizeText(v.split(',')[0] ?? '');
  return normalizeText(a) === normalizeText(b) || first(a) === first(b);
}

/** Same month; a truth known only by its year matches any month of that year. */
function sameDate(predicted: string, truth: string): boolean {
  const p = predicted.trim();
  const t = truth.trim();
  return p === t || (/^\d{4}$/.test(t) && p.startsWith(t));
}

const degreePatterns: [DegreeChoice, RegExp][] = [
  ['phd', /\b(ph ?d|doctor(ate)? of philosophy|doutorado|doutor)\b/],
  ['md', /\b(m ?d|doctor of medicine)\b/],
  ['jd', /\b(j ?d|juris doctor)\b/],
  ['master', /\b(master|masters|m ?sc?|m ?a|mba|m ?eng|mestrado|mestre|pos graduacao|especializacao|mba)\b/],
  [
    'bachelor',
    /\b(bachelor|bachelors|b ?sc?|b ?a|bsn|bfa|b ?eng|bacharelado|bacharel|licenciatura|graduacao)\b/,
  ],
  ['associate', /\b(associate|a ?a|a ?s|tecnologo|tecnologia em)\b/],
  ['certificate', /\b(certificate|certificado|certificacao)\b/],
  ['diploma', /\b(diploma|high school|ensino medio|tecnico)\b/],
];

/** The degree choice a value names: a choice id as stored, or the words a document uses ("B.S.", "Mestrado"). */
export function degreeChoiceOf(value: string): DegreeChoice | null {
  if ((degreeChoices as readonly string[]).includes(value)) return value as DegreeChoice;
  const text = normalizeText(value);
  return degreePatterns.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

const fieldPatterns: [FieldChoice, RegExp][] = [
  [
    'computerInformationSciences',
    /\b(computer|computing|software|information|computacao|informatica|sistemas de informacao)/,
  ],
  ['engineering', /\b(engineering|engenharia)/],
  [
    'businessManagement',
    /\b(business|management|administration|finance|marketing|administracao|negocios|financas)/,
  ],
  ['healthProfessions', /\b(nursing|health|medicine|enfermagem|saude|medicina)/],
  ['mathematicsStatistics', /\b(mathematics|statistics|matematica|estatistica)/],
  ['education', /\b(education|pedagogy|educacao|pedagogia)/],
  ['socialSciences', /\b(economics|psychology|sociology|law|direito|economia|psicologia|sociologia)/],
  ['artsHumanities', /\b(arts|design|history|literature|letras|artes|historia|filosofia)/],
  ['naturalResourcesConservation', /\b(environment|conservation|forestry|ambiental|florestal)/],
];

/** The field-of-study choice a value names: a choice id as stored, or a guess from its words. */
export function fieldChoiceOf(value: string): FieldChoice | null {
  if ((fieldChoices as readonly string[]).includes(value)) return value as FieldChoice;
  const text = normalizeText(value);
  return fieldPatterns.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

/**
 * Degrees agree when their words do or when they name the same choice; so do fields, but a free-text
 * field only matches a choice id (both free text must agree in words: "Nursing" is not "Medicine").
 */
function sameDegree(predicted: string, truth: string): boolean {
  if (normalizeText(predicted) === normalizeText(truth)) return true;
  const p = degreeChoiceOf(predicted);
  return p !== null && p === degreeChoiceOf(truth);
}

function sameField(predicted: string, truth: string): boolean {
  if (normalizeText(predicted) === normalizeText(truth)) return true;
  const isChoice = (v: string) => (fieldChoices as readonly string[]).includes(v);
  if (!isChoice(predicted) && !isChoice(truth)) return false;
  const p = fieldChoiceOf(predicted);
  return p !== null && p === fieldChoiceOf(truth);
}

const sameText = (a: string, b: string) => normalizeText(a) === normalizeText(b);
const sameLongText = (a: string, b: string) => tokenOverlap(a, b) >= TEXT_OVERLAP;

// ---------------------------------------------------------------------------------------------------------
// Counting.

const empty = (): Counts => ({ tp: 0, fp: 0, fn: 0 });

/** One value the import got wrong or missed, for reading why a document scores as it does. */
export interface Miss {
  field: string;
  predicted: string;
  truth: string;
}

class Tally {
  readonly fields: FieldCounts = {};
  readonly misses: Miss[] = [];

  private at(field: string): Counts {
    this.fields[field] ??= empty();
    return this.fields[field];
  }

  /** One value: both present and equal is a TP; otherwise each present side is an FP or an FN. */
  value(field: string, predicted: string, truth: string, same: (p: string, t: string) => boolean) {
    const counts = this.at(field);
    const p = predicted.trim() !== '';
    const t = truth.trim() !== '';
    if (p && t && same(predicted, truth)) counts.tp++;
    else {
      if (p) counts.fp++;
      if (t) counts.fn++;
      if (p || t) this.misses.push({ field, predicted, truth });
    }
  }

  flag(field: string, predicted: boolean, truth: boolean) {
    this.value(field, predicted ? 'yes' : '', truth ? 'yes' : '', () => true);
  }

  /** A set of values: each predicted value found in the truth is a TP, each other one an FP; the rest FN. */
  set(field: string, predicted: string[], truth: string[], key: (v: string) => string) {
    const counts = this.at(field);
    const want = new Set(truth.map(key).filter(Boolean));
    const seen = new Set<string>();
    for (const k of predicted.map(key).filter(Boolean)) {
      if (seen.has(k)) continue;
      seen.add(k);
      if (want.has(k)) counts.tp++;
      else {
        counts.fp++;
        this.misses.push({ field, predicted: k, truth: '' });
      }
    }
    for (const k of want) {
      if (seen.has(k)) continue;
      counts.fn++;
      this.misses.push({ field, predicted: '', truth: k });
    }
  }
}

/** Pairs of (predicted, truth) items, best similarity first; items left over are paired with undefined. */
export function alignItems<T>(
  predicted: readonly T[],
  truth: readonly T[],
  similarity: (p: T, t: T) => number,
): [T | undefined, T | undefined][] {
  const candidates: { i: number; j: number; score: number }[] = [];
  predicted.forEach((p, i) => {
    truth.forEach((t, j) => {
      const score = similarity(p, t);
      if (score > 0) candidates.push({ i, j, score });
    });
  });
  candidates.sort((a, b) => b.score - a.score || a.i - b.i || a.j - b.j);
  const usedP = new Set<number>();
  const usedT = new Set<number>();
  const pairs: [T | undefined, T | undefined][] = [];
  for (const { i, j } of candidates) {
    if (usedP.has(i) || usedT.has(j)) continue;
    usedP.add(i);
    usedT.add(j);
    pairs.push([predicted[i], truth[j]]);
  }
  predicted.forEach((p, i) => {
    if (!usedP.has(i)) pairs.push([p, undefined]);
  });
  truth.forEach((t, j) => {
    if (!usedT.has(j)) pairs.push([undefined, t]);
  });
  return pairs;
}

const dateBonus = (a: string, b: string) => (a !== '' && a === b ? 0.5 : 0);

/** Field-level counts of one imported resume against its truth. */
export function scoreResume(predicted: ResumeContent, truth: ResumeContent): FieldCounts {
  return tallyResume(predicted, truth).fields;
}

/** The values an import got wrong or missed (each wrong value once, with what the truth has). */
export function explainResume(predicted: ResumeContent, truth: ResumeContent): Miss[] {
  return tallyResume(predicted, truth).misses;
}

function tallyResume(predicted: ResumeContent, truth: ResumeContent): Tally {
  const tally = new Tally();
  const p = predicted.personalInfo;
  const t = truth.personalInfo;
  tally.value('personalInfo.firstName', p.firstName, t.firstName, sameText);
  tally.value('personalInfo.lastName', p.lastName, t.lastName, sameText);
  tally.value(
    'personalInfo.email',
    p.email,
    t.email,
    (a, b) => a.trim().toLowerCase() === b.trim().toLowerCase(),
  );
  tally.value('personalInfo.phone', digits(p.phone), digits(t.phone), samePhone);
  tally.value('personalInfo.city', p.city, t.city, sameCity);
  tally.value('personalInfo.jobTitle', p.jobTitle, t.jobTitle, sameText);
  tally.value('personalInfo.summary', p.summary, t.summary, sameLongText);
  tally.set(
    'links.url',
    predicted.links.map((l) => l.url),
    truth.links.map((l) => l.url),
    normalizeUrl,
  );

  const experience = alignItems(
    predicted.experience,
    truth.experience,
    (a, b) =>
      tokenOverlap(a.company, b.company) +
      tokenOverlap(a.position, b.position) +
      dateBonus(a.startDate, b.startDate),
  );
  for (const [a, b] of experience) {
    tally.value('experience.company', a?.company ?? '', b?.company ?? '', sameText);
    tally.value('experience.position', a?.position ?? '', b?.position ?? '', sameText);
    tally.value('experience.startDate', a?.startDate ?? '', b?.startDate ?? '', sameDate);
    tally.value('experience.endDate', a?.endDate ?? '', b?.endDate ?? '', sameDate);
    tally.flag('experience.current', a?.current ?? false, b?.current ?? false);
    tally.value('experience.description', a?.description ?? '', b?.description ?? '', sameLongText);
  }

  const education = alignItems(
    predicted.education,
    truth.education,
    (a, b) =>
      tokenOverlap(a.school, b.school) +
      (sameDegree(a.degree, b.degree) ? 0.5 : 0) +
      dateBonus(a.endDate, b.endDate),
  );
  for (const [a, b] of education) {
    tally.value('education.school', a?.school ?? '', b?.school ?? '', sameText);
    tally.value('education.degree', a?.degree ?? '', b?.degree ?? '', sameDegree);
    tally.value('education.field', a?.field ?? '', b?.field ?? '', sameField);
    tally.value('education.startDate', a?.startDate ?? '', b?.startDate ?? '', sameDate);
    tally.value('education.endDate', a?.endDate ?? '', b?.endDate ?? '', sameDate);
  }

  tally.set(
    'skills.name',
    predicted.skills.map((s) => s.name),
    truth.skills.map((s) => s.name),
    normalizeText,
  );

  const extras = [
    ['projects.name', predicted.projects.map((x) => x.name), truth.projects.map((x) => x.name)],
    [
      'certifications.name',
      predicted.certifications.map((x) => x.name),
      truth.certifications.map((x) => x.name),
    ],
    [
      'languages.language',
      predicted.languages.map((x) => x.language),
      truth.languages.map((x) => x.language),
    ],
    ['awards.title', predicted.awards.map((x) => x.title), truth.awards.map((x) => x.title)],
    [
      'volunteering.organization',
      predicted.volunteering.map((x) => x.organization),
      truth.volunteering.map((x) => x.organization),
    ],
  ] as const;
  for (const [field, got, want] of extras) {
    if (want.length > 0) tally.set(field, [...got], [...want], normalizeText);
  }
  return tally;
}

// ---------------------------------------------------------------------------------------------------------
// Adding up and reporting.

/** Precision, recall and F1 of some counts (0 where nothing was predicted or nothing was there to find). */
export function rates({ tp, fp, fn }: Counts): Rates {
  const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

/** Field counts added up over documents. */
export function addFieldCounts(all: readonly FieldCounts[]): FieldCounts {
  const sum: FieldCounts = {};
  for (const fields of all) {
    for (const [field, c] of Object.entries(fields)) {
      sum[field] ??= empty();
      sum[field].tp += c.tp;
      sum[field].fp += c.fp;
      sum[field].fn += c.fn;
    }
  }
  return sum;
}

/** All fields' counts as one (micro average). */
export function totalOf(fields: FieldCounts): Counts {
  const total = empty();
  for (const c of Object.values(fields)) {
    total.tp += c.tp;
    total.fp += c.fp;
    total.fn += c.fn;
  }
  return total;
}

/** One scored document, with the groups it is reported under (format, language, layout, source…). */
export interface ScoredDocument {
  name: string;
  groups: Record<string, string>;
  fields: FieldCounts;
}

/** Micro-averaged counts per value of one group (e.g. per format), in first-seen order. */
export function groupTotals(documents: readonly ScoredDocument[], group: string): Map<string, Counts> {
  const byValue = new Map<string, FieldCounts[]>();
  for (const doc of documents) {
    const value = doc.groups[group] ?? '';
    byValue.set(value, [...(byValue.get(value) ?? []), doc.fields]);
  }
  return new Map([...byValue].map(([value, fields]) => [value, totalOf(addFieldCounts(fields))]));
}

/** A truth file (ResumeContent-shaped JSON, only what the document shows) as a full ResumeContent. */
export function truthContent(raw: Record<string, unknown>): ResumeContent {
  const withIds: Record<string, unknown> = { ...raw };
  for (const list of listFields) {
    const items = raw[list];
    if (Array.isArray(items)) {
      withIds[list] = items.map((item: Record<string, unknown>, i) => ({ id: `${list}-${i + 1}`, ...item }));
    }
  }
  return resumeContentSchema.parse(withIds);
}

/** What a rendered resume shows: hidden sections emptied, so a round-trip is not blamed for missing them. */
export function visibleContent(resume: ResumeContent): ResumeContent {
  const hidden = new Set<string>(resume.hiddenSections);
  const visible = structuredClone(resume);
  for (const list of listFields) {
    if (list === 'customSections') continue;
    if (hidden.has(list)) visible[list] = [];
  }
  if (hidden.has('objectives')) visible.personalInfo.summary = '';
  return visible;
}

const pct = (n: number) => (n * 100).toFixed(1);

/** A Markdown table of P/R/F1 per field (and a total row), with the raw counts. */
export function fieldTable(fields: FieldCounts): string {
  const rows = [
    '| Field | P % | R % | F1 % | TP | FP | FN |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const known = scoredFields.filter((f) => fields[f]);
  const others = Object.keys(fields).filter((f) => !(scoredFields as readonly string[]).includes(f));
  for (const field of [...known, ...others]) {
    const c = fields[field] ?? empty();
    const r = rates(c);
    rows.push(
      `| ${field} | ${pct(r.precision)} | ${pct(r.recall)} | ${pct(r.f1)} | ${c.tp} | ${c.fp} | ${c.fn} |`,
    );
  }
  const total = totalOf(fields);
  const r = rates(total);
  rows.push(
    `| **overall** | ${pct(r.precision)} | ${pct(r.recall)} | ${pct(r.f1)} | ${total.tp} | ${total.fp} | ${total.fn} |`,
  );
  return rows.join('\n');
}

/** A Markdown table of micro-averaged P/R/F1 per value of a group. */
export function groupTable(
  title: string,
  totals: Map<string, Counts>,
  docCounts?: Map<string, number>,
): string {
  const rows = [
    `| ${title} | Docs | P % | R % | F1 % | TP | FP | FN |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const [value, c] of totals) {
    const r = rates(c);
    rows.push(
      `| ${value} | ${docCounts?.get(value) ?? ''} | ${pct(r.precision)} | ${pct(r.recall)} | ${pct(r.f1)} | ${c.tp} | ${c.fp} | ${c.fn} |`,
    );
  }
  return rows.join('\n');
}

// ---------------------------------------------------------------------------------------------------------
// The committed corpus and the own-template round-trips, shared by the benchmark and the regression test.

/** One document of tests/fixtures/import/corpus.json. */
export interface CorpusEntry {
  file: string;
  format: 'pdf' | 'docx' | 'doc' | 'linkedin-zip';
  language: ResumeContent['settings']['language'];
  layout: 'one-column' | 'two-column';
  source: 'handbook' | 'foreign-html' | 'docx' | 'libreoffice' | 'linkedin';
  style: string;
  truth: string;
  pages: number;
}

export const corpusDir = resolve(import.meta.dirname, '../fixtures/import');

/** The corpus's documents with their bytes and truths. */
export function loadCorpus(): (CorpusEntry & { bytes: Uint8Array; expected: ResumeContent })[] {
  const entries = JSON.parse(readFileSync(join(corpusDir, 'corpus.json'), 'utf8')) as CorpusEntry[];
  return entries.map((entry) => ({
    ...entry,
    bytes: new Uint8Array(readFileSync(join(corpusDir, entry.file))),
    expected: truthContent(JSON.parse(readFileSync(join(corpusDir, entry.truth), 'utf8'))),
  }));
}

/** One document of the corpus made by other tools (tests/fixtures/import/external/corpus.json). */
export interface ExternalCorpusEntry {
  file: string;
  format: 'pdf' | 'docx' | 'doc';
  layout: string;
  source: 'jsonresume-theme' | 'texlive' | 'libreoffice' | 'scan';
  resume: string;
  language: ResumeContent['settings']['language'];
  pages: number;
  split: 'tune' | 'held-out';
  truth: string;
  scanOf?: string;
}

export const externalDir = resolve(corpusDir, 'external');

/** The documents made by other tools, with their bytes and truths; `filter` picks some before reading. */
export function loadExternalCorpus(
  filter: (entry: ExternalCorpusEntry) => boolean = () => true,
): (ExternalCorpusEntry & { bytes: Uint8Array; expected: ResumeContent })[] {
  const entries = JSON.parse(readFileSync(join(externalDir, 'corpus.json'), 'utf8')) as ExternalCorpusEntry[];
  return entries.filter(filter).map((entry) => ({
    ...entry,
    bytes: new Uint8Array(readFileSync(join(externalDir, entry.file))),
    expected: truthContent(JSON.parse(readFileSync(join(externalDir, entry.truth), 'utf8'))),
  }));
}

/** Truths of the corpus rendered by our own templates too (one per language). */
export const roundTripTruths = ['maya-chen', 'ana-souza'] as const;

/** The resumes each of our templates renders for the round-trip: the two samples and two corpus truths. */
export function roundTripResumes(
  samples: Record<string, ResumeContent>,
): { name: string; resume: ResumeContent }[] {
  const truths = Object.fromEntries(
    roundTripTruths.map((name) => [
      name,
      truthContent(JSON.parse(readFileSync(join(corpusDir, 'truth', `${name}.json`), 'utf8'))),
    ]),
  );
  return Object.entries({ ...samples, ...truths }).map(([name, resume]) => ({ name, resume }));
}
