import type { Resume, ResumeContent } from './resume.ts';

/**
 * The resume model without its schemas: the constants, choices and helpers the editor needs to open and show
 * a resume. shared/resume.ts builds the zod schemas from them (and re-exports them), so a page that only
 * shows or edits a resume does without zod until it validates something (about 25 KiB gzip).
 */

export const DEFAULT_RESUME_TITLE = 'My Resume';
export const DEFAULT_TEMPLATE_ID = 'simple';
export const MAX_LIST_ITEMS = 100;

/** Length limits of the personal-info fields, shared by the schema and the form inputs. */
export const personalInfoLimits = {
  firstName: 100,
  lastName: 100,
  email: 254,
  phone: 40,
  jobTitle: 200,
  summary: 2000,
  city: 200,
  photo: 2048,
} as const;

/** Month-year dates are stored as `YYYY-MM` (or `YYYY`, or '' when unknown); the UI and templates format them. */
export const DATE_PATTERN = /^(\d{4}(-(0[1-9]|1[0-2]))?)?$/;

/** The spec's degree choices; any other non-empty value is the custom text of "Other". */
export const degreeChoices = [
  'associate',
  'bachelor',
  'master',
  'phd',
  'md',
  'jd',
  'certificate',
  'diploma',
] as const;
export type DegreeChoice = (typeof degreeChoices)[number];

/** The spec's field-of-study choices; any other non-empty value is a custom field. */
export const fieldChoices = [
  'artsHumanities',
  'businessManagement',
  'computerInformationSciences',
  'education',
  'engineering',
  'healthProfessions',
  'mathematicsStatistics',
  'naturalResourcesConservation',
  'socialSciences',
] as const;
export type FieldChoice = (typeof fieldChoices)[number];

/** The spec's skill levels, in rising order of mastery as the interface lists them. */
export const skillLevels = [
  'beginner',
  'intermediate',
  'advanced',
  'expert',
  'veryGood',
  'proficient',
] as const;
export type SkillLevel = (typeof skillLevels)[number];

/** Fluency choices offered in the editor; any other non-empty value is the user's own words. */
export const fluencyChoices = ['native', 'fluent', 'advanced', 'intermediate', 'basic'] as const;

/** The sections a template renders, in the default order; custom sections are keyed `custom:{id}`. */
export const builtInSections = [
  'objectives',
  'experience',
  'education',
  'skills',
  'projects',
  'certifications',
  'languages',
  'awards',
  'volunteering',
  'links',
] as const;
export type BuiltInSection = (typeof builtInSections)[number];
export type SectionKey = BuiltInSection | `custom:${string}`;
export const CUSTOM_SECTION_PREFIX = 'custom:';

export const defaultSectionTitles = {
  personalInfo: 'Personal Information',
  experience: 'Work Experience',
  education: 'Education',
  skills: 'Skills',
  objectives: 'Profile',
  projects: 'Projects',
  certifications: 'Certifications',
  languages: 'Languages',
  awards: 'Awards',
  volunteering: 'Volunteering',
  links: 'Links',
} as const;
export type SectionTitleKey = keyof typeof defaultSectionTitles;

/** Section titles of a new resume written in Portuguese. */
export const defaultSectionTitlesPtBr: Record<SectionTitleKey, string> = {
  personalInfo: 'Informações pessoais',
  experience: 'Experiência profissional',
  education: 'Formação acadêmica',
  skills: 'Habilidades',
  objectives: 'Perfil',
  projects: 'Projetos',
  certifications: 'Certificações',
  languages: 'Idiomas',
  awards: 'Prêmios',
  volunteering: 'Trabalho voluntário',
  links: 'Links',
};

/** Languages a resume can be written in: month names, default section titles and page size follow it. */
export const resumeLanguages = ['en', 'pt-BR'] as const;
export type ResumeLanguage = (typeof resumeLanguages)[number];
export const fontIds = ['inter', 'source-serif-4', 'ibm-plex-sans'] as const;
export type FontId = (typeof fontIds)[number];
export const pageSizes = ['letter', 'a4'] as const;
export type PageSize = (typeof pageSizes)[number];

/** The resume language that matches an interface language (pt-BR for any Portuguese, English otherwise). */
export function resumeLanguageFor(uiLanguage: string): ResumeLanguage {
  return uiLanguage.toLowerCase().startsWith('pt') ? 'pt-BR' : 'en';
}

/** US Letter for English resumes, A4 for Portuguese ones (Brazil uses A4). */
export function defaultPageSize(language: ResumeLanguage): PageSize {
  return language === 'en' ? 'letter' : 'a4';
}

/** Most fields an import may leave marked for a check (as many as an import job may report). */
export const MAX_REVIEW_PATHS = 200;

const listFields = [
  'experience',
  'education',
  'skills',
  'links',
  'projects',
  'certifications',
  'languages',
  'awards',
  'volunteering',
  'customSections',
] as const;
export type ListField = (typeof listFields)[number];
export { listFields };

/** The sections in display order: the stored order first, then any section it does not name. */
export function orderedSections(resume: Pick<Resume, 'sectionOrder' | 'customSections'>): SectionKey[] {
  const all: SectionKey[] = [
    ...builtInSections,
    ...resume.customSections.map((s) => `${CUSTOM_SECTION_PREFIX}${s.id}` as SectionKey),
  ];
  const known = new Set<string>(all);
  const seen = new Set<string>();
  const ordered: SectionKey[] = [];
  for (const key of resume.sectionOrder) {
    if (known.has(key) && !seen.has(key)) {
      seen.add(key);
      ordered.push(key as SectionKey);
    }
  }
  for (const key of all) if (!seen.has(key)) ordered.push(key);
  return ordered;
}

/** An item with nothing in it: every text blank and nothing ticked (its id aside). Templates print none. */
export function isEmptyItem(item: object): boolean {
  return Object.entries(item).every(
    ([key, value]) =>
      key === 'id' || (typeof value === 'string' ? value.trim() === '' : value === false || value == null),
  );
}

/**
 * The resume without its empty items (the editor drops them when the user leaves it: an item added and
 * left blank is not content). The same object when there are none, so a caller can tell nothing changed.
 */
export function withoutEmptyItems(content: ResumeContent): ResumeContent {
  let changed = false;
  const next: Partial<Record<ListField, unknown>> = {};
  for (const field of listFields) {
    if (field === 'customSections') continue;
    const list = content[field] as readonly object[];
    const kept = list.filter((item) => !isEmptyItem(item));
    if (kept.length !== list.length) {
      next[field] = kept;
      changed = true;
    }
  }
  const sections = content.customSections.map((section) => {
    const items = section.items.filter((item) => !isEmptyItem(item));
    return items.length === section.items.length ? section : { ...section, items };
  });
  if (sections.some((section, k) => section !== content.customSections[k])) {
    next.customSections = sections;
    changed = true;
  }
  return changed ? ({ ...content, ...next } as ResumeContent) : content;
}

/** Split a plain-text description into its bullet lines (blank lines and leading bullet marks dropped). */
export function descriptionLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:[-*•·◦▪]\s+)?/, '').trim())
    .filter((line) => line !== '');
}

/** Keep only the digits of a phone number (spec: stripped to digits on creation). */
export function digitsOnly(phone: string): string {
  return phone.replace(/\D+/g, '');
}

/** Resume data is valid when personalInfo exists, lists are arrays, and first name, last name and e-mail are set. */
export function isCompleteResume(
  resume: Pick<Resume, 'personalInfo' | 'experience' | 'education' | 'skills'>,
) {
  const p = resume.personalInfo;
  return (
    Boolean(p) &&
    Array.isArray(resume.experience) &&
    Array.isArray(resume.education) &&
    Array.isArray(resume.skills) &&
    p.firstName.trim() !== '' &&
    p.lastName.trim() !== '' &&
    p.email.trim() !== ''
  );
}

/**
 * The flat fields the spec's create call answers with (`first_name`, `job_title`, ...), next to the resume
 * itself, so clients written against either shape read what they expect.
 */
export function createdResumeFields(resume: Resume) {
  const p = resume.personalInfo;
  return {
    first_name: p.firstName,
    last_name: p.lastName,
    email: p.email,
    phoneNumber: p.phone,
    job_title: p.jobTitle,
    professional_summary: p.summary,
    city: p.city,
  };
}

/**
 * An empty resume with every default: what `resumeContentSchema.parse({})` gives (shared/resume.ts), built
 * without zod for the editor's first render. resume-model.test.ts keeps the two the same, key order included.
 */
export function emptyResumeContent(): ResumeContent {
  return {
    title: DEFAULT_RESUME_TITLE,
    template: DEFAULT_TEMPLATE_ID,
    personalInfo: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      jobTitle: '',
      summary: '',
      city: '',
      photo: '',
    },
    experience: [],
    education: [],
    skills: [],
    links: [],
    projects: [],
    certifications: [],
    languages: [],
    awards: [],
    volunteering: [],
    customSections: [],
    sectionTitle: { ...defaultSectionTitles },
    sectionOrder: [...builtInSections],
    hiddenSections: [],
    settings: { language: 'en', accentColor: '', font: '', pageSize: 'letter', showPhoto: true },
  };
}
