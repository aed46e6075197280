import type { JobAnalysis } from '#shared/ai';
import {
  findTerms,
  formNamed,
  isRoleNoun,
  normalise,
  resumeFactText,
  TextIndex,
  type Token,
  tokenize,
} from '#shared/match-text';
import type { ResumeContent } from '#shared/resume';
import { tailoringTarget } from '#shared/tailoring';

export { looksLikeInstruction } from '#shared/match-text';

import type { TailoringDraft } from './provider.ts';

/**
 * The grounding filter: whatever a provider proposes, a suggestion or change that adds a fact the resume does
 * not hold (an employer or school, a job title, a date, a degree, a number, a skill, or a keyword the job
 * wants and the resume lacks) is dropped, with the facts it would have added. Compared with the whole
 * resume's text, normalised (case, accents, stems), not only with the field it rewrites.
 */

export interface Dropped<T> {
  draft: T;
  /** What it would have added, e.g. `skill: Kubernetes`, `number: 45%`. */
  facts: string[];
}
export interface Grounded<T> {
  kept: T[];
  dropped: Dropped<T>[];
}

const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  hundred: 100,
  dois: 2,
  duas: 2,
  tres: 3,
  quatro: 4,
  cinco: 5,
  seis: 6,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
  onze: 11,
  doze: 12,
  quinze: 15,
  vinte: 20,
  trinta: 30,
  quarenta: 40,
  cinquenta: 50,
  cem: 100,
};

/** "3,000", "3.000" and "3000" are one number; a number word counts as its digits. */
const numberKey = (digits: string) => digits.replace(/[.,](?=\d{3}\b)/g, '').replace(',', '.');

function numbersIn(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of text.matchAll(/(?<![\p{L}\d.,])[$€£]?\s?\d+(?:[.,]\d+)*\s?(?:%|k\b|m\b|mil\b)?/giu)) {
    const digits = /\d+(?:[.,]\d+)*/.exec(match[0])?.[0] ?? '';
    found.set(numberKey(digits), match[0].trim());
  }
  for (const token of tokenize(text)) {
    const value = NUMBER_WORDS[token.norm];
    if (value !== undefined) found.set(String(value), token.raw);
  }
  return found;
}

const DEGREE_WORDS =
  /\b(bachelor'?s?|master'?s?|mba|ph\.?\s?d|doctorate|b\.?sc|m\.?sc|associate'?s degree|bacharelado|bacharel|mestrado|mestre|doutorado|doutor|pos[\s-]graduacao|especializacao|licenciatura|tecnologo|graduacao)\b/g;

// Words of a title that are also verbs or adjectives: not a title on their own.
const AMBIGUOUS_ROLE = new Set([
  'lead',
  'head',
  'associate',
  'owner',
  'executive',
  'agent',
  'lider',
  'assistant',
]);

/** What the resume holds, prepared once for checking many drafts. */
const MONTHS: Record<string, number> = {
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  may: 5,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  janeiro: 1,
  fevereiro: 2,
  marco: 3,
  abril: 4,
  maio: 5,
  junho: 6,
  julho: 7,
  agosto: 8,
  setembro: 9,
  outubro: 10,
  novembro: 11,
  dezembro: 12,
};

const PT_MONTHS = new Set(
  'janeiro fevereiro marco abril maio junho julho agosto setembro outubro novembro dezembro'.split(' '),
);

/** The months the resume's dates name ("2021-03" → 3), and any month it writes out. */
function monthsOf(resume: ResumeContent, norms: ReadonlySet<string>): Set<number> {
  const months = new Set<number>();
  const dates = [
    ...resume.experience.flatMap((e) => [e.startDate, e.endDate]),
    ...resume.education.flatMap((e) => [e.startDate, e.endDate]),
    ...resume.projects.flatMap((e) => [e.startDate, e.endDate]),
    ...resume.volunteering.flatMap((e) => [e.startDate, e.endDate]),
    ...resume.certifications.map((c) => c.date),
    ...resume.awards.map((a) => a.date),
  ];
  for (const date of dates) {
    const month = /^\d{4}-(\d{2})/.exec(date ?? '')?.[1];
    if (month) months.add(Number(month));
  }
  for (const norm of norms) if (MONTHS[norm] !== undefined) months.add(MONTHS[norm]);
  return months;
}

export interface ResumeFacts {
  index: TextIndex;
  months: Set<number>;
  norms: Set<string>;
  numbers: Set<string>;
  normText: string;
  titles: TextIndex;
}

/** What the resume states, indexed once to check many drafts against. */
export function resumeFacts(resume: ResumeContent): ResumeFacts {
  // An injected instruction ("add Kubernetes to the skills") is no fact the resume states.
  const text = resumeFactText(resume);
  const index = new TextIndex(text);
  const norms = new Set(index.tokens.map((t) => t.norm));
  return {
    index,
    norms,
    months: monthsOf(resume, norms),
    numbers: new Set(numbersIn(text).keys()),
    normText: normalise(text),
    titles: new TextIndex(
      [resume.personalInfo?.jobTitle ?? '', ...(resume.experience ?? []).map((e) => e.position)].join('\n'),
    ),
  };
}

/** Whether a token starts a sentence or a line (a capital there says nothing about a name). */
function startsSentence(text: string, token: Token, previous: Token | undefined): boolean {
  const before = text.slice(previous ? previous.end : 0, token.start);
  return previous === undefined || /[.!?:;\n•·-]\s*$|^\s*[\n]/.test(before) || /\n/.test(before);
}

/** The facts `text` states that the resume does not: an empty list when it is grounded. */
export function newFacts(facts: ResumeFacts, text: string, analysis?: JobAnalysis): string[] {
  const found = new Set<string>();
  for (const [key, written] of numbersIn(text)) if (!facts.numbers.has(key)) found.add(`number: ${written}`);

  const tokens = tokenize(text);
  // Words of a skill the resume has, in whatever spelling ("Postgres" for "PostgreSQL"), are no new name.
  const ofKnownSkill = new Set<number>();
  for (const hit of findTerms(tokens)) {
    // "product managers" are people (a title, checked below), not the skill "product management".
    if (isRoleNoun((tokens[hit.to - 1] as Token).norm)) continue;
    if (facts.index.hasEntry(hit.form.entry)) {
      for (let i = hit.from; i < hit.to; i++) ofKnownSkill.add(i);
    } else {
      const first = tokens[hit.from] as Token;
      const last = tokens[hit.to - 1] as Token;
      found.add(`skill: ${text.slice(first.start, last.end)}`);
    }
  }

  for (const [i, token] of tokens.entries()) {
    // A month is a date, known only when one of the resume's dates falls in it. English months count when
    // capitalised ("may", "march" are verbs too), Portuguese ones as written (lower case).
    const month = MONTHS[token.norm];
    if (month !== undefined && (/^\p{Lu}/u.test(token.raw) || PT_MONTHS.has(token.norm))) {
      if (!facts.months.has(month)) found.add(`date: ${token.raw}`);
      continue;
    }
    const known = ofKnownSkill.has(i) || facts.norms.has(token.norm) || facts.index.hasStem(token.stem);
    if (known || token.norm.length < 2 || /^\d/.test(token.norm)) continue;
    // Singular only: "partnered with designers" names colleagues, not a title.
    if (isRoleNoun(token.norm, false) && !AMBIGUOUS_ROLE.has(token.norm)) {
      found.add(`title: ${token.raw}`);
      continue;
    }
    // A capitalised word inside a sentence, or an acronym anywhere: a name the resume never gave.
    const capitalised = /^\p{Lu}/u.test(token.raw);
    const acronym = /^\p{Lu}[\p{Lu}\d&.]+$/u.test(token.raw) && token.raw.length > 1;
    if (acronym || (capitalised && !startsSentence(text, token, tokens[i - 1])))
      found.add(`name: ${token.raw}`);
  }

  for (const match of normalise(text).matchAll(DEGREE_WORDS)) {
    const word = match[1] as string;
    if (!facts.normText.includes(word.replace(/'s?$/, ''))) found.add(`degree: ${word}`);
  }

  const own = new TextIndex(text);
  for (const keyword of analysis?.keywords ?? []) {
    if (keyword.kind !== 'other' && keyword.kind !== 'title') continue;
    const stems = tokenize(keyword.keyword).map((t) => t.stem);
    const inText = own.hasStems(stems);
    if (inText && !facts.index.hasStems(stems)) found.add(`keyword: ${keyword.keyword}`);
  }
  return [...found].sort();
}

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
const sameMultiset = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** Structural problems of a change: a target that does not exist, an outdated original, a bad reorder or rename. */
function structuralProblems(resume: ResumeContent, facts: ResumeFacts, draft: TailoringDraft): string[] {
  const current = tailoringTarget(resume, draft);
  if (current === undefined) return [`target: ${draft.section}/${draft.itemId ?? '-'}/${draft.field}`];
  if (current !== draft.original) return ['original: not the resume’s current value'];
  if (draft.suggested.trim() === '' || draft.suggested === draft.original) return ['unchanged'];
  if (draft.field === 'order') {
    const names = lines(draft.suggested);
    return sameMultiset(
      names,
      resume.skills.map((s) => s.name.trim()),
    )
      ? []
      : ['order: not a permutation of the skills'];
  }
  if (draft.field === 'name') {
    const before = formNamed(draft.original);
    const after = formNamed(draft.suggested);
    const same = normalise(draft.original.trim()) === normalise(draft.suggested.trim());
    if (!same && (!before || !after || before.entry !== after.entry))
      return [`skill: ${draft.suggested.trim()} (not a spelling of ${draft.original.trim()})`];
  }
  if (draft.field === 'jobTitle') {
    const title = tokenize(draft.suggested);
    if (!title.every((t) => facts.titles.hasStem(t.stem))) return [`title: ${draft.suggested.trim()}`];
  }
  return [];
}

/** Keep the tailoring drafts that rewrite an existing field and add no fact; drop the others with why. */
export function groundChanges(
  resume: ResumeContent,
  analysis: JobAnalysis,
  drafts: readonly TailoringDraft[],
): Grounded<TailoringDraft> {
  const facts = resumeFacts(resume);
  const result: Grounded<TailoringDraft> = { kept: [], dropped: [] };
  for (const draft of drafts) {
    const problems = structuralProblems(resume, facts, draft);
    const added =
      problems.length > 0 || draft.field === 'order' ? problems : newFacts(facts, draft.suggested, analysis);
    if (added.length === 0) result.kept.push(draft);
    else result.dropped.push({ draft, facts: added });
  }
  return result;
}

/** Keep the suggestions (summaries, experience descriptions) that add no fact to the resume. */
export function groundSuggestions(
  resume: ResumeContent,
  suggestions: readonly string[],
  analysis?: JobAnalysis,
): Grounded<string> {
  const facts = resumeFacts(resume);
  const result: Grounded<string> = { kept: [], dropped: [] };
  for (const suggestion of suggestions) {
    const added = suggestion.trim() === '' ? ['empty'] : newFacts(facts, suggestion, analysis);
    if (added.length === 0) result.kept.push(suggestion);
    else result.dropped.push({ draft: suggestion, facts: added });
  }
  return result;
}
