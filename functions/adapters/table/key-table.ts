import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { entities } from './entities.ts';
import { renderKeyTable } from './entity.ts';

/**
 * README.md's key table, made from the entity declarations. `node functions/adapters/table/key-table.ts
 * --write` rewrites it between its markers; a unit test fails while the README and the declarations differ.
 */

export const README = join(import.meta.dirname, '..', '..', '..', 'README.md');
const START = '<!-- key-table:start (made by functions/adapters/table/key-table.ts) -->';
const END = '<!-- key-table:end -->';

/** The README with its key table made from the declarations. */
export function withKeyTable(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start === -1 || end < start) throw new Error(`README.md has no ${START} … ${END} block.`);
  return `${readme.slice(0, start + START.length)}\n${renderKeyTable(entities)}\n${readme.slice(end)}`;
}

if (process.argv[1] === import.meta.filename && process.argv.includes('--write')) {
  writeFileSync(README, withKeyTable(readFileSync(README, 'utf8')));
}
