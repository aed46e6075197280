import type { ResumeLanguage } from './resume.ts';

/**
 * How a resume is named when nobody named it (issue 22, item 9): by what it is for and when or where it came
 * from, never by the person's first name (every resume of one person would share it, and an import that read
 * "Dr." as the first name gave seven "Dr.'s Resume"). A new resume is "<job title> · <date>", "Resume ·
 * <date>" until a job title is typed; an imported one is "<job title> · <file name>". While the title is still
 * the automatic one, it follows the job title as the user types it.
 */

const TITLE_MAX = 200;
export const TITLE_SEPARATOR = ' · ';

/** The word that stands in for a job title not yet given. */
export const resumeWord: Record<ResumeLanguage, string> = { en: 'Resume', 'pt-BR': 'Currículo' };

/** A date as a title shows it: "Nov 28, 2025", "28 de nov. de 2025". */
export function titleDate(date: Date, language: ResumeLanguage, timeZone?: string): string {
  return new Intl.DateTimeFormat(language === 'pt-BR' ? 'pt-BR' : 'en-US', {
    dateStyle: 'medium',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

function clip(text: string): string {
  return text.length <= TITLE_MAX ? text : `${text.slice(0, TITLE_MAX - 1).trimEnd()}…`;
}

/** "Platform Engineer · Nov 28, 2025", or "Resume · Nov 28, 2025" without a job title. */
export function newResumeTitle(jobTitle: string, dateLabel: string, language: ResumeLanguage): string {
  const job = jobTitle.trim().replace(/\s+/g, ' ');
  return clip(`${job || resumeWord[language]}${TITLE_SEPARATOR}${dateLabel}`);
}

/** A file name without its folder and extension: "Lucas_Almeida_CV" from "C:\cv\Lucas_Almeida_CV.pdf". */
export function fileStem(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).trim();
}

/**
 * An imported resume's title: its job title and the name of the file it came from; either alone when the
 * other is missing; the new-resume title (with the date) when neither is known.
 */
export function importedResumeTitle(options: {
  jobTitle: string;
  fileName?: string | undefined;
  dateLabel: string;
  language: ResumeLanguage;
}): string {
  const job = options.jobTitle.trim().replace(/\s+/g, ' ');
  const file = fileStem(options.fileName ?? '');
  if (job && file) return clip(`${job}${TITLE_SEPARATOR}${file}`);
  if (file) return clip(file);
  return newResumeTitle(job, options.dateLabel, options.language);
}

/**
 * The title after the job title changed from `before` to `after`: the automatic title follows it (its date
 * or file part kept); a title the user wrote stays as it is. Cleared, the job title gives way to the word
 * Resume in the resume's language.
 */
export function titleAfterJobChange(
  title: string,
  before: string,
  after: string,
  language: ResumeLanguage,
): string {
  const was = before.trim().replace(/\s+/g, ' ');
  const heads = was ? [was] : Object.values(resumeWord);
  const head = heads.find((h) => title.startsWith(`${h}${TITLE_SEPARATOR}`));
  if (head === undefined) return title;
  const rest = title.slice(head.length + TITLE_SEPARATOR.length);
  if (!rest) return title;
  const now = after.trim().replace(/\s+/g, ' ');
  return clip(`${now || resumeWord[language]}${TITLE_SEPARATOR}${rest}`);
}
