import { hasReview, reviewValue } from '#shared/import-review';
import type { ImportReview, ResumeContent } from '#shared/resume';

/**
 * The editor's side of an import review (`ResumeContent.importReview`, paths in shared/import-review.ts):
 * a field stays marked "check this" until the user edits it or confirms it, and the review goes once
 * nothing is left. Every step is a document edit, so it is saved with the resume and undone like any other.
 */

/** The fields still to check. */
export const reviewCount = (doc: Pick<ResumeContent, 'importReview'>): number =>
  doc.importReview?.uncertain.length ?? 0;

/** Whether the editor shows the review at all (fields to check, or the scan notice). */
export const isUnderReview = (doc: Pick<ResumeContent, 'importReview'>): boolean =>
  hasReview(doc.importReview);

/** The review with these paths confirmed. */
export function confirmPaths(review: ImportReview, paths: readonly string[]): ImportReview {
  const done = new Set(paths);
  return { ...review, uncertain: review.uncertain.filter((path) => !done.has(path)) };
}

/** Everything confirmed, the scan notice included. */
export const everythingConfirmed = (): ImportReview => ({ uncertain: [], scan: false });

/**
 * The document after an edit, with the marks of the fields the edit changed taken off (an edited field is
 * the user's own now), and of items the edit removed. Anything else, a reorder included, keeps its marks.
 * The same document when no mark changes, so an edit elsewhere costs one comparison per mark.
 */
export function settleReview(previous: ResumeContent, next: ResumeContent): ResumeContent {
  const review = next.importReview;
  if (!review || review.uncertain.length === 0) return next;
  const edited = review.uncertain.filter(
    (path) => !Object.is(reviewValue(previous, path), reviewValue(next, path)),
  );
  return edited.length === 0 ? next : { ...next, importReview: confirmPaths(review, edited) };
}

/** How many marks sit on one list item (`experience.{id}`), for its collapsed row. */
export function marksOn(review: ImportReview | undefined, itemPath: string): number {
  if (!review) return 0;
  const prefix = `${itemPath}.`;
  return review.uncertain.filter(
    (path) => path.startsWith(prefix) && !path.slice(prefix.length).includes('.'),
  ).length;
}
