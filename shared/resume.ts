import { z } from 'zod';

/** Resume data model and its strict schemas (spec sections 3, 5 and 7), shared by API and SPA. */

export const DEFAULT_RESUME_TITLE = 'My Resume';
export const DEFAULT_TEMPLATE_ID = 'simple';
export const MAX_LIST_ITEMS = 100;

const text = (max: number) => z.string().max(max);
const itemId = z.string().min(1).max(64);
const date = text(32);

/** Map each field's length limit to a schema: the same fields, with defaults (whole objects) or optional (patches). */
function fields<K extends string, S extends z.ZodType>(
  limits: Record<K, number>,
  make: (key: K, max: number) => S,
) {
  return Object.fromEntries(
    Object.entries(limits).map(([key, max]) => [key, make(key as K, max as number)]),
  ) as Record<K, S>;
}

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

export const personalInfoSchema = z.strictObject(
  fields(personalInfoLimits, (_key, max) => text(max).default('')),
);
/** Only the personal-info fields a PATCH names are written; the others keep their stored value. */
export const personalInfoPatchSchema = z.strictObject(
  fields(personalInfoLimits, (_key, max) => text(max).optional()),
);

/** Month-year dates are stored as `YYYY-MM` (or `YYYY`, or '' when unknown); the UI and templates format them. */
export const DATE_PATTERN = /^(\d{4}(-(0[1-9]|1[0-2]))?)?$/;

const url = text(2048).default('');
const description = text(5000).default('');

export const experienceItemSchema = z.strictObject({
  id: itemId,
  company: text(200).default(''),
  position: text(200).default(''),
  location: text(200).default(''),
  url,
  startDate: date.default(''),
  endDate: date.default(''),
  current: z.boolean().default(false),
  /** Plain text; each non-empty line is a bullet. No HTML is ever stored. */
  description,
});

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

export const educationItemSchema = z.strictObject({
  id: itemId,
  school: text(200).default(''),
  degree: text(200).default(''),
  field: text(200).default(''),
  location: text(200).default(''),
  url,
  score: text(100).default(''),
  startDate: date.default(''),
  endDate: date.default(''),
  current: z.boolean().default(false),
  description,
});

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

export const skillItemSchema = z.strictObject({
  id: itemId,
  name: text(200).default(''),
  skillLevelId: text(64).default(''),
  /** Comma-separated keywords (JSON Resume `keywords`). */
  keywords: text(1000).default(''),
});

export const linkItemSchema = z.strictObject({
  id: itemId,
  /** LinkedIn, GitHub, Website or anything the user names. */
  network: text(100).default(''),
  username: text(200).default(''),
  url,
});

export const projectItemSchema = z.strictObject({
  id: itemId,
  name: text(200).default(''),
  role: text(200).default(''),
  url,
  startDate: date.default(''),
  endDate: date.default(''),
  current: z.boolean().default(false),
  description,
});

export const certificationItemSchema = z.strictObject({
  id: itemId,
  name: text(200).default(''),
  issuer: text(200).default(''),
  date: date.default(''),
  url,
});

/** Fluency choices offered in the editor; any other non-empty value is the user's own words. */
export const fluencyChoices = ['native', 'fluent', 'advanced', 'intermediate', 'basic'] as const;

export const languageItemSchema = z.strictObject({
  id: itemId,
  language: text(100).default(''),
  fluency: text(100).default(''),
});

export const awardItemSchema = z.strictObject({
  id: itemId,
  title: text(200).default(''),
  awarder: text(200).default(''),
  date: date.default(''),
  description,
});

export const volunteeringItemSchema = z.strictObject({
  id: itemId,
  organization: text(200).default(''),
  position: text(200).default(''),
  url,
  startDate: date.default(''),
  endDate: date.default(''),
  current: z.boolean().default(false),
  description,
});

export const customItemSchema = z.strictObject({
  id: itemId,
  title: text(200).default(''),
  subtitle: text(200).default(''),
  date: text(64).default(''),
  url,
  description,
});

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

const sectionTitleLimits = Object.fromEntries(
  Object.keys(defaultSectionTitles).map((key) => [key, 100]),
) as Record<SectionTitleKey, number>;

export const sectionTitleSchema = z.strictObject(
  fields(sectionTitleLimits, (key, max) => text(max).default(defaultSectionTitles[key])),
);
export const sectionTitlePatchSchema = z.strictObject(
  fields(sectionTitleLimits, (_key, max) => text(max).optional()),
);

export const customSectionSchema = z.strictObject({
  id: itemId,
  title: text(100).default(''),
  items: z.array(customItemSchema).max(100).default([]),
});

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

export const resumeSettingsSchema = z.strictObject({
  language: z.enum(resumeLanguages).default('en'),
  /** '' means the template's own accent colour. */
  accentColor: z.union([z.literal(''), z.string().regex(/^#[0-9a-fA-F]{6}$/)]).default(''),
  /** '' means the template's own font. */
  font: z.union([z.literal(''), z.enum(fontIds)]).default(''),
  pageSize: z.enum(pageSizes).default('letter'),
  showPhoto: z.boolean().default(true),
});
export type ResumeSettings = z.infer<typeof resumeSettingsSchema>;

/**
 * Lists keep the spec's normalisation of their entries (non-object entries are dropped, section 5), but a
 * list field sent as anything other than a list is refused: silently emptying a stored list loses data.
 */
const normalisedList = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) =>
      Array.isArray(value)
        ? value.filter((v) => typeof v === 'object' && v !== null && !Array.isArray(v))
        : value,
    z.array(item).max(MAX_LIST_ITEMS),
  );

const sectionKey = z
  .string()
  .max(80)
  .refine(
    (key) => (builtInSections as readonly string[]).includes(key) || key.startsWith(CUSTOM_SECTION_PREFIX),
    'unknown section',
  );

/** Most fields an import may leave marked for a check (as many as an import job may report). */
export const MAX_REVIEW_PATHS = 200;

/**
 * What an import left for the user to check (shared/import-review.ts): the fields the parser was unsure of,
 * as paths naming list items by id (`personalInfo.city`, `experience.{id}.company`), so a reordered list
 * keeps each mark on its item; and whether the file was a scan read with OCR. The editor clears a path when
 * its field is edited or confirmed, and the scan notice when the user says the whole is checked.
 */
export const importReviewSchema = z.strictObject({
  uncertain: z.array(z.string().min(1).max(200)).max(MAX_REVIEW_PATHS).default([]),
  scan: z.boolean().default(false),
});
export type ImportReview = z.infer<typeof importReviewSchema>;

/** The editable content of a resume, as a client may send it. Missing fields take their defaults. */
export const resumeContentSchema = z.strictObject({
  title: text(200).default(DEFAULT_RESUME_TITLE),
  template: text(64).default(DEFAULT_TEMPLATE_ID),
  personalInfo: personalInfoSchema.default(() => personalInfoSchema.parse({})),
  experience: normalisedList(experienceItemSchema).default([]),
  education: normalisedList(educationItemSchema).default([]),
  skills: normalisedList(skillItemSchema).default([]),
  links: normalisedList(linkItemSchema).default([]),
  projects: normalisedList(projectItemSchema).default([]),
  certifications: normalisedList(certificationItemSchema).default([]),
  languages: normalisedList(languageItemSchema).default([]),
  awards: normalisedList(awardItemSchema).default([]),
  volunteering: normalisedList(volunteeringItemSchema).default([]),
  customSections: normalisedList(customSectionSchema).default([]),
  sectionTitle: sectionTitleSchema.default(() => sectionTitleSchema.parse({})),
  /** Order of the sections; sections missing from it follow in the default order. */
  sectionOrder: z
    .array(sectionKey)
    .max(60)
    .default([...builtInSections]),
  hiddenSections: z.array(sectionKey).max(60).default([]),
  settings: resumeSettingsSchema.default(() => resumeSettingsSchema.parse({})),
  /** Left by an import while there is something to check; absent on resumes made otherwise. */
  importReview: importReviewSchema.optional(),
});
export type ResumeContent = z.infer<typeof resumeContentSchema>;

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

/**
 * PATCH body: any subset of the content; inside personalInfo, sectionTitle and settings, any subset of
 * their fields (lists are replaced whole). `id`, `profileId`, `updatedAt` and `revision` may be echoed back
 * by a client that sends the whole resume, but they are server-owned and never written from the body.
 */
export const resumePatchSchema = z.strictObject({
  title: text(200).optional(),
  template: text(64).optional(),
  personalInfo: personalInfoPatchSchema.optional(),
  experience: normalisedList(experienceItemSchema).optional(),
  education: normalisedList(educationItemSchema).optional(),
  skills: normalisedList(skillItemSchema).optional(),
  links: normalisedList(linkItemSchema).optional(),
  projects: normalisedList(projectItemSchema).optional(),
  certifications: normalisedList(certificationItemSchema).optional(),
  languages: normalisedList(languageItemSchema).optional(),
  awards: normalisedList(awardItemSchema).optional(),
  volunteering: normalisedList(volunteeringItemSchema).optional(),
  customSections: normalisedList(customSectionSchema).optional(),
  sectionTitle: sectionTitlePatchSchema.optional(),
  sectionOrder: z.array(sectionKey).max(60).optional(),
  hiddenSections: z.array(sectionKey).max(60).optional(),
  settings: resumeSettingsSchema.partial().optional(),
  importReview: importReviewSchema.optional(),
  id: z.string().max(64).optional(),
  profileId: z.string().max(64).optional(),
  updatedAt: z.string().max(64).optional(),
  revision: z.number().int().optional(),
});
export type ResumePatch = z.infer<typeof resumePatchSchema>;

export const resumeSchema = resumeContentSchema.extend({
  id: z.string(),
  profileId: z.string(),
  updatedAt: z.string(),
  /** +1 on every write; PATCH with `If-Match: <revision>` is refused with 412 when it differs. */
  revision: z.number().int().default(0),
});
export type Resume = z.infer<typeof resumeSchema>;
export type PersonalInfo = z.infer<typeof personalInfoSchema>;
export type ExperienceItem = z.infer<typeof experienceItemSchema>;
export type EducationItem = z.infer<typeof educationItemSchema>;
export type SkillItem = z.infer<typeof skillItemSchema>;
export type LinkItem = z.infer<typeof linkItemSchema>;
export type ProjectItem = z.infer<typeof projectItemSchema>;
export type CertificationItem = z.infer<typeof certificationItemSchema>;
export type LanguageItem = z.infer<typeof languageItemSchema>;
export type AwardItem = z.infer<typeof awardItemSchema>;
export type VolunteeringItem = z.infer<typeof volunteeringItemSchema>;
export type CustomItem = z.infer<typeof customItemSchema>;
export type CustomSection = z.infer<typeof customSectionSchema>;

/**
 * A stored resume with every field a newer version added filled with its default, so resumes written
 * before a field existed read like new ones. Unknown attributes are dropped.
 */
export function normaliseResume(raw: Record<string, unknown>): Resume {
  const known = Object.fromEntries(
    Object.keys(resumeSchema.shape)
      .filter((key) => raw[key] !== undefined)
      .map((key) => [key, raw[key]]),
  );
  return resumeSchema.parse(known);
}

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

/** Create payload (spec section 3). `locale` is always en on creation. */
export const createResumeSchema = z.strictObject({
  userId: z.string().min(1).max(64),
  firstName: text(100).default(''),
  lastName: text(100).default(''),
  professionalSummary: text(2000).default(''),
  jobTitle: text(200).default(''),
  city: text(200).default(''),
  phoneNumber: text(40).default(''),
  email: text(254).default(''),
  title: text(200).optional(),
  locale: z.literal('en').default('en'),
});
export type CreateResumeInput = z.input<typeof createResumeSchema>;

/** `POST /api/resume/{id}/duplicate`: an optional title for the copy. */
export const duplicateResumeSchema = z.strictObject({ title: z.string().max(200).optional() });

/** Keep only the digits of a phone number (spec: stripped to digits on creation). */
export function digitsOnly(phone: string): string {
  return phone.replace(/\D+/g, '');
}

/** Build a new resume from a validated create payload; `content` fills the sections (imports, duplicates). */
export function newResume(
  input: z.output<typeof createResumeSchema>,
  ids: { id: string; profileId: string; now: string },
  content: Partial<ResumeContent> = {},
): Resume {
  const base = resumeContentSchema.parse(content);
  return {
    ...base,
    id: ids.id,
    profileId: ids.profileId,
    updatedAt: ids.now,
    revision: 1,
    title: input.title?.trim() || content.title?.trim() || DEFAULT_RESUME_TITLE,
    personalInfo: personalInfoSchema.parse({
      ...base.personalInfo,
      firstName: input.firstName || base.personalInfo.firstName,
      lastName: input.lastName || base.personalInfo.lastName,
      email: input.email || base.personalInfo.email,
      phone: input.phoneNumber ? digitsOnly(input.phoneNumber) : base.personalInfo.phone,
      jobTitle: input.jobTitle || base.personalInfo.jobTitle,
      summary: input.professionalSummary || base.personalInfo.summary,
      city: input.city || base.personalInfo.city,
    }),
  };
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
