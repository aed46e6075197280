import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FieldIssue } from './errors.ts';
import { jsonResumeSchema } from './json-resume/schema.ts';
import {
  type CustomItem,
  type CustomSection,
  DEFAULT_RESUME_TITLE,
  type DegreeChoice,
  defaultPageSize,
  defaultSectionTitles,
  defaultSectionTitlesPtBr,
  degreeChoices,
  descriptionLines,
  type FieldChoice,
  fieldChoices,
  fluencyChoices,
  MAX_LIST_ITEMS,
  type ResumeContent,
  type ResumeLanguage,
  resumeContentSchema,
  type SkillLevel,
  skillLevels,
} from './resume.ts';

/**
 * JSON Resume (https://jsonresume.org, schema v1.0.0) import and export. The README's "JSON Resume" section
 * lists what maps where and what has no home on either side.
 */

export const JSON_RESUME_SCHEMA_URL =
  'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json';

// ---------------------------------------------------------------------------------------------------------
// The document, as far as we read and write it. Every field is optional and the schema allows extra keys.

export interface JsonResumeLocation {
  address?: string;
  postalCode?: string;
  city?: string;
  countryCode?: string;
  region?: string;
}
export interface JsonResumeProfile {
  network?: string;
  username?: string;
  url?: string;
}
export interface JsonResumeBasics {
  name?: string;
  label?: string;
  image?: string;
  email?: string;
  phone?: string;
  url?: string;
  summary?: string;
  location?: JsonResumeLocation;
  profiles?: JsonResumeProfile[];
}
export interface JsonResumeWork {
  name?: string;
  location?: string;
  description?: string;
  position?: string;
  url?: string;
  startDate?: string;
  endDate?: string;
  summary?: string;
  highlights?: string[];
}
export interface JsonResumeVolunteer {
  organization?: string;
  position?: string;
  url?: string;
  startDate?: string;
  endDate?: string;
  summary?: string;
  highlights?: string[];
}
export interface JsonResumeEducation {
  institution?: string;
  url?: string;
  area?: string;
  studyType?: string;
  startDate?: string;
  endDate?: string;
  score?: string;
  courses?: string[];
}
export interface JsonResumeAward {
  title?: string;
  date?: string;
  awarder?: string;
  summary?: string;
}
export interface JsonResumeCertificate {
  name?: string;
  date?: string;
  url?: string;
  issuer?: string;
}
export interface JsonResumePublication {
  name?: string;
  publisher?: string;
  releaseDate?: string;
  url?: string;
  summary?: string;
}
export interface JsonResumeSkill {
  name?: string;
  level?: string;
  keywords?: string[];
}
export interface JsonResumeLanguage {
  language?: string;
  fluency?: string;
}
export interface JsonResumeInterest {
  name?: string;
  keywords?: string[];
}
export interface JsonResumeReference {
  name?: string;
  reference?: string;
}
export interface JsonResumeProject {
  name?: string;
  description?: string;
  highlights?: string[];
  keywords?: string[];
  startDate?: string;
  endDate?: string;
  url?: string;
  roles?: string[];
  entity?: string;
  type?: string;
}
/** Our extension inside `meta` (the schema allows extra keys there): what JSON Resume has no place for. */
export interface ResumeBuilderMeta {
  language?: ResumeLanguage;
  customSections?: { title?: string; items?: Partial<Omit<CustomItem, 'id'>>[] }[];
}
export interface JsonResumeMeta {
  canonical?: string;
  version?: string;
  lastModified?: string;
  resumeBuilder?: ResumeBuilderMeta;
}
export interface JsonResume {
  $schema?: string;
  basics?: JsonResumeBasics;
  work?: JsonResumeWork[];
  volunteer?: JsonResumeVolunteer[];
  education?: JsonResumeEducation[];
  awards?: JsonResumeAward[];
  certificates?: JsonResumeCertificate[];
  publications?: JsonResumePublication[];
  skills?: JsonResumeSkill[];
  languages?: JsonResumeLanguage[];
  interests?: JsonResumeInterest[];
  references?: JsonResumeReference[];
  projects?: JsonResumeProject[];
  meta?: JsonResumeMeta;
}

// ---------------------------------------------------------------------------------------------------------
// Validation: compiled once per module load, as code generation is the expensive part of Ajv.

// Not strict: the vendored schema pairs `additionalItems` with a single `items` schema, which strict mode
// refuses although draft-07 simply ignores it.
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validateDocument = ajv.compile<JsonResume>(jsonResumeSchema);
const isEmail = ajv.compile<string>({ type: 'string', format: 'email' });
const isUri = ajv.compile<string>({ type: 'string', format: 'uri' });
const ISO8601 = new RegExp(jsonResumeSchema.definitions.iso8601.pattern);

/** A body with thousands of broken entries should not produce an equally large error response. */
const MAX_ISSUES = 100;

function issueOf(error: ErrorObject): FieldIssue {
  const path = error.instancePath.split('/').slice(1).map(unescapePointer).join('.');
  // The date pattern is unreadable in a message; say what a valid date looks like instead.
  if (error.keyword === 'pattern' && error.params.pattern === jsonResumeSchema.definitions.iso8601.pattern)
    return { path, message: 'must be a date like 2024, 2024-06 or 2024-06-29' };
  return { path, message: error.message ?? 'is not valid' };
}

function unescapePointer(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** Check a parsed document against the JSON Resume schema; issue paths look like `work.0.startDate`. */
export function validateJsonResume(
  doc: unknown,
): { ok: true; value: JsonResume } | { ok: false; issues: FieldIssue[] } {
  if (validateDocument(doc)) return { ok: true, value: doc };
  const issues = (validateDocument.errors ?? []).slice(0, MAX_ISSUES).map(issueOf);
  return { ok: false, issues: issues.length > 0 ? issues : [{ path: '', message: 'is not valid' }] };
}

// ---------------------------------------------------------------------------------------------------------
// Choice lists: the words other tools use for our choice ids, and the labels we write back out.

/** Lower case, no accents, no dots or apostrophes, single spaces: "Bachelor's" and "bachelors" meet. */
function normaliseWord(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[.'’]/g, '')
    .replace(/[\s_-]+/g, ' ')
    .trim();
}

type Labels<K extends string> = Record<ResumeLanguage, Record<K, string>>;

const degreeLabels: Labels<DegreeChoice> = {
  en: {
    associate: 'Associate',
    bachelor: 'Bachelor',
    master: 'Master',
    phd: 'PhD',
    md: 'MD',
    jd: 'JD',
    certificate: 'Certificate',
    diploma: 'Diploma',
  },
  'pt-BR': {
    associate: 'Associado',
    bachelor: 'Bacharelado',
    master: 'Mestrado',
    phd: 'Doutorado',
    md: 'Medicina (MD)',
    jd: 'Direito (JD)',
    certificate: 'Certificado',
    diploma: 'Diploma',
  },
};
const degreeSynonyms: Record<DegreeChoice, string[]> = {
  associate: ['associate', 'associates', 'associate degree', 'associates degree', 'aa', 'as', 'aas'],
  bachelor: [
    'bachelor',
    'bachelors',
    'bachelor degree',
    'bachelors degree',
    'bachelor of arts',
    'bachelor of science',
    'bachelor of engineering',
    'ba',
    'bs',
    'bsc',
    'beng',
    'bacharelado',
    'bacharel',
  ],
  master: [
    'master',
    'masters',
    'master degree',
    'masters degree',
    'master of arts',
    'master of science',
    'master of engineering',
    'ma',
    'ms',
    'msc',
    'meng',
    'mestrado',
    'mestre',
  ],
  phd: ['phd', 'doctorate', 'doctoral degree', 'doctor of philosophy', 'dphil', 'doutorado', 'doutor'],
  md: ['md', 'doctor of medicine', 'medicina (md)'],
  jd: ['jd', 'juris doctor', 'direito (jd)'],
  certificate: ['certificate', 'certification', 'certificado'],
  diploma: ['diploma'],
};

const fieldLabels: Labels<FieldChoice> = {
  en: {
    artsHumanities: 'Arts and Humanities',
    businessManagement: 'Business and Management',
    computerInformationSciences: 'Computer and Information Sciences',
    education: 'Education',
    engineering: 'Engineering',
    healthProfessions: 'Health Professions',
    mathematicsStatistics: 'Mathematics and Statistics',
    naturalResourcesConservation: 'Natural Resources and Conservation',
    socialSciences: 'Social Sciences',
  },
  'pt-BR': {
    artsHumanities: 'Artes e Humanidades',
    businessManagement: 'Administração e Negócios',
    computerInformationSciences: 'Ciência da Computação e da Informação',
    education: 'Educação',
    engineering: 'Engenharia',
    healthProfessions: 'Ciências da Saúde',
    mathematicsStatistics: 'Matemática e Estatística',
    naturalResourcesConservation: 'Recursos Naturais e Conservação',
    socialSciences: 'Ciências Sociais',
  },
};
// Field choices are broad categories: only their own names map to them. A specific major ("Computer
// Science", "Design") stays the user's words, because mapping it to a category would lose the major.
const fieldSynonyms = Object.fromEntries(
  fieldChoices.map((id) => [
    id,
    [fieldLabels.en[id], fieldLabels['pt-BR'][id], fieldLabels.en[id].replace(' and ', ' & ')],
  ]),
) as Record<FieldChoice, string[]>;

const skillLevelLabels: Labels<SkillLevel> = {
  en: {
    beginner: 'Beginner',
    intermediate: 'Intermediate',
    advanced: 'Advanced',
    expert: 'Expert',
    veryGood: 'Very good',
    proficient: 'Proficient',
  },
  'pt-BR': {
    beginner: 'Iniciante',
    intermediate: 'Intermediário',
    advanced: 'Avançado',
    expert: 'Especialista',
    veryGood: 'Muito bom',
    proficient: 'Proficiente',
  },
};
const skillLevelSynonyms: Record<SkillLevel, string[]> = {
  beginner: ['beginner', 'novice', 'basic', 'iniciante', 'basico'],
  intermediate: ['intermediate', 'intermediario'],
  advanced: ['advanced', 'avancado'],
  // "Master" is the example level in the JSON Resume schema itself.
  expert: ['expert', 'master', 'especialista'],
  veryGood: ['very good', 'muito bom'],
  proficient: ['proficient', 'proficiente'],
};

type Fluency = (typeof fluencyChoices)[number];
const fluencyLabels: Labels<Fluency> = {
  en: {
    native: 'Native',
    fluent: 'Fluent',
    advanced: 'Advanced',
    intermediate: 'Intermediate',
    basic: 'Basic',
  },
  'pt-BR': {
    native: 'Nativo',
    fluent: 'Fluente',
    advanced: 'Avançado',
    intermediate: 'Intermediário',
    basic: 'Básico',
  },
};
const fluencySynonyms: Record<Fluency, string[]> = {
  native: ['native', 'native speaker', 'mother tongue', 'nativo', 'nativa', 'lingua materna'],
  fluent: ['fluent', 'fluente'],
  advanced: ['advanced', 'avancado', 'avancada'],
  intermediate: ['intermediate', 'intermediario', 'intermediaria'],
  basic: ['basic', 'beginner', 'elementary', 'basico', 'basica', 'iniciante'],
};

function matcher<K extends string>(ids: readonly K[], synonyms: Record<K, string[]>) {
  const table = new Map<string, K>();
  for (const id of ids) {
    table.set(normaliseWord(id), id);
    for (const word of synonyms[id]) table.set(normaliseWord(word), id);
  }
  return (text: string): K | undefined => table.get(normaliseWord(text));
}

/** The degree choice id a JSON Resume `studyType` names ("BSc", "Mestrado"), if any. */
export const degreeChoiceFor = matcher(degreeChoices, degreeSynonyms);
/**
 * The degree choice a `studyType` is the very name of (a choice id, or its label as our export writes it:
 * "Bachelor", "Mestrado"), if any. Anything else ("BSc", "Master of Science") is the user's own words and is
 * kept as written: the degree is free text, its choices only suggestions.
 */
export const degreeChoiceNamed = matcher(
  degreeChoices,
  Object.fromEntries(
    degreeChoices.map((id) => [id, [degreeLabels.en[id], degreeLabels['pt-BR'][id]]]),
  ) as Record<DegreeChoice, string[]>,
);
/** The field-of-study choice id an `area` names (only the category names themselves), if any. */
export const fieldChoiceFor = matcher(fieldChoices, fieldSynonyms);
/** The skill level id a free-text `level` names ("Master", "Avançado"), if any. */
export const skillLevelFor = matcher(skillLevels, skillLevelSynonyms);
/** The fluency choice id a free-text `fluency` names ("Native speaker", "Fluente"), if any. */
export const fluencyChoiceFor = matcher(fluencyChoices, fluencySynonyms);

function labelOf<K extends string>(labels: Labels<K>, language: ResumeLanguage, value: string): string {
  return (labels[language] as Record<string, string>)[value] ?? value;
}

// ---------------------------------------------------------------------------------------------------------
// Import helpers: the document may come from any tool, so every read tolerates a missing or mistyped value.

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function isRecord<T extends object>(value: T | undefined | null): value is T {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objects<T extends object>(value: T[] | undefined): T[] {
  return Array.isArray(value) ? value.filter(isRecord).slice(0, MAX_LIST_ITEMS) : [];
}

/** Cut to the schema's limit without splitting a surrogate pair (an emoji would become a broken glyph). */
function clip(value: string, max: number): string {
  if (value.length <= max) return value;
  const end = /[\uD800-\uDBFF]/.test(value.charAt(max - 1)) ? max - 1 : max;
  return value.slice(0, end);
}

/** `YYYY-MM-DD`, `YYYY-MM` or `YYYY` become `YYYY-MM` or `YYYY`; a month outside 01–12 keeps the year. */
function toOurDate(value: unknown): string {
  const match = /^(\d{4})(?:-(\d{2}))?/.exec(str(value).trim());
  if (!match) return '';
  const [, year, month] = match;
  return month && Number(month) >= 1 && Number(month) <= 12 ? `${year}-${month}` : (year ?? '');
}

/** Text lines, each a bullet of our description, capped to the description limit. */
function toDescription(...parts: (string | string[])[]): string {
  return clip(parts.flat().flatMap(descriptionLines).join('\n'), 5000);
}

// Publications, interests and references become custom sections with these ids, so export finds them again.
const PUBLICATIONS_ID = 'json-resume-publications';
const INTERESTS_ID = 'json-resume-interests';
const REFERENCES_ID = 'json-resume-references';

const customTitles = {
  [PUBLICATIONS_ID]: { en: 'Publications', 'pt-BR': 'Publicações' },
  [INTERESTS_ID]: { en: 'Interests', 'pt-BR': 'Interesses' },
  [REFERENCES_ID]: { en: 'References', 'pt-BR': 'Referências' },
} as const;

// Project keywords have no field of their own in our model: they become the last description line.
const keywordsPrefix: Record<ResumeLanguage, string> = { en: 'Keywords: ', 'pt-BR': 'Palavras-chave: ' };

function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return { firstName: clip(words[0] ?? '', 100), lastName: clip(words.slice(1).join(' '), 100) };
}

/** Ongoing when it started but has no end: JSON Resume themes render a missing end date as "Present". */
function isCurrent(item: { startDate?: unknown; endDate?: unknown }): boolean {
  return toOurDate(item.startDate) !== '' && toOurDate(item.endDate) === '';
}

function customSection(
  id: string,
  title: string,
  items: Omit<CustomItem, 'id'>[],
  prefix: string,
): CustomSection {
  return {
    id,
    title: clip(title, 100),
    items: items.slice(0, MAX_LIST_ITEMS).map((item, index) => ({ id: `${prefix}-${index + 1}`, ...item })),
  };
}

function customItem(fields: Partial<Record<keyof Omit<CustomItem, 'id'>, unknown>>): Omit<CustomItem, 'id'> {
  return {
    title: clip(str(fields.title), 200),
    subtitle: clip(str(fields.subtitle), 200),
    date: clip(str(fields.date), 64),
    url: clip(str(fields.url), 2048),
    description: clip(str(fields.description), 5000),
  };
}

/** Map a JSON Resume document onto our resume content: every field with a home, within our limits. */
export function fromJsonResume(doc: JsonResume, options: { language?: ResumeLanguage } = {}): ResumeContent {
  const extension =
    isRecord(doc.meta) && isRecord(doc.meta.resumeBuilder) ? doc.meta.resumeBuilder : undefined;
  const language: ResumeLanguage = options.language ?? (extension?.language === 'pt-BR' ? 'pt-BR' : 'en');
  const basics: JsonResumeBasics = isRecord(doc.basics) ? doc.basics : {};
  const location: JsonResumeLocation = isRecord(basics.location) ? basics.location : {};
  const { firstName, lastName } = splitName(str(basics.name));
  const city = [str(location.city).trim(), str(location.region).trim()].filter(Boolean).join(', ');

  const links = [
    ...(str(basics.url) ? [{ network: 'Website', username: '', url: str(basics.url) }] : []),
    ...objects(basics.profiles).map((p) => ({
      network: str(p.network),
      username: str(p.username),
      url: str(p.url),
    })),
  ];

  const customSections: CustomSection[] = [];
  const publications = objects(doc.publications);
  if (publications.length > 0)
    customSections.push(
      customSection(
        PUBLICATIONS_ID,
        customTitles[PUBLICATIONS_ID][language],
        publications.map((p) =>
          customItem({
            title: p.name,
            subtitle: p.publisher,
            date: toOurDate(p.releaseDate),
            url: p.url,
            description: p.summary,
          }),
        ),
        'pub',
      ),
    );
  const interests = objects(doc.interests);
  if (interests.length > 0)
    customSections.push(
      customSection(
        INTERESTS_ID,
        customTitles[INTERESTS_ID][language],
        interests.map((i) => customItem({ title: i.name, description: strings(i.keywords).join(', ') })),
        'interest',
      ),
    );
  const references = objects(doc.references);
  if (references.length > 0)
    customSections.push(
      customSection(
        REFERENCES_ID,
        customTitles[REFERENCES_ID][language],
        references.map((r) => customItem({ title: r.name, description: r.reference })),
        'ref',
      ),
    );
  // Sections only our own export writes (see toJsonResume), so a resume survives a round trip through a file.
  for (const [index, section] of objects(extension?.customSections).entries()) {
    if (customSections.length >= MAX_LIST_ITEMS) break;
    customSections.push(
      customSection(
        `custom-${index + 1}`,
        str(section.title),
        objects(section.items).map((item) => customItem(item)),
        `custom-${index + 1}-item`,
      ),
    );
  }

  return resumeContentSchema.parse({
    title: firstName
      ? clip(language === 'pt-BR' ? `Currículo de ${firstName}` : `${firstName}'s Resume`, 200)
      : DEFAULT_RESUME_TITLE,
    personalInfo: {
      firstName,
      lastName,
      email: clip(str(basics.email), 254),
      phone: clip(str(basics.phone), 40),
      jobTitle: clip(str(basics.label), 200),
      summary: clip(str(basics.summary), 2000),
      city: clip(city, 200),
    },
    experience: objects(doc.work).map((w, index) => ({
      id: `exp-${index + 1}`,
      company: clip(str(w.name), 200),
      position: clip(str(w.position), 200),
      location: clip(str(w.location), 200),
      url: clip(str(w.url), 2048),
      startDate: toOurDate(w.startDate),
      endDate: toOurDate(w.endDate),
      current: isCurrent(w),
      description: toDescription(str(w.summary), strings(w.highlights)),
    })),
    education: objects(doc.education).map((e, index) => ({
      id: `edu-${index + 1}`,
      school: clip(str(e.institution), 200),
      degree: degreeChoiceNamed(str(e.studyType)) ?? clip(str(e.studyType).trim(), 200),
      field: fieldChoiceFor(str(e.area)) ?? clip(str(e.area).trim(), 200),
      url: clip(str(e.url), 2048),
      score: clip(str(e.score), 100),
      startDate: toOurDate(e.startDate),
      endDate: toOurDate(e.endDate),
      current: isCurrent(e),
      description: toDescription(strings(e.courses)),
    })),
    skills: objects(doc.skills).map((s, index) => {
      const level = str(s.level).trim();
      const levelId = level ? skillLevelFor(level) : undefined;
      // A level in the user's own words ("5 years") is no level id: keep it visible in the name instead.
      const name = level && !levelId ? `${str(s.name).trim()} (${level})`.trim() : str(s.name);
      return {
        id: `skill-${index + 1}`,
        name: clip(name, 200),
        skillLevelId: levelId ?? '',
        keywords: clip(strings(s.keywords).join(', '), 1000),
      };
    }),
    links: links.slice(0, MAX_LIST_ITEMS).map((link, index) => ({
      id: `link-${index + 1}`,
      network: clip(link.network, 100),
      username: clip(link.username, 200),
      url: clip(link.url, 2048),
    })),
    projects: objects(doc.projects).map((p, index) => {
      const keywords = strings(p.keywords);
      return {
        id: `proj-${index + 1}`,
        name: clip(str(p.name), 200),
        role: clip(strings(p.roles).join(', '), 200),
        url: clip(str(p.url), 2048),
        startDate: toOurDate(p.startDate),
        endDate: toOurDate(p.endDate),
        current: isCurrent(p),
        description: toDescription(
          str(p.description),
          strings(p.highlights),
          keywords.length > 0 ? [`${keywordsPrefix[language]}${keywords.join(', ')}`] : [],
        ),
      };
    }),
    certifications: objects(doc.certificates).map((c, index) => ({
      id: `cert-${index + 1}`,
      name: clip(str(c.name), 200),
      issuer: clip(str(c.issuer), 200),
      date: toOurDate(c.date),
      url: clip(str(c.url), 2048),
    })),
    languages: objects(doc.languages).map((l, index) => ({
      id: `lang-${index + 1}`,
      language: clip(str(l.language), 100),
      fluency: fluencyChoiceFor(str(l.fluency)) ?? clip(str(l.fluency).trim(), 100),
    })),
    awards: objects(doc.awards).map((a, index) => ({
      id: `award-${index + 1}`,
      title: clip(str(a.title), 200),
      awarder: clip(str(a.awarder), 200),
      date: toOurDate(a.date),
      description: clip(str(a.summary), 5000),
    })),
    volunteering: objects(doc.volunteer).map((v, index) => ({
      id: `vol-${index + 1}`,
      organization: clip(str(v.organization), 200),
      position: clip(str(v.position), 200),
      url: clip(str(v.url), 2048),
      startDate: toOurDate(v.startDate),
      endDate: toOurDate(v.endDate),
      current: isCurrent(v),
      description: toDescription(str(v.summary), strings(v.highlights)),
    })),
    customSections,
    sectionTitle: language === 'pt-BR' ? defaultSectionTitlesPtBr : defaultSectionTitles,
    settings: { language, pageSize: defaultPageSize(language) },
  });
}

// ---------------------------------------------------------------------------------------------------------
// Export helpers: our fields are free text, JSON Resume checks formats, so anything invalid is left out.

/** The value, or nothing when empty, so the exported document carries no `""` noise. */
function opt(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : value;
}

function optList<T>(items: T[]): T[] | undefined {
  return items.length > 0 ? items : undefined;
}

/** Our dates are free text up to the API: keep what reads as a date (an impossible month keeps its year). */
function toTheirDate(value: string): string | undefined {
  const date = toOurDate(value);
  return ISO8601.test(date) ? date : undefined;
}

/** A valid URI, or a bare domain ("github.com/me") made one, or nothing. */
function toUri(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (isUri(trimmed)) return trimmed;
  const guessed = `https://${trimmed}`;
  return /^[\w-]+(\.[\w-]+)+(\/\S*)?$/.test(trimmed) && isUri(guessed) ? guessed : undefined;
}

function splitList(value: string): string[] {
  return value
    .split(/[,\n]/)
    .map((word) => word.trim())
    .filter(Boolean);
}

/** Drop keys whose value is undefined, so the document reads like one a person wrote. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function isWebsite(network: string): boolean {
  return ['website', 'site', 'web', 'homepage'].includes(normaliseWord(network));
}

/** Which JSON Resume section a custom section belongs to: by our import id, else by its title. */
function customSectionKind(section: CustomSection): 'publications' | 'interests' | 'references' | undefined {
  const title = normaliseWord(section.title);
  const matches = (id: keyof typeof customTitles) =>
    section.id === id || Object.values(customTitles[id]).some((t) => normaliseWord(t) === title);
  if (matches(PUBLICATIONS_ID)) return 'publications';
  if (matches(INTERESTS_ID)) return 'interests';
  if (matches(REFERENCES_ID)) return 'references';
  return undefined;
}

/** Map our resume to a JSON Resume document that passes `validateJsonResume`. */
export function toJsonResume(resume: ResumeContent): JsonResume {
  const { language } = resume.settings;
  const p = resume.personalInfo;
  const website = resume.links.find((link) => isWebsite(link.network) && toUri(link.url));
  const [, city = p.city, region] = /^(.*),\s*([^,]+)$/.exec(p.city.trim()) ?? [];

  const publications: JsonResumePublication[] = [];
  const interests: JsonResumeInterest[] = [];
  const references: JsonResumeReference[] = [];
  const otherSections: NonNullable<ResumeBuilderMeta['customSections']> = [];
  for (const section of resume.customSections) {
    const kind = customSectionKind(section);
    for (const item of section.items) {
      if (kind === 'publications')
        publications.push(
          compact({
            name: opt(item.title),
            publisher: opt(item.subtitle),
            releaseDate: toTheirDate(item.date),
            url: toUri(item.url),
            summary: opt(item.description),
          }),
        );
      if (kind === 'interests')
        interests.push(compact({ name: opt(item.title), keywords: optList(splitList(item.description)) }));
      if (kind === 'references')
        references.push(compact({ name: opt(item.title), reference: opt(item.description) }));
    }
    if (!kind)
      otherSections.push({
        title: section.title,
        items: section.items.map((item) =>
          compact({
            title: opt(item.title),
            subtitle: opt(item.subtitle),
            date: opt(item.date),
            url: opt(item.url),
            description: opt(item.description),
          }),
        ),
      });
  }

  return compact({
    $schema: JSON_RESUME_SCHEMA_URL,
    basics: compact({
      name: opt(`${p.firstName.trim()} ${p.lastName.trim()}`.trim()),
      label: opt(p.jobTitle),
      email: isEmail(p.email.trim()) ? p.email.trim() : undefined,
      phone: opt(p.phone),
      url: website ? toUri(website.url) : undefined,
      summary: opt(p.summary),
      location: p.city.trim() ? compact({ city: city.trim(), region: region?.trim() }) : undefined,
      profiles: optList(
        resume.links
          .filter((link) => link !== website)
          .map((link) =>
            compact({ network: opt(link.network), username: opt(link.username), url: toUri(link.url) }),
          ),
      ),
    }),
    work: optList(
      resume.experience.map((e) =>
        compact({
          name: opt(e.company),
          position: opt(e.position),
          location: opt(e.location),
          url: toUri(e.url),
          startDate: toTheirDate(e.startDate),
          endDate: e.current ? undefined : toTheirDate(e.endDate),
          highlights: optList(descriptionLines(e.description)),
        }),
      ),
    ),
    volunteer: optList(
      resume.volunteering.map((v) =>
        compact({
          organization: opt(v.organization),
          position: opt(v.position),
          url: toUri(v.url),
          startDate: toTheirDate(v.startDate),
          endDate: v.current ? undefined : toTheirDate(v.endDate),
          highlights: optList(descriptionLines(v.description)),
        }),
      ),
    ),
    education: optList(
      resume.education.map((e) =>
        compact({
          institution: opt(e.school),
          url: toUri(e.url),
          area: opt(labelOf(fieldLabels, language, e.field)),
          studyType: opt(labelOf(degreeLabels, language, e.degree)),
          startDate: toTheirDate(e.startDate),
          endDate: e.current ? undefined : toTheirDate(e.endDate),
          score: opt(e.score),
          courses: optList(descriptionLines(e.description)),
        }),
      ),
    ),
    awards: optList(
      resume.awards.map((a) =>
        compact({
          title: opt(a.title),
          date: toTheirDate(a.date),
          awarder: opt(a.awarder),
          summary: opt(a.description),
        }),
      ),
    ),
    certificates: optList(
      resume.certifications.map((c) =>
        compact({ name: opt(c.name), date: toTheirDate(c.date), url: toUri(c.url), issuer: opt(c.issuer) }),
      ),
    ),
    publications: optList(publications),
    skills: optList(
      resume.skills.map((s) =>
        compact({
          name: opt(s.name),
          level: opt(labelOf(skillLevelLabels, language, s.skillLevelId)),
          keywords: optList(splitList(s.keywords)),
        }),
      ),
    ),
    languages: optList(
      resume.languages.map((l) =>
        compact({ language: opt(l.language), fluency: opt(labelOf(fluencyLabels, language, l.fluency)) }),
      ),
    ),
    interests: optList(interests),
    references: optList(references),
    projects: optList(resume.projects.map(projectToJson)),
    meta: {
      version: 'v1.0.0',
      resumeBuilder: compact({
        language,
        customSections: optList(otherSections),
      }),
    },
  });
}

function projectToJson(project: ResumeContent['projects'][number]): JsonResumeProject {
  const lines = descriptionLines(project.description);
  const last = lines.at(-1) ?? '';
  // The keywords line import appends, in either language, goes back to `keywords`.
  const prefix = Object.values(keywordsPrefix).find((candidate) => last.startsWith(candidate.trim()));
  const keywords = prefix ? splitList(last.slice(prefix.trim().length)) : [];
  return compact({
    name: opt(project.name),
    highlights: optList(prefix ? lines.slice(0, -1) : lines),
    keywords: optList(keywords),
    startDate: toTheirDate(project.startDate),
    endDate: project.current ? undefined : toTheirDate(project.endDate),
    url: toUri(project.url),
    roles: optList(splitList(project.role)),
  });
}
