import { fieldText, looksLikeInstruction } from '#shared/match-text';
import type { ExperienceItem, ProjectItem, ResumeContent } from '#shared/resume';
import { clean, cleanLines, hasNumber, type Lang, upperFirst } from './text.ts';

/** Reading the resume: its role, skills, degree and strongest bullets, as the engine's answers name them. */

const dateKey = (item: { startDate: string; endDate: string; current: boolean }) =>
  `${item.current || item.endDate === '' ? '9999' : item.endDate}|${item.startDate}`;

/** Experience, most recent first (current ones first, then by end date, then by start date); stable. */
export function byRecency<T extends { startDate: string; endDate: string; current: boolean }>(
  items: readonly T[],
): T[] {
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) =>
      dateKey(a.item) < dateKey(b.item) ? 1 : dateKey(a.item) > dateKey(b.item) ? -1 : a.i - b.i,
    )
    .map(({ item }) => item);
}

/** The resume's job title, else the most recent position ('' when neither is usable). */
export function roleOf(resume: ResumeContent): string {
  const title = clean(resume.personalInfo?.jobTitle ?? '');
  if (title) return title;
  return clean(byRecency(resume.experience)[0]?.position ?? '');
}

/** The skills' names, without empty ones or ones that read like instructions. */
export function skillNames(resume: ResumeContent): string[] {
  return resume.skills.map((s) => clean(s.name)).filter((s) => s !== '');
}

const DEGREE_NAMES: Record<Lang, Record<string, string>> = {
  en: {
    associate: 'Associate degree',
    bachelor: "Bachelor's degree",
    master: "Master's degree",
    phd: 'PhD',
    md: 'MD',
    jd: 'JD',
  },
  pt: { associate: 'Tecnólogo', bachelor: 'Bacharelado', master: 'Mestrado', phd: 'Doutorado' },
};

/** The first degree as one line ("Bachelor's degree in Engineering, State University."), or ''. */
export function educationLine(resume: ResumeContent, lang: Lang): string {
  const edu = resume.education.find((e) => DEGREE_NAMES[lang][e.degree] || e.degree.trim() !== '');
  if (!edu || looksLikeInstruction(`${edu.degree} ${edu.field} ${edu.school}`)) return '';
  const degree = DEGREE_NAMES[lang][edu.degree] ?? clean(edu.degree);
  const rawField = fieldText(edu.field);
  const field = upperFirst(
    clean(lang === 'en' ? (rawField.split(',')[0] ?? '') : (rawField.split(',').at(-1) ?? '')),
  );
  const school = clean(edu.school);
  if (!degree || ['certificate', 'diploma'].includes(edu.degree)) return '';
  // A degree still being studied says so: claiming it finished would be a new fact.
  const ongoing = edu.current ? (lang === 'en' ? ' (in progress)' : ' (em andamento)') : '';
  const of = lang === 'en' ? ' in ' : ' em ';
  return `${degree}${field ? `${of}${field}` : ''}${ongoing}${school ? `, ${school}` : ''}.`;
}

/** The bullet of an item that says most: numbers first, then length (stable); none over 180 characters. */
export function highlights(item: ExperienceItem | ProjectItem | undefined): string[] {
  if (!item) return [];
  return cleanLines(item.description)
    .map((line, i) => ({ line: line.replace(/[.;]+$/, ''), i }))
    .filter(({ line }) => line.length <= 180)
    .sort((a, b) => Number(hasNumber(b.line)) - Number(hasNumber(a.line)) || a.i - b.i)
    .map(({ line }) => line);
}
