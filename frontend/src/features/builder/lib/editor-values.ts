import type { Resume, ResumePatch } from '#shared/resume';

/** The fields the minimal editor shows. */
export interface EditorValues {
  title: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  jobTitle: string;
  city: string;
  summary: string;
}

export const personalFields = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'jobTitle',
  'city',
  'summary',
] as const;

export function editorValuesFrom(resume: Resume): EditorValues {
  const p = resume.personalInfo;
  return {
    title: resume.title ?? '',
    firstName: p?.firstName ?? '',
    lastName: p?.lastName ?? '',
    email: p?.email ?? '',
    phone: p?.phone ?? '',
    jobTitle: p?.jobTitle ?? '',
    city: p?.city ?? '',
    summary: p?.summary ?? '',
  };
}

/**
 * The PATCH body for what changed between `saved` and `values`, or null when nothing did. personalInfo is
 * sent whole (with the stored `photo`): its schema fills missing fields with
 * defaults, so a partial object would blank them.
 */
export function buildResumePatch(
  resume: Resume,
  saved: EditorValues,
  values: EditorValues,
): ResumePatch | null {
  const patch: ResumePatch = {};
  if (values.title !== saved.title) patch.title = values.title;
  if (personalFields.some((field) => values[field] !== saved[field])) {
    patch.personalInfo = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phone: values.phone,
      jobTitle: values.jobTitle,
      city: values.city,
      summary: values.summary,
      photo: resume.personalInfo?.photo ?? '',
    };
  }
  return Object.keys(patch).length > 0 ? patch : null;
}
