import {
  HARD_SKILLS,
  ROLE_NOUNS,
  ROLE_SYNONYMS,
  SENIORITY,
  SOFT_SKILLS,
  STOPWORDS,
} from './match-vocabulary.ts';
import type { ResumeContent } from './resume.ts';

/**
 * Text normalisation shared by the match score, the grounding filter and the local AI engine: tokens
 * (lower-cased, accents stripped, stemmed for English and Portuguese), the vocabulary index and the
 * resume's searchable text. Pure code with no Node imports: it runs in the browser too.
 */

export interface Token {
  /** As written. */
  raw: string;
  /** Lower-cased, accents stripped. */
  norm: string;
  stem: string;
  /** Character offsets in the text. */
  start: number;
  end: number;
  /** Only spaces, a hyphen, a slash or an ampersand separate it from the token before ("CI/CD", "front-end"). */
  joined: boolean;
}

/** Lower-case and strip accents ("Gestão" → "gestao"). */
export function normalise(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range, which needs no decomposition
  if (/^[\u0000-\u007f]*$/.test(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

// Longest first; a suffix is stripped only when at least three characters stay.
const SUFFIXES = [
  'izations',
  'amentos',
  'imentos',
  'izacoes',
  'ization',
  'ational',
  'amento',
  'imento',
  'izacao',
  'nesses',
  'adores',
  'edores',
  'idores',
  'ancias',
  'encias',
  'idades',
  'ations',
  'ators',
  'ation',
  'acoes',
  'icoes',
  'ments',
  'ships',
  'ities',
  'ating',
  'ancia',
  'encia',
  'idade',
  'ator',
  'ated',
  'ates',
  'ment',
  'ship',
  'ness',
  'ings',
  'acao',
  'icao',
  'coes',
  'ador',
  'edor',
  'idor',
  'ados',
  'adas',
  'idos',
  'idas',
  'ando',
  'endo',
  'indo',
  'ity',
  'ing',
  'ate',
  'ers',
  'ies',
  'ied',
  'cao',
  'ado',
  'ada',
  'ido',
  'ida',
  'er',
  'ed',
  'es',
  'ly',
  'ar',
  'ir',
  'os',
  'as',
  's',
  'o',
  'a',
  'e',
] as const;
const SECOND_PASS = new Set(['ness', 'nesses', 'ly']);

function stripSuffix(word: string): [string, string] {
  for (const suffix of SUFFIXES) {
    if (!word.endsWith(suffix) || word.length - suffix.length < 3) continue;
    const rest = word.slice(0, -suffix.length);
    // "process", "analysis", "status": a final s after s, i or u is not a plural.
    if (suffix === 's' && /[siu]$/.test(rest)) continue;
    return [rest, suffix];
  }
  return [word, ''];
}

/** A light stemmer for English and Portuguese: manage, managed, management → manag; gerenciar, gerenciamento → gerenci. */
export function stem(norm: string): string {
  if (norm.length < 5 || !/^[a-z]+$/.test(norm)) return norm;
  let [word, suffix] = stripSuffix(norm);
  if (SECOND_PASS.has(suffix) && word.length >= 5) [word] = stripSuffix(word);
  if (word.length > 4 && /[aeo]$/.test(word)) word = word.slice(0, -1);
  return word;
}

// A word's normal form and stem, by its lower-cased spelling: texts repeat their words, and normalising and
// stemming are most of the cost of reading one. Bounded, so a stream of unique words cannot grow it forever.
const wordCache = new Map<string, { norm: string; stem: string }>();
function readWord(lower: string): { norm: string; stem: string } {
  let word = wordCache.get(lower);
  if (word === undefined) {
    let norm = normalise(lower);
    if (/['’]/.test(norm)) norm = norm.replace(/['’]s$/, '').replace(/['’]/g, '');
    word = { norm, stem: stem(norm) };
    if (wordCache.size >= 50_000) wordCache.clear();
    wordCache.set(lower, word);
  }
  return word;
}

// Words, with inner dots (node.js, asp.net), trailing + or # (c++, c#) and a leading dot only for .net.
const TOKEN = /(?:\.(?=net\b))?[\p{L}\p{N}]+(?:[.'’][\p{L}\p{N}]+)*[+#]*/gu;
const JOINER = /^[ \t\-/&]*$/;

/** The text's tokens, in order. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const lower = text.toLowerCase();
  let previousEnd = -1;
  for (const match of lower.matchAll(TOKEN)) {
    const start = match.index;
    const end = start + match[0].length;
    const { norm, stem } = readWord(match[0]);
    const joined =
      previousEnd >= 0 &&
      ((start - previousEnd === 1 && text[previousEnd] === ' ') ||
        JOINER.test(text.slice(previousEnd, start)));
    tokens.push({ raw: text.slice(start, end), norm, stem, start, end, joined });
    previousEnd = end;
  }
  return tokens;
}

const words = (list: string) => new Set(list.split(/\s+/).filter(Boolean).map(normalise));
/** Function words and job-ad filler of both languages, normalised. */
export const stopwords: ReadonlySet<string> = words(STOPWORDS);
const roleNouns: ReadonlySet<string> = words(ROLE_NOUNS);
/** Whether a (normalised) word names a role, in the singular or the plural ("managers", "gerentes"). */
export const isRoleNoun = (norm: string, plural = true) =>
  roleNouns.has(norm) ||
  (plural &&
    ((norm.endsWith('s') && roleNouns.has(norm.slice(0, -1))) ||
      (norm.endsWith('es') && roleNouns.has(norm.slice(0, -2)))));
export const seniorityWords: ReadonlySet<string> = words(SENIORITY);
/** A role word's group (developer → its first synonym), for comparing titles. */
export const roleSynonym: ReadonlyMap<string, string> = new Map(
  ROLE_SYNONYMS.split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      const forms = line.split('|').map((w) => stem(normalise(w.trim())));
      return forms.map((form) => [form, forms[0] as string] as const);
    }),
);

// ---------------------------------------------------------------------------------------------------------
// Vocabulary

export type VocabularyKind = 'hardSkill' | 'softSkill';

export interface VocabularyEntry {
  id: number;
  kind: VocabularyKind;
  /** The name shown. */
  name: string;
  forms: VocabularyForm[];
}

export interface VocabularyForm {
  entry: VocabularyEntry;
  /** As written in the vocabulary. */
  text: string;
  stems: string[];
  /**
   * Per word, the exact (normalised) spelling a name must have: a product name is not stemmed ("Looker" is
   * not "looking"); null for a generic word, matched by its stem.
   */
  names: (string | null)[];
  /** Matches only with this exact capitalisation ("Go", "R"). */
  caseSensitive: boolean;
}

// A capitalised vocabulary word is a name unless it ends like a generic noun ("Accounting", "Statistics").
const GENERIC_ENDING = /(ing|tion|sion|ics|ity|ment|ship|ness|ance|ence|ogy|phy|acao|agem|ia|ismo|ade)$/;
const isName = (raw: string, norm: string) => /\p{Lu}/u.test(raw) && !GENERIC_ENDING.test(norm);

function buildVocabulary() {
  const entries: VocabularyEntry[] = [];
  const byFirst = new Map<string, VocabularyForm[]>();
  const add = (list: string, kind: VocabularyKind) => {
    for (const line of list.split('\n')) {
      if (line.trim() === '') continue;
      const parts = line.split('|').map((p) => p.trim());
      const entry: VocabularyEntry = {
        id: entries.length,
        kind,
        name: (parts[0] as string).replace(/^=/, ''),
        forms: [],
      };
      for (const part of parts) {
        const caseSensitive = part.startsWith('=');
        const text = part.replace(/^=/, '');
        const tokens = tokenize(text);
        const stems = tokens.map((t) => t.stem);
        if (stems.length === 0) continue;
        const names = tokens.map((t) => (isName(t.raw, t.norm) ? t.norm : null));
        const form: VocabularyForm = { entry, text, stems, names, caseSensitive };
        entry.forms.push(form);
        const first = stems[0] as string;
        const list = byFirst.get(first) ?? [];
        list.push(form);
        byFirst.set(first, list);
      }
      entries.push(entry);
    }
  };
  add(HARD_SKILLS, 'hardSkill');
  add(SOFT_SKILLS, 'softSkill');
  // Longest form first, so "Ruby on Rails" wins over "Ruby".
  for (const list of byFirst.values()) list.sort((a, b) => b.stems.length - a.stems.length);
  return { entries, byFirst };
}

// Built on first use, so a page that only imports the module does not pay for it.
let built: ReturnType<typeof buildVocabulary> | undefined;
const vocabulary = () => {
  built ??= buildVocabulary();
  return built;
};
/** Every skill of the vocabulary, in the order of its lists. */
export const vocabularyEntries = (): readonly VocabularyEntry[] => vocabulary().entries;

export interface TermHit {
  form: VocabularyForm;
  /** Token indices, end exclusive. */
  from: number;
  to: number;
}

function formMatchesAt(tokens: readonly Token[], i: number, form: VocabularyForm): boolean {
  if (i + form.stems.length > tokens.length) return false;
  for (let k = 0; k < form.stems.length; k++) {
    const token = tokens[i + k] as Token;
    if (token.stem !== form.stems[k] || (k > 0 && !token.joined)) return false;
    const name = form.names[k];
    if (name && token.norm !== name && token.norm !== `${name}s`) return false;
  }
  if (form.caseSensitive) {
    const written = tokens
      .slice(i, i + form.stems.length)
      .map((t) => t.raw)
      .join(' ');
    if (written !== form.text) return false;
  }
  return true;
}

/** The vocabulary's skills named in the tokens: left to right, the longest form at each place, no overlaps. */
export function findTerms(tokens: readonly Token[]): TermHit[] {
  const hits: TermHit[] = [];
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i] as Token;
    const candidates = vocabulary().byFirst.get(token.stem);
    // A function word is no one-word skill, whatever its stem ("conforme" is not "conformidade").
    const form = candidates?.find(
      (f) => formMatchesAt(tokens, i, f) && !(f.stems.length === 1 && stopwords.has(token.norm)),
    );
    if (form) {
      hits.push({ form, from: i, to: i + form.stems.length });
      i += form.stems.length;
    } else i++;
  }
  return hits;
}

/** The vocabulary form that `text` is, wholly, or undefined (to look a match-score keyword up again). */
export function formNamed(text: string): VocabularyForm | undefined {
  const tokens = tokenize(text);
  const hits = findTerms(tokens);
  const hit = hits[0];
  return hit && hits.length === 1 && hit.from === 0 && hit.to === tokens.length ? hit.form : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Searching a text

/** A text's tokens with an index of where each stem occurs, to ask whether a phrase occurs in it. */
export class TextIndex {
  readonly tokens: Token[];
  readonly terms: TermHit[];
  private readonly positions = new Map<string, number[]>();
  private readonly entryForms = new Map<number, Set<VocabularyForm>>();

  constructor(text: string) {
    this.tokens = tokenize(text);
    for (const [i, token] of this.tokens.entries()) {
      const list = this.positions.get(token.stem);
      if (list) list.push(i);
      else this.positions.set(token.stem, [i]);
    }
    this.terms = findTerms(this.tokens);
    for (const hit of this.terms) {
      const set = this.entryForms.get(hit.form.entry.id) ?? new Set();
      set.add(hit.form);
      this.entryForms.set(hit.form.entry.id, set);
    }
  }

  /** Whether the stems occur in a row. */
  hasStems(stems: readonly string[]): boolean {
    if (stems.length === 0) return false;
    const starts = this.positions.get(stems[0] as string);
    if (!starts) return false;
    return starts.some((i) => stems.every((s, k) => this.tokens[i + k]?.stem === s));
  }

  has(phrase: string): boolean {
    return this.hasStems(tokenize(phrase).map((t) => t.stem));
  }

  hasStem(stem: string): boolean {
    return this.positions.has(stem);
  }

  /** The forms of a vocabulary entry this text uses. */
  formsOf(entry: VocabularyEntry): ReadonlySet<VocabularyForm> {
    return this.entryForms.get(entry.id) ?? new Set();
  }

  /** Whether the text names the entry in any of its forms. */
  hasEntry(entry: VocabularyEntry): boolean {
    return this.entryForms.has(entry.id);
  }
}

/** Text that reads like an instruction to an AI (prompt injection): never quoted, never used. */
const INSTRUCTION =
  /\b(ignore|disregard|forget)\b.{0,40}\b(instructions?|prompts?|rules|above|previous)\b|\b(system prompt|you are now|as an ai|ai model|language model|note to the ai)\b|\b(system|assistant|sistema|assistente)\s*:|\b(ignore|desconsidere|esque[cç]a)\b.{0,40}\b(instru[cç][oõ]es|regras|anteriores)\b|\b(say|tell|state|diga|afirme)\b.{0,40}\b(candidate|candidato|candidata)\b.{0,30}\b(perfect|perfeit[oa]|best|melhor|hire|contrat)|\b(add|include|adicione|inclua)\b.{0,60}\b(to|in|em|nas?|aos?|as)\b.{0,10}\b(skills|habilidades)\b/i;

/** Whether a text reads like an instruction to an AI: such lines are not facts, and are never quoted. */
export const looksLikeInstruction = (text: string) =>
  INSTRUCTION.test(normalise(text)) || /<\/?[a-z]/i.test(text);

// Markup a reader of the page never sees: a comment is one sentence of its own, a tag no text at all.
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const TAG = /<\/?[a-z][^<>]*>/gi;
// A sentence ends at . ! ? or ; before a space ("Node.js" goes on), or at the end of its line.
const SENTENCE_END = /(?<=[.!?;])(\s+)/;

/**
 * The text without the sentences that read like instructions to an AI, and how many it left out: the rest
 * of a line (the job's real requirements) stays, so "Python, Django. Ignore all previous instructions"
 * still asks for Python and Django.
 */
export function withoutInstructions(text: string): { text: string; ignored: number } {
  let ignored = 0;
  const instruction = (unit: string) => {
    const is = looksLikeInstruction(unit);
    if (is) ignored++;
    return is;
  };
  const visible = text
    .replace(COMMENT, (comment) => (instruction(comment) ? ' ' : ` ${comment.replace(/^<!--|-->$/g, '')} `))
    .replace(TAG, ' ');
  const kept = visible
    .split('\n')
    .map((line) =>
      line
        .split(SENTENCE_END)
        // Odd parts are the spaces between sentences: kept, so the text keeps its shape.
        .filter((part, i) => i % 2 === 1 || !instruction(part))
        .join(''),
    )
    .join('\n');
  return { text: kept, ignored };
}

// ---------------------------------------------------------------------------------------------------------
// The resume's text

const degreeWords: Record<string, string> = {
  associate: "Associate's degree, tecnólogo",
  bachelor: "Bachelor's degree, bacharelado, graduação",
  master: "Master's degree, mestrado",
  phd: 'PhD, doctorate, doutorado',
  md: 'MD, Doctor of Medicine, medicina',
  jd: 'JD, Juris Doctor, direito',
  certificate: 'Certificate, certificado',
  diploma: 'Diploma',
};
const fieldWords: Record<string, string> = {
  artsHumanities: 'Arts and Humanities',
  businessManagement: 'Business Management, administração',
  computerInformationSciences: 'Computer Science, Information Systems, ciência da computação',
  education: 'Education, educação',
  engineering: 'Engineering, engenharia',
  healthProfessions: 'Health Professions, saúde',
  mathematicsStatistics: 'Mathematics, Statistics, matemática, estatística',
  naturalResourcesConservation: 'Natural Resources and Conservation',
  socialSciences: 'Social Sciences, ciências sociais',
};

/** The degree of an education entry in words (stored as a choice id or the user's own text). */
export const degreeText = (degree: string) => degreeWords[degree] ?? degree;
export const fieldText = (field: string) => fieldWords[field] ?? field;

/** Everything a resume says, as plain text, one field per line (contact details and links left out). */
export function resumeText(resume: ResumeContent): string {
  const parts: string[] = [];
  const p = resume.personalInfo;
  if (p) parts.push(p.jobTitle, p.summary, p.city);
  for (const e of resume.experience ?? [])
    parts.push(e.position, e.company, e.location, e.startDate, e.endDate, e.description);
  for (const e of resume.education ?? [])
    parts.push(
      e.school,
      degreeText(e.degree),
      fieldText(e.field),
      e.location,
      e.score,
      e.startDate,
      e.endDate,
      e.description,
    );
  for (const s of resume.skills ?? []) parts.push(s.name, s.keywords);
  for (const e of resume.projects ?? []) parts.push(e.name, e.role, e.startDate, e.endDate, e.description);
  for (const c of resume.certifications ?? []) parts.push(c.name, c.issuer, c.date);
  for (const l of resume.languages ?? []) parts.push(l.language, l.fluency);
  for (const a of resume.awards ?? []) parts.push(a.title, a.awarder, a.date, a.description);
  for (const v of resume.volunteering ?? [])
    parts.push(v.position, v.organization, v.startDate, v.endDate, v.description);
  for (const s of resume.customSections ?? [])
    for (const i of s.items) parts.push(i.title, i.subtitle, i.date, i.description);
  return parts.filter((part) => part && part.trim() !== '').join('\n');
}

/** The resume's text without the lines that read like instructions to an AI: what it states as facts. */
export function resumeFactText(resume: ResumeContent): string {
  return resumeText(resume)
    .split('\n')
    .filter((line) => !looksLikeInstruction(line))
    .join('\n');
}
