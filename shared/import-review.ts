import type { ImportReview, ListField, PersonalInfo, ResumeContent } from './resume.ts';
import { listFields, MAX_REVIEW_PATHS } from './resume-model.ts';

/**
 * The paths of an import review (`ResumeContent.importReview`): `personalInfo.{field}` for the header, and
 * `{list}.{item id}.{field}` for a list item's field. The parser names items by their index
 * (`experience.0.company`); the import job turns those into ids once, when it saves the resume, so that
 * reordering a list keeps every mark on its own item. The editor reads the same paths to find its marks.
 */

/** The lists whose items a review path may name (a custom section's items are not the parser's). */
export type ReviewList = Exclude<ListField, 'customSections'>;
const reviewLists = listFields.filter((field): field is ReviewList => field !== 'customSections');

export type ReviewTarget =
  | { section: 'personalInfo'; field: keyof PersonalInfo }
  | { section: ReviewList; id: string; field: string };

const isReviewList = (name: string): name is ReviewList => (reviewLists as string[]).includes(name);

/** The path of a header field or of a list item's field. */
export function reviewPath(section: 'personalInfo' | ReviewList, idOrField: string, field?: string): string {
  return field === undefined ? `${section}.${idOrField}` : `${section}.${idOrField}.${field}`;
}

/** What a stored path names, or null for a path of another shape (the id may hold dots). */
export function readReviewPath(path: string): ReviewTarget | null {
  const parts = path.split('.');
  const [section = '', ...rest] = parts;
  if (section === 'personalInfo' && rest.length === 1 && rest[0]) {
    return { section, field: rest[0] as keyof PersonalInfo };
  }
  if (!isReviewList(section) || rest.length < 2) return null;
  const field = rest.at(-1) ?? '';
  const id = rest.slice(0, -1).join('.');
  return field && id ? { section, id, field } : null;
}

/**
 * The parser's index paths as stored paths: `experience.0.company` becomes `experience.{id}.company` with
 * the id of the content's first experience item. Paths of no known field or item are dropped.
 */
export function reviewPathsOf(content: ResumeContent, uncertain: readonly string[]): string[] {
  const paths = new Set<string>();
  for (const path of uncertain) {
    const [section = '', index = '', field, ...more] = path.split('.');
    if (section === 'personalInfo' && index && field === undefined) {
      if (index in content.personalInfo) paths.add(path);
      continue;
    }
    if (!isReviewList(section) || !/^\d+$/.test(index) || !field || more.length > 0) continue;
    const item = (content[section] as { id: string }[])[Number(index)];
    if (item && field in item) paths.add(reviewPath(section, item.id, field));
  }
  return [...paths].slice(0, MAX_REVIEW_PATHS);
}

/** The review an import leaves on its resume, or undefined when there is nothing to check. */
export function importReviewOf(
  content: ResumeContent,
  parsed: { uncertain: readonly string[]; ocr?: boolean },
): ImportReview | undefined {
  const uncertain = reviewPathsOf(content, parsed.uncertain);
  const scan = parsed.ocr === true;
  return uncertain.length > 0 || scan ? { uncertain, scan } : undefined;
}

/** The value a path names in the content; undefined when its item (or field) is not there any more. */
export function reviewValue(content: ResumeContent, path: string): unknown {
  const target = readReviewPath(path);
  if (!target) return undefined;
  if (target.section === 'personalInfo') return content.personalInfo[target.field];
  const item = (content[target.section] as Record<string, unknown>[]).find((i) => i.id === target.id);
  return item?.[target.field];
}

/** Whether a review still asks for anything: a field to check, or the scan notice. */
export const hasReview = (review: ImportReview | undefined): review is ImportReview =>
  review !== undefined && (review.uncertain.length > 0 || review.scan);
