import { z } from 'zod';
import {
  builtInSections,
  CUSTOM_SECTION_PREFIX,
  DEFAULT_RESUME_TITLE,
  DEFAULT_TEMPLATE_ID,
  defaultSectionTitles,
  digitsOnly,
  fontIds,
  MAX_LIST_ITEMS,
  MAX_REVIEW_PATHS,
  pageSizes,
  personalInfoLimits,
  resumeLanguages,
  type SectionTitleKey,
} from './resume-model.ts';

/**
 * Resume data model and its strict schemas (spec sections 3, 5 and 7), shared by API and SPA. The constants,
 * choices and helpers without zod live in resume-model.ts and are re-exported here.
 */
export * from './resume-model.ts';

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

export const personalInfoSchema = z.strictObject(
  fields(personalInfoLimits, (_key, max) => text(max).default('')),
);
/** Only the personal-info fields a PATCH names are written; the others keep their stored value. */
export const personalInfoPatchSchema = z.strictObject(
  fields(personalInfoLimits, (_key, max) => text(max).optional()),
);

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
