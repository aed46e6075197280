import type { Resume, ResumeContent, ResumeLanguage } from '#shared/resume';
import { importedResumeTitle, titleDate } from '#shared/resume-title';
import { AppError } from '../lib/app-error.ts';
import { logger } from '../lib/logger.ts';
import type { JsonResume } from './json-resume/document.ts';
import { fromJsonResume } from './json-resume/from-json-resume.ts';
import { toJsonResume } from './json-resume/to-json-resume.ts';
import { validateJsonResume } from './json-resume/validate.ts';
import { createResumeFromContent, getResume } from './resumes.ts';

/**
 * Create a resume from a JSON Resume document (https://jsonresume.org), counted against the plan's limit.
 * A document the schema refuses is 400 with every issue; `language` sets section titles and page size. The
 * resume is named by its job title and the file's name (or the day), not "<first name>'s Resume".
 */
export async function importJsonResume(
  sub: string,
  document: unknown,
  options: {
    language?: ResumeLanguage | undefined;
    /** The file's name, which the resume is named after with its job title. */
    fileName?: string | undefined;
    limit: number | null;
    paidAccess: () => Promise<boolean>;
  },
): Promise<Resume> {
  const checked = validateJsonResume(document);
  if (!checked.ok) {
    throw new AppError('VALIDATION_FAILED', 'The document is not a valid JSON Resume.', {
      issues: checked.issues,
    });
  }
  let content: ResumeContent;
  try {
    content = fromJsonResume(checked.value, options.language ? { language: options.language } : {});
  } catch (cause) {
    // The mapper clips to our limits, so this means a document it did not foresee: the client's input.
    logger.warn('JSON Resume document could not be mapped', { error: cause as Error });
    throw new AppError('VALIDATION_FAILED', 'The document could not be read as a resume.', {
      cause,
      issues: [{ path: '', message: 'could not be read as a resume' }],
    });
  }
  const language = content.settings.language;
  const title = importedResumeTitle({
    jobTitle: content.personalInfo.jobTitle,
    fileName: options.fileName,
    dateLabel: titleDate(new Date(), language, 'UTC'),
    language,
  });
  return createResumeFromContent(
    sub,
    { ...content, title },
    { limit: options.limit, paidAccess: options.paidAccess },
  );
}

/** One of the caller's resumes as a JSON Resume document, with its title for naming the file. */
export async function exportJsonResume(
  sub: string,
  id: string,
): Promise<{ title: string; document: JsonResume }> {
  const resume = await getResume(sub, id);
  return { title: resume.title, document: toJsonResume(resume) };
}
