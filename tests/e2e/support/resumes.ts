import type { PageSize, ResumeContent } from '../../../shared/resume.ts';
import { sampleResumeEn } from '../../../shared/sample-resumes.ts';

/**
 * Two pages with every template on both page sizes: the English sample without its publications,
 * volunteering, awards and certifications (the full sample runs to a third page in the airier templates).
 * The same resume templates.spec.ts defines for itself.
 */
export const twoPageResume: ResumeContent = {
  ...sampleResumeEn,
  hiddenSections: ['custom:custom-1', 'volunteering', 'awards', 'certifications'],
};

/** A resume in another template and page size. */
export function variant(resume: ResumeContent, template: string, pageSize: PageSize): ResumeContent {
  return { ...resume, template, settings: { ...resume.settings, pageSize } };
}
