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

export const experienceItemSchema = z.strictObject({
  id: itemId,
  company: text(200).default(''),
  position: text(200).default(''),
  startDate: date.default(''),
  endDate: date.default(''),
  current: z.boolean().default(false),
  description: text(5000).default(''),
});

export const educationItemSchema = z.strictObject({
  id: itemId,
  school: text(200).default(''),
  degree: text(200).default(''),
  field: text(200).default(''),
  startDate: date.default(''),
  endDate: date.default(''),
  current: z.boolean().default(false),
  description: text(5000).default(''),
});

export const skillItemSchema = z.strictObject({
  id: itemId,
  name: text(200).default(''),
  skillLevelId: text(64).default(''),
});

export const defaultSectionTitles = {
  personalInfo: 'Personal Information',
  experience: 'Work Experience',
  education: 'Education',
  skills: 'Skills',
  objectives: 'Profile',
} as const;

const sectionTitleLimits = {
  personalInfo: 100,
  experience: 100,
  education: 100,
  skills: 100,
  objectives: 100,
} as const;

export const sectionTitleSchema = z.strictObject(
  fields(sectionTitleLimits, (key, max) => text(max).default(defaultSectionTitles[key])),
);
export const sectionTitlePatchSchema = z.strictObject(
  fields(sectionTitleLimits, (_key, max) => text(max).optional()),
);

/**
 * Lists are normalised before validation: a non-array becomes an empty list and non-object entries are
 * dropped (spec section 5). Object entries are still validated strictly.
 */
const normalisedList = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) =>
      Array.isArray(value)
        ? value.filter((v) => typeof v === 'object' && v !== null && !Array.isArray(v))
        : [],
    z.array(item).max(MAX_LIST_ITEMS),
  );

/** The editable content of a resume, as a client may send it. */
export const resumeContentSchema = z.strictObject({
  title: text(200),
  template: text(64),
  personalInfo: personalInfoSchema,
  experience: normalisedList(experienceItemSchema),
  education: normalisedList(educationItemSchema),
  skills: normalisedList(skillItemSchema),
  sectionTitle: sectionTitleSchema,
});

/**
 * PATCH body: any subset of the content; inside personalInfo and sectionTitle, any subset of their fields
 * (lists are replaced whole). `id`, `profileId` and `updatedAt` may be echoed back by a client that sends
 * the whole resume, but they are server-owned and never written from the body.
 */
export const resumePatchSchema = resumeContentSchema.partial().extend({
  personalInfo: personalInfoPatchSchema.optional(),
  sectionTitle: sectionTitlePatchSchema.optional(),
  id: z.string().max(64).optional(),
  profileId: z.string().max(64).optional(),
  updatedAt: z.string().max(64).optional(),
});
export type ResumePatch = z.infer<typeof resumePatchSchema>;

export const resumeSchema = resumeContentSchema.extend({
  id: z.string(),
  profileId: z.string(),
  updatedAt: z.string(),
});
export type Resume = z.infer<typeof resumeSchema>;
export type PersonalInfo = z.infer<typeof personalInfoSchema>;
export type ExperienceItem = z.infer<typeof experienceItemSchema>;
export type EducationItem = z.infer<typeof educationItemSchema>;
export type SkillItem = z.infer<typeof skillItemSchema>;

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

/** Keep only the digits of a phone number (spec: stripped to digits on creation). */
export function digitsOnly(phone: string): string {
  return phone.replace(/\D+/g, '');
}

/** Build a new resume from a validated create payload. */
export function newResume(
  input: z.output<typeof createResumeSchema>,
  ids: { id: string; profileId: string; now: string },
): Resume {
  return {
    id: ids.id,
    profileId: ids.profileId,
    updatedAt: ids.now,
    title: input.title?.trim() || DEFAULT_RESUME_TITLE,
    template: DEFAULT_TEMPLATE_ID,
    personalInfo: personalInfoSchema.parse({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: digitsOnly(input.phoneNumber),
      jobTitle: input.jobTitle,
      summary: input.professionalSummary,
      city: input.city,
    }),
    experience: [],
    education: [],
    skills: [],
    sectionTitle: sectionTitleSchema.parse({}),
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
