// Regenerates schema.ts from schema.json. The schema ships as a module rather than a JSON import because
// @swc/jest drops the `with { type: 'json' }` attribute, which Jest warns will become an error.
// Run from the repository root: node_modules/.bin/node functions/domain/json-resume/schema/generate-schema.ts
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const here = import.meta.dirname;
const schema: unknown = JSON.parse(readFileSync(join(here, 'schema.json'), 'utf8'));
const target = join(here, 'schema.ts');

writeFileSync(
  target,
  [
    '// Generated from schema.json by generate-schema.ts: do not edit; change schema.json and re-run the script.',
    '',
    '/** The JSON Resume schema v1.0.0 (draft-07), vendored under the MIT licence in LICENSE.md. */',
    `export const jsonResumeSchema = ${JSON.stringify(schema, null, 2)};`,
    '',
  ].join('\n'),
);
execFileSync(join(here, '../../../../node_modules/.bin/biome'), ['format', '--write', target], {
  stdio: 'inherit',
});
