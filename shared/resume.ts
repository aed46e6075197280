import { z } from 'zod';

/** Resume data model and its strict schemas (spec sections 3, 5 and 7), shared by API and SPA. */

export const DEFAULT_RESUME_TITLE = 'My Resume';
export const DEFAULT_TEMPLATE_ID = 'simple';
export const MAX_LIST_ITEMS = 100;

const text = (max: number) => z.string().max(max);
const itemId = z.string().min(1).max(64);
const date = text(32);

export const personalInfoSchema = z.strictObject({
  firstName: text(100).default(''),
  lastName: text(100).default(''),
  email: text(254).default(''),
  phone: text(40).default(''),
  jobTitle: text(200).default(''),
  summary: text(2000).default(''),
  city: text(200).default(''),
  photo: text(2048).default(''),
});

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

export const sectionTitleSchema = z.strictObject({
  personalInfo: text(100).default(defaultSectionTitles.personalInfo),
  experience: text(100).default(defaultSectionTitles.experience),
  education: text(100).default(defaultSectionTitles.education),
  skills: text(100).default(defaultSectionTitles.skills),
  objectives: text(100).default(defaultSectionTitles.objectives),
});

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
 * PATCH body: any subset of the content. `id`, `profileId` and `updatedAt` may be echoed back by a client
 * that sends the whole resume, but they are server-owned and never written from the body.
 */
export const resumePatchSchema = resumeContentSchema.partial().extend({
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
