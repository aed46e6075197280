/** Small rules of the resume cards: file names, copy titles and reading an imported file. */

/** The longest title the resume schema accepts. */
export const MAX_TITLE_LENGTH = 200;

/** Imported files above this are refused before upload: a JSON Resume document is a few kilobytes. */
export const MAX_IMPORT_BYTES = 1024 * 1024;

/**
 * A download name from the resume title: plain ASCII so every file system and mail client keeps it
 * ("Currículo de João" → "curriculo-de-joao.json").
 */
export function exportFileName(title: string, fallback = 'resume'): string {
  const slug = title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || fallback}.json`;
}

/**
 * The title of a duplicate: `withSuffix(title)` is the translated "{title} (copy)". A long title is cut so
 * the suffix still fits in the schema's limit, because the server would refuse the whole request.
 */
export function copyTitle(title: string, withSuffix: (title: string) => string): string {
  const whole = withSuffix(title);
  if (whole.length <= MAX_TITLE_LENGTH) return whole;
  const room = MAX_TITLE_LENGTH - withSuffix('').length;
  return withSuffix(title.slice(0, Math.max(0, room)).trimEnd());
}

export type ImportFileProblem = 'tooLarge' | 'notJson' | 'notObject';

/** A chosen file's text as a JSON object, or why it cannot be a JSON Resume document. */
export function parseImportFile(
  text: string,
  size: number,
): { ok: true; document: Record<string, unknown> } | { ok: false; problem: ImportFileProblem } {
  if (size > MAX_IMPORT_BYTES) return { ok: false, problem: 'tooLarge' };
  let value: unknown;
  try {
    // A byte order mark is legal in a file but not in JSON.parse.
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { ok: false, problem: 'notJson' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problem: 'notObject' };
  }
  return { ok: true, document: value as Record<string, unknown> };
}
