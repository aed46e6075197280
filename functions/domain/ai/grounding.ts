import type { JobAnalysis } from '#shared/ai';
import {
  findTerms,
  formNamed,
  isRoleNoun,
  normalise,
  resumeFactText,
  stopwords,
  TextIndex,
  type Token,
  tokenize,
} from '#shared/match-text';
import type { ResumeContent } from '#shared/resume';
import { tailoringTarget } from '#shared/tailoring';

export { looksLikeInstruction } from '#shared/match-text';

import { knownNamesIn } from './known-names.ts';
import { type ResumeClaims, resumeClaims, strongerClaims } from './ownership.ts';
import type { TailoringDraft } from './provider.ts';

/**
 * The grounding filter: whatever a provider proposes, a suggestion or change that adds a fact the resume does
 * not hold (an employer or school, a job title, a date, a degree, a number, a skill, a keyword the job
 * wants and the resume lacks, or a stronger claim of ownership than the resume makes) is dropped, with the
 * facts it would have added. Compared with the whole
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

/** Digits of any script as ASCII: NFKC first ("４５" → "45"), then each decimal digit by its value ("٤٥" → "45"). */
export function readableText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range, which needs no normalising
  if (/^[\u0000-\u007f]*$/.test(text)) return text;
  return text.normalize('NFKC').replace(/\p{Nd}/gu, (digit) => String(digitValue(digit)));
}

/** A decimal digit's value: Unicode lays each script's digits out as a run from 0 to 9. */
function digitValue(digit: string): number {
  if (digit <= '9') return Number(digit);
  const code = digit.codePointAt(0) as number;
  let zero = code;
  while (/\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
  return (code - zero) % 10;
}

// Number words of English and Portuguese (normalised: "três" → "tres"). "one", "um" and "uma" are articles
// and pronouns too: a number only before a scale ("one hundred", "um milhão").
const ADDITIVE: Record<string, number> = {
  one: 1,
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
  dozen: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  um: 1,
  uma: 1,
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
  duzia: 12,
  treze: 13,
  catorze: 14,
  quatorze: 14,
  quinze: 15,
  dezesseis: 16,
  dezasseis: 16,
  dezessete: 17,
  dezassete: 17,
  dezoito: 18,
  dezenove: 19,
  dezanove: 19,
  vinte: 20,
  trinta: 30,
  quarenta: 40,
  cinquenta: 50,
  sessenta: 60,
  setenta: 70,
  oitenta: 80,
  noventa: 90,
  cem: 100,
  cento: 100,
  duzentos: 200,
  duzentas: 200,
  trezentos: 300,
  trezentas: 300,
  quatrocentos: 400,
  quatrocentas: 400,
  quinhentos: 500,
  quinhentas: 500,
  seiscentos: 600,
  seiscentas: 600,
  setecentos: 700,
  setecentas: 700,
  oitocentos: 800,
  oitocentas: 800,
  novecentos: 900,
  novecentas: 900,
};
/** Scales, after digits ("12 mil", "1.5 million", "50K") or number words ("two million"). */
const SCALE: Record<string, number> = {
  hundred: 100,
  thousand: 1e3,
  million: 1e6,
  billion: 1e9,
  mil: 1e3,
  milhao: 1e6,
  milhoes: 1e6,
  bilhao: 1e9,
  bilhoes: 1e9,
  k: 1e3,
  m: 1e6,
  mm: 1e6,
  mi: 1e6,
  b: 1e9,
  bn: 1e9,
  bi: 1e9,
};
const ARTICLE_NUMBERS = new Set(['one', 'um', 'uma']);

/** "3,000", "3.000" and "3000" are one number, "3,5" and "3.5" another; leading zeros kept ("05" is a month). */
const numberKey = (digits: string) => digits.replace(/[.,](?=\d{3}\b)/g, '').replace(',', '.');
/** A scaled number's key: "12 mil", "12K" and "twelve thousand" are "12000". */
const scaledKey = (value: number) => String(Math.round(value * 1000) / 1000);

// Digits, with a currency before and a percent, scale or multiplier after; not inside a word ("S3", "EC2").
const DIGITS =
  /(?<![\p{L}\d.,])[$€£]?\s?(\d+(?:[.,]\d+)*)(?:\s?(%|[x×](?![\p{L}\d])|(?:k|m|mm|mi|b|bn|bi|mil|thousand|million|billion|hundred|milh(?:ão|ões|ao|oes)|bilh(?:ão|ões|ao|oes))\b))?/giu;
// A multiplier before its digits: "x10", "×3".
const MULTIPLIER_BEFORE = /(?<![\p{L}\d])[x×]\s?(\d+(?:[.,]\d+)?)(?![\p{L}\d])/giu;

/** The numbers a text states, by key, each with how it is written. */
function numbersIn(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of text.matchAll(DIGITS)) {
    const digits = match[1] as string;
    const scale = SCALE[normalise(match[2] ?? '')];
    const key = scale ? scaledKey(Number(numberKey(digits)) * scale) : numberKey(digits);
    found.set(key, match[0].trim());
  }
  for (const match of text.matchAll(MULTIPLIER_BEFORE)) found.set(numberKey(match[1] as string), match[0]);
  for (const [key, written] of numberWordsIn(text)) found.set(key, written);
  return found;
}

/** Runs of number words ("twenty-five", "cento e vinte", "two million") and their values. */
function numberWordsIn(text: string): Map<string, string> {
  const found = new Map<string, string>();
  const tokens = tokenize(text);
  const isNumberWord = (t: Token) =>
    ADDITIVE[t.norm] !== undefined || (SCALE[t.norm] !== undefined && t.norm.length > 2);
  let i = 0;
  while (i < tokens.length) {
    const first = tokens[i] as Token;
    // A scale right after digits belongs to them ("12 mil"): read with the digits.
    const previous = tokens[i - 1]?.norm ?? '';
    const afterDigits = /^\d/.test(previous) && SCALE[first.norm] !== undefined;
    // "por cento" is percent, not a hundred.
    const percent = previous === 'por' && first.norm === 'cento';
    if (!isNumberWord(first) || afterDigits || percent) {
      i++;
      continue;
    }
    const joinsOn = (t: Token | undefined) =>
      t !== undefined && (SCALE[t.norm] !== undefined || (ADDITIVE[t.norm] ?? 0) >= 20);
    // "twenty-five", "two million", "one hundred and twenty", "cento e vinte": one number.
    const next = (k: number) => {
      const token = tokens[k];
      return (
        token && isNumberWord(token) && /^[\s-]*$/.test(text.slice((tokens[k - 1] as Token).end, token.start))
      );
    };
    let end = i + 1;
    while (end < tokens.length) {
      if (next(end)) end++;
      // "and"/"e" joins after tens, hundreds and scales only: "two and three" are two numbers.
      else if (/^(?:and|e)$/.test((tokens[end] as Token).norm) && joinsOn(tokens[end - 1]) && next(end + 1))
        end += 2;
      else break;
    }
    const run = tokens.slice(i, end).filter((t) => isNumberWord(t));
    let total = 0;
    let current = 0;
    for (const t of run) {
      const scale = SCALE[t.norm];
      if (scale === undefined) current += ADDITIVE[t.norm] as number;
      else if (scale === 100) current = (current || 1) * 100;
      else {
        total += (current || 1) * scale;
        current = 0;
      }
    }
    const value = total + current;
    if (!(run.length === 1 && ARTICLE_NUMBERS.has(first.norm)))
      found.set(scaledKey(value), text.slice(first.start, (run.at(-1) as Token).end));
    i = end;
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
  /** How much the resume claims to have done, sentence by sentence (`ownership.ts`). */
  claims: ResumeClaims;
}

/** What the resume states, indexed once to check many drafts against. */
export function resumeFacts(resume: ResumeContent): ResumeFacts {
  // An injected instruction ("add Kubernetes to the skills") is no fact the resume states.
  const text = readableText(resumeFactText(resume));
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
    claims: resumeClaims(resume),
  };
}

/** Whether a token starts a sentence or a line (a capital there says nothing about a name). */
function startsSentence(text: string, token: Token, previous: Token | undefined): boolean {
  const before = text.slice(previous ? previous.end : 0, token.start);
  return previous === undefined || /[.!?:;\n•·-]\s*$|^\s*[\n]/.test(before) || /\n/.test(before);
}

// Right after these words a word names an employer, even in lower case ("formerly at initech").
const EMPLOYER_CUE =
  /(?:\b(?:formerly|previously|worked|working|employed|interned|interning)\s+(?:at|for|by)\s+|\b(?:passagem|passou)\s+(?:pela|pelo)\s+|\banteriormente\s+(?:na|no|em)\s+)$/i;
// Words that follow such a cue without naming anyone ("worked at scale").
const NOT_AN_EMPLOYER = new Set(
  'scale speed pace home night length least most once first large remote remotely full part random ease hand risk heart'.split(
    ' ',
  ),
);

/** Whether a word right after an employment cue names an employer (plurals and function words do not). */
function afterEmployerCue(text: string, token: Token): boolean {
  if (!EMPLOYER_CUE.test(text.slice(Math.max(0, token.start - 40), token.start))) return false;
  return (
    token.norm.length > 1 &&
    !/^\d/.test(token.norm) &&
    !token.norm.endsWith('s') &&
    !stopwords.has(token.norm) &&
    !NOT_AN_EMPLOYER.has(token.norm)
  );
}

/** The facts `text` states that the resume does not: an empty list when it is grounded. */
export function newFacts(facts: ResumeFacts, written: string, analysis?: JobAnalysis): string[] {
  const found = new Set<string>();
  // Digits of any script, full-width letters: read as what they say ("４５%" is 45%, "Ｇｏｏｇｌｅ" Google).
  const text = readableText(written);
  for (const [key, number] of numbersIn(text)) if (!facts.numbers.has(key)) found.add(`number: ${number}`);

  const tokens = tokenize(text);
  // A known employer or school, in any case and anywhere ("google", "Google engineer who…").
  const named = new Set<number>();
  for (const hit of knownNamesIn(tokens)) {
    for (let i = hit.from; i < hit.to; i++) named.add(i);
    if (hit.norms.every((norm) => facts.norms.has(norm))) continue;
    const first = tokens[hit.from] as Token;
    found.add(`name: ${text.slice(first.start, (tokens[hit.to - 1] as Token).end)}`);
  }
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
    if (known || named.has(i) || token.norm.length < 2 || /^\d/.test(token.norm)) continue;
    // Singular only: "partnered with designers" names colleagues, not a title.
    if (isRoleNoun(token.norm, false) && !AMBIGUOUS_ROLE.has(token.norm)) {
      found.add(`title: ${token.raw}`);
      continue;
    }
    // A capitalised word inside a sentence, an acronym anywhere, or any word after "worked at": a name the
    // resume never gave.
    const capitalised = /^\p{Lu}/u.test(token.raw);
    const acronym = /^\p{Lu}[\p{Lu}\d&.]+$/u.test(token.raw) && token.raw.length > 1;
    if (
      acronym ||
      (capitalised && !startsSentence(text, token, tokens[i - 1])) ||
      afterEmployerCue(text, token)
    )
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
  // "Worked on X" is not "Delivered X": a stronger claim of ownership than the resume makes is a new fact.
  for (const claim of strongerClaims(facts.claims, text)) found.add(claim);
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
