import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { buildImportGraph, findCycles, type ImportEdge } from '../tests/support/import-graph.ts';

/**
 * The layers of `functions/`, checked on every import of every file (tests included, parsed by the
 * TypeScript compiler in tests/support/import-graph.ts). From the bottom up:
 *
 *   contract.ts, lib/      the runtime contract and plain helpers (errors, logging, config, HTTP responses)
 *   adapters/              every AWS call: the table layer (adapters/table/) and S3, SQS, SES, Cognito, …
 *   domain/                the product's rules; it calls the repositories and adapters
 *   runtime/               what handlers run in: the HTTP pipeline (auth, audit) and the SQS job wrapper
 *   handlers/              Lambda entry points
 *
 * - `functions/` never imports `infra/` (the manifest builds on `functions/contract.ts`, not the reverse);
 * - a layer imports nothing from the layers above it (types aside: an adapter may name a domain type; a
 *   test may put layers together);
 * - the AWS SDK (`@aws-sdk/*`) is imported only in `functions/adapters/`;
 * - no import cycle between files (type-only imports aside: they vanish at run time).
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const { files, edges } = buildImportGraph({ root, include: ['functions'] });

const layers = ['lib', 'adapters', 'domain', 'runtime', 'handlers'] as const;
/** A file's layer, by its rank in `layers` (contract.ts sits with lib/ at the bottom). */
function rank(file: string): number | null {
  if (file === 'functions/contract.ts') return 0;
  const folder = /^functions\/([^/]+)\//.exec(file)?.[1];
  const at = layers.indexOf(folder as (typeof layers)[number]);
  return at === -1 ? null : at;
}

const show = (list: readonly ImportEdge[]) => list.map((e) => `${e.from}:${e.line} imports ${e.specifier}`);

describe('the layers of functions/', () => {
  it('reads every file and its imports', () => {
    expect(files).toContain('functions/contract.ts');
    expect(files.length).toBeGreaterThan(200);
    expect(edges.length).toBeGreaterThan(800);
    // Every file but the test itself sits in a layer, so none escapes the rules.
    expect(files.filter((f) => rank(f) === null && f !== 'functions/architecture.test.ts')).toEqual([]);
  });

  it('never imports infra/', () => {
    expect(show(edges.filter((e) => e.to?.startsWith('infra/')))).toEqual([]);
  });

  it('imports nothing from a layer above (an adapter may name a domain type; a test may compose)', () => {
    const upward = edges.filter((e) => {
      if (!e.to || e.typeOnly || e.from.endsWith('.test.ts')) return false;
      const from = rank(e.from);
      const to = rank(e.to);
      return from !== null && to !== null && to > from;
    });
    expect(show(upward)).toEqual([]);
  });

  it('imports the AWS SDK only in functions/adapters/', () => {
    const outside = edges.filter(
      (e) =>
        e.to === null && e.specifier.startsWith('@aws-sdk/') && !e.from.startsWith('functions/adapters/'),
    );
    expect(show(outside)).toEqual([]);
  });

  it('has no import cycle between files', () => {
    expect(findCycles(edges.filter((e) => !e.typeOnly))).toEqual([]);
  });

  it('tells the layers apart', () => {
    expect(rank('functions/contract.ts')).toBe(0);
    expect(rank('functions/lib/http.ts')).toBe(0);
    expect(rank('functions/adapters/table/resumes.ts')).toBe(1);
    expect(rank('functions/handlers/ai.ts')).toBe(4);
    expect(rank('functions/elsewhere.ts')).toBeNull();
  });
});
