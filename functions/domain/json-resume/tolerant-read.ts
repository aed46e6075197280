import { MAX_LIST_ITEMS } from '#shared/resume';

// Reading a JSON Resume document: it may come from any tool, so every read tolerates a missing or mistyped
// value.

/** The value when it is a string, else ''. */
export function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The strings of an array, nothing else. */
export function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** A plain object (not null, not an array). */
export function isRecord<T extends object>(value: T | undefined | null): value is T {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The objects of an array, at most our list limit. */
export function objects<T extends object>(value: T[] | undefined): T[] {
  return Array.isArray(value) ? value.filter(isRecord).slice(0, MAX_LIST_ITEMS) : [];
}

/** Cut to the schema's limit without splitting a surrogate pair (an emoji would become a broken glyph). */
export function clip(value: string, max: number): string {
  if (value.length <= max) return value;
  const end = /[\uD800-\uDBFF]/.test(value.charAt(max - 1)) ? max - 1 : max;
  return value.slice(0, end);
}
