import { readdirSync, readFileSync } from 'node:fs';

/** Node-only (tests): every JSON file of a language folder merged into one resource tree. */
export function readLocale(language: string): Record<string, unknown> {
  const dir = new URL(`./locales/${language}/`, import.meta.url);
  const merged: Record<string, unknown> = {};
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const part = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Record<string, unknown>;
    for (const [key, value] of Object.entries(part)) {
      if (key in merged) throw new Error(`${language}/${file} repeats the top-level key "${key}"`);
      merged[key] = value;
    }
  }
  return merged;
}
