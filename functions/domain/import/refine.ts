import type { ResumeContent } from '#shared/resume';
import { fitText } from '../ai/prompt-budget.ts';
import {
  type AiProvider,
  type CallOptions,
  IMPORT_FIELDS_MAX,
  type ImportField,
  type ImportPick,
} from '../ai/provider.ts';
import type { ParsedResume } from './types.ts';

/**
 * The refinement of an import (issue 20, item 5): the fields the parser was unsure of, and the empty
 * company, position or school of an entry it found, are put to the AI provider with the document's text,
 * and it answers which value the document gives each. The provider is not trusted: a pick is kept only for
 * a field that was asked, only when its text is in the document (whitespace, case and stray punctuation
 * aside), and only within the field's length. Nothing else of the parse changes, and the fields keep their
 * "check this" mark: a model's reading is a guess too.
 */

/**
 * The document's share of the prompt, in estimated tokens (UTF-8 bytes, ../ai/tokens.ts): a two-page
 * resume is 5,000 to 9,000; a longer file is cut.
 */
export const REFINE_TEXT_BUDGET = 16_000;
/** The longest value a refined field may take (the resume schema's limit for these fields). */
const VALUE_MAX = 200;

type Section = 'experience' | 'education';

const personalMeaning = {
  firstName: "the person's first (given) name",
  lastName: "the person's last name (family names)",
  jobTitle: "the person's professional title or headline, as printed under or beside the name",
  city: 'where the person lives (city, with state or country when printed)',
} as const;
const entryMeaning: Record<Section, Record<string, string>> = {
  experience: {
    company: "the employer's name (company or organisation)",
    position: 'the job title held at that employer',
    location: 'where that job was (city, state or country)',
  },
  education: {
    school: 'the name of the school, college or university',
    field: 'the field of study (major), without the degree',
    location: 'where that school is (city, state or country)',
  },
};

type Personal = keyof typeof personalMeaning;
const isPersonal = (field: string): field is Personal => field in personalMeaning;

/** What a path names: a header field, or a field of the n-th entry of a section; null for others. */
function target(
  path: string,
): { field: Personal } | { section: Section; index: number; field: string } | null {
  const [section = '', index = '', field, ...more] = path.split('.');
  if (section === 'personalInfo') return field === undefined && isPersonal(index) ? { field: index } : null;
  if ((section !== 'experience' && section !== 'education') || more.length > 0 || !field) return null;
  if (!/^\d{1,3}$/.test(index) || !(field in entryMeaning[section])) return null;
  return { section, index: Number(index), field };
}

function valueAt(content: ResumeContent, path: string): string | undefined {
  const at = target(path);
  if (!at) return undefined;
  if (!('section' in at)) return content.personalInfo[at.field];
  const item = content[at.section][at.index] as Record<string, unknown> | undefined;
  const value = item?.[at.field];
  return typeof value === 'string' ? value : undefined;
}

function meaningOf(path: string): string {
  const at = target(path);
  if (!at) return '';
  return 'section' in at ? (entryMeaning[at.section][at.field] ?? '') : personalMeaning[at.field];
}

/**
 * The fields to ask about: the parser's uncertain ones it can be asked (a name goes with its other half,
 * a job's company with its position), and the company, position or school an entry left empty.
 */
export function fieldsToRefine(parsed: Pick<ParsedResume, 'content' | 'uncertain'>): string[] {
  const paths = new Set<string>();
  for (const path of parsed.uncertain) {
    if (!target(path)) continue;
    paths.add(path);
    if (path === 'personalInfo.firstName') paths.add('personalInfo.lastName');
  }
  parsed.content.experience.forEach((job, index) => {
    if (!job.company || !job.position) {
      paths.add(`experience.${index}.company`);
      paths.add(`experience.${index}.position`);
    }
  });
  parsed.content.education.forEach((school, index) => {
    if (!school.school) paths.add(`education.${index}.school`);
  });
  return [...paths].filter((path) => valueAt(parsed.content, path) !== undefined).slice(0, IMPORT_FIELDS_MAX);
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu;
/** Eight or more digits with the separators phone numbers are written with. */
const PHONE = /\+?\(?\d[\d\s().-]{6,}\d/g;
const digitCount = (text: string) => text.replace(/\D/g, '').length;
/** Two years with a dash between them ("2014 - 2018") are dates, whatever their digit count. */
const YEAR_RANGE = /^(?:19|20)\d\d\s*-\s*(?:19|20)\d\d$/;

/** What masked text reads as: never a value (the document does not hold it). */
const MASK = /\[(?:e-mail|phone)\]/i;

/** The text sent: e-mail addresses and phone numbers masked (no field asked needs them), cut to a budget. */
export function documentForModel(text: string, budget = REFINE_TEXT_BUDGET): string {
  const masked = text
    .replace(EMAIL, '[e-mail]')
    .replace(PHONE, (match) => (digitCount(match) >= 8 && !YEAR_RANGE.test(match) ? '[phone]' : match));
  return fitText(masked, budget);
}

/** Letters and digits only, folded: how a value is looked for in the document (spacing and case aside). */
const compact = (text: string) =>
  text
    .normalize('NFKC')
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}&+#]/gu, '');

/** A pick's value cleaned as the rules allow: spaces collapsed, a stray bullet or punctuation mark trimmed. */
const cleaned = (value: string) =>
  value
    .replace(/\s+/g, ' ')
    .replace(/^[\s\-–—•·*,;:|/]+|[\s\-–—•·*,;:|/]+$/g, '')
    .trim();

export interface Refinement {
  content: ResumeContent;
  /** The index paths whose value changed. */
  changed: string[];
  /** Picks thrown away: not asked, not in the document, too long, empty. */
  rejected: number;
}

/** The picks that pass every check, applied to a copy of the content. */
export function applyPicks(
  content: ResumeContent,
  asked: readonly string[],
  picks: readonly ImportPick[],
  documentText: string,
): Refinement {
  const document = compact(documentText);
  const askedSet = new Set(asked);
  const result: ResumeContent = {
    ...content,
    personalInfo: { ...content.personalInfo },
    experience: content.experience.map((item) => ({ ...item })),
    education: content.education.map((item) => ({ ...item })),
  };
  const changed = new Set<string>();
  let rejected = 0;
  for (const pick of picks) {
    const value = cleaned(pick.value);
    const key = compact(value);
    const at = target(pick.path);
    if (!at || !askedSet.has(pick.path) || changed.has(pick.path)) {
      rejected += 1;
      continue;
    }
    if (key.length < 2 || value.length > VALUE_MAX || MASK.test(value) || !document.includes(key)) {
      rejected += 1;
      continue;
    }
    if (value === valueAt(content, pick.path)) continue;
    if ('section' in at) {
      (result[at.section][at.index] as unknown as Record<string, unknown>)[at.field] = value;
    } else {
      result.personalInfo[at.field] = value;
    }
    changed.add(pick.path);
  }
  return { content: result, changed: [...changed], rejected };
}

/**
 * The parse refined by the provider: unchanged when it has no text, nothing to ask, or the provider
 * answers nothing. Provider failures are the caller's to handle (the parse stands either way).
 */
export async function refineParse(
  parsed: ParsedResume,
  provider: AiProvider,
  options: CallOptions = {},
): Promise<Refinement & { asked: number }> {
  const asked = parsed.text ? fieldsToRefine(parsed) : [];
  if (!parsed.text || asked.length === 0) {
    return { content: parsed.content, changed: [], rejected: 0, asked: 0 };
  }
  const fields: ImportField[] = asked.map((path) => ({
    path,
    value: (valueAt(parsed.content, path) ?? '').slice(0, VALUE_MAX),
    meaning: meaningOf(path),
  }));
  const picks = await provider.refineImport(
    { documentText: documentForModel(parsed.text), fields, language: parsed.language },
    options,
  );
  return { ...applyPicks(parsed.content, asked, picks, parsed.text), asked: asked.length };
}
