import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from '@jest/globals';

/**
 * The layers of `functions/`, checked on every import of every file (tests included):
 * - `functions/` never imports `infra/` (the manifest builds on `functions/contract.ts`, not the reverse);
 * - `functions/lib/` imports nothing of `domain/`, `adapters/`, `runtime/` or `handlers/`;
 * - the AWS SDK (`@aws-sdk/*`) is imported only in `functions/adapters/` (the table layer and the other
 *   adapters); domain modules hold the rules and call repositories.
 */

const root = join(import.meta.dirname, '..');
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'functions'], { cwd: root })
  .toString()
  .split('\n')
  .filter((f) => /\.(ts|tsx)$/.test(f));

/** Every module specifier a file names: static imports, re-exports, dynamic imports, jest module mocks. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\b(?:jest\.(?:unstable_mockModule|mock))\(\s*['"]([^'"]+)['"]/g,
  ];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) if (m[1]) found.push(m[1]);
  return found;
}

/** The repository path an import points at (`#functions/x` → `functions/x`), or the package name. */
function target(file: string, specifier: string): string {
  if (specifier.startsWith('.')) return normalize(join(dirname(file), specifier));
  const alias = /^#(functions|shared|infra)\/(.*)$/.exec(specifier);
  if (alias) return `${alias[1]}/${alias[2]}`;
  return specifier;
}

const imports = files.flatMap((file) =>
  specifiers(readFileSync(join(root, file), 'utf8')).map((specifier) => ({
    file,
    specifier,
    to: target(file, specifier),
  })),
);

const show = (list: typeof imports) => list.map((i) => `${i.file} imports ${i.specifier}`);

/**
 * Files that still call the AWS SDK from outside functions/adapters/ while the table layer (issue 23) moves
 * their calls into repositories. The list may only shrink: the test fails when a file is missing from it and
 * when a file on it no longer needs to be.
 */
const notYetMoved = new Set<string>([]);

describe('the layers of functions/', () => {
  it('finds the imports it checks', () => {
    expect(files).toContain('functions/contract.ts');
    expect(imports.length).toBeGreaterThan(500);
    expect(specifiers("import { a } from './a.ts';\nconst b = await import('#functions/b');")).toEqual([
      './a.ts',
      '#functions/b',
    ]);
  });

  it('never imports infra/', () => {
    expect(show(imports.filter((i) => i.to.startsWith('infra/')))).toEqual([]);
  });

  it('keeps lib/ below the domain, the adapters and the handlers', () => {
    const above = /^functions\/(domain|adapters|runtime|handlers)\//;
    expect(show(imports.filter((i) => i.file.startsWith('functions/lib/') && above.test(i.to)))).toEqual([]);
  });

  it('imports the AWS SDK only in functions/adapters/', () => {
    const outside = imports.filter(
      (i) => i.to.startsWith('@aws-sdk/') && !i.file.startsWith('functions/adapters/'),
    );
    const offenders = [...new Set(outside.map((i) => i.file))].sort();
    expect(offenders.filter((f) => !notYetMoved.has(f))).toEqual([]);
    expect([...notYetMoved].filter((f) => !offenders.includes(f))).toEqual([]);
  });

  it('resolves relative and aliased paths', () => {
    expect(target('functions/lib/http.ts', '../domain/x.ts')).toBe('functions/domain/x.ts');
    expect(target('functions/lib/http.ts', '#infra/app-manifest')).toBe('infra/app-manifest');
    expect(relative('functions', target('functions/a/b.ts', '../../infra/x.ts'))).toBe('../infra/x.ts');
  });
});
