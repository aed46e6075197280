import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import {
  buildImportGraph,
  findCycles,
  type ImportEdge,
  parseImports,
} from '../../tests/support/import-graph.ts';

/**
 * The front end's walls, checked on every import of every file under frontend/src (tests included): static
 * imports, `export ... from`, `import()` and type-only imports alike. Code flows one way: shared code (lib/,
 * components/, config/, i18n/) → features → the app (app/, main.tsx, prerender.tsx), which composes them.
 *
 * 1. A feature's face is its `index.ts`. Another feature imports nothing else of it.
 * 2. The app imports a feature's `index.ts`, one of the entry files listed in `appEntries` below, or a
 *    feature's stylesheet: the house loads a page's styles from its route, so the modules unit tests import
 *    carry none (and a test of the app stubs them).
 * 3. Shared code imports no feature and nothing of the app; a feature imports nothing of the app.
 * 4. No import cycle, between files nor between features.
 *
 * A test's `jest.unstable_mockModule` counts as an import: a test stubs another feature through its face too.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const src = 'frontend/src';

/**
 * Entry files: a feature's doors that only the app opens, each at the feature's top level. They exist because
 * of how the SPA is split into chunks: a module lands in the chunk of whatever reaches it (vite.config.ts
 * places whole closures in the public app's, the signed-in shell's and the pages' chunks), and an index
 * reaches everything it re-exports. A page re-exported by an index that the shell or another page imports
 * would be downloaded with them; a helper the first chunk needs would drag its feature's index into it. So a
 * page loaded on demand, a message catalogue fetched beside its page, and the few helpers the first chunk or
 * the shell need have a door of their own. Each line says who opens it.
 */
const appEntries: Record<string, string> = {
  'account/account-settings.ts': 'the /account-settings route: the page sections, its own chunk',
  'account/account-deleted.ts': 'the public /account-deleted route: without the signed-in hook of index.ts',
  'ai/pages.ts':
    'the assistant and tailoring routes: their pages, never in the builder (index.ts is its door)',
  'ai/messages.ts': "the router, beside the AI pages' code: the texts arrive with the page, not after it",
  'analytics/analytics-root.ts':
    "the router's root: it needs the router and session, which index.ts must not",
  'auth/auth-callback.ts': "the social sign-in callback route: Amplify's session, not in the shell",
  'auth/auth-page.ts': 'the /auth route: the sign-in, sign-up and confirmation forms, its own chunk',
  'auth/reset-password.ts': 'the /reset-password route: its two forms, its own chunk',
  'billing/live-updates.ts': "the signed-in layout: subscription pushes, without the pricing page's checkout",
  'billing/subscription-page.ts': 'the /subscription route: the page, its own chunk',
  'billing/messages.ts': "the router, beside the subscription page's code",
  'builder/prefetch.ts': 'the router and the first chunk: fetch the preview early, without the editor',
  'builder/editor-texts.ts': "the first chunk asks for the editor's English texts before the route matches",
  'builder/messages.ts': "the router, beside the builder's code",
  'builder/drafts.ts': "the /new-resume route: forget the new resume's draft without loading the editor",
  'flags/flag-gate.ts': 'the router, on demand: the route element that hides a flagged page',
  'impersonation/read-only-resume.ts': 'the builder route, on demand: only staff viewing as a user need it',
  'import/messages.ts': "the router, beside the upload page's code",
  'public/hydration.ts': 'the first chunk (app.tsx, hydrate-on-intent.ts): take over a prerendered page',
  'public/prerender.ts': "the build's prerenderer (prerender.tsx): each public page's HTML and head",
  'public/faq-page.ts': 'the /faq route: its own chunk',
  'public/pricing-page.ts': 'the /pricing route: its own chunk (with checkout)',
  'public/privacy-page.ts': 'the /privacy-policy route: its own chunk',
  'public/terms-page.ts': 'the /terms route: its own chunk',
  'resumes/resumes-page.ts': 'the /resumes route: the grid and its actions, never in the builder',
  'resumes/resume-limit.ts': "the /new-resume route: the plan's limit page, never in the builder",
  'shell/app-frame.ts': "the signed-in layout: header and sidebar, not in the public pages' chunk",
};

type Area = { kind: 'feature'; name: string } | { kind: 'app' } | { kind: 'shared' } | { kind: 'outside' };

/** Where a file of frontend/src sits: a feature, the app (composition), or shared code. */
function areaOf(path: string): Area {
  if (!path.startsWith(`${src}/`)) return { kind: 'outside' };
  const rest = path.slice(src.length + 1);
  const feature = /^features\/([^/]+)\//.exec(rest);
  if (feature?.[1]) return { kind: 'feature', name: feature[1] };
  if (rest.startsWith('app/') || !rest.includes('/')) return { kind: 'app' };
  return { kind: 'shared' };
}

const featurePath = (name: string, file: string) => `${src}/features/${name}/${file}`;
const show = (edge: ImportEdge, why: string) =>
  `${edge.from}:${edge.line} imports '${edge.specifier}' (${edge.to}): ${why}`;

/** Every import that crosses a wall the wrong way, said with its place and the rule it breaks. */
function wallViolations(edges: readonly ImportEdge[], entries: Record<string, string>): string[] {
  const found: string[] = [];
  for (const edge of edges) {
    if (edge.to === null) continue;
    const from = areaOf(edge.from);
    const to = areaOf(edge.to);
    if (to.kind === 'app' && from.kind !== 'app' && from.kind !== 'outside') {
      found.push(show(edge, 'only the app imports the app'));
      continue;
    }
    if (to.kind !== 'feature' || (from.kind === 'feature' && from.name === to.name)) continue;
    const index = featurePath(to.name, 'index.ts');
    if (from.kind === 'shared') found.push(show(edge, 'shared code imports no feature'));
    else if (from.kind === 'feature' && edge.to !== index)
      found.push(show(edge, `another feature imports only features/${to.name}/index.ts`));
    else if (from.kind === 'app' && edge.to !== index) {
      const entry = edge.to.slice(`${src}/features/`.length);
      if (!(entry in entries) && !edge.to.endsWith('.css'))
        found.push(show(edge, `the app imports features/${to.name}/index.ts or a listed entry file`));
    }
  }
  return found;
}

const graph = buildImportGraph({ root, include: [src] });
// A stub replaces a module before anything loads it: no cycle goes through it.
const wired = graph.edges.filter((edge) => edge.kind !== 'mock');

describe('the front end keeps its walls', () => {
  it('a feature reaches another only through its index.ts, and the app through index.ts or a listed entry', () => {
    expect(wallViolations(graph.edges, appEntries)).toEqual([]);
  });

  it('has no import cycle between files', () => {
    expect(findCycles(wired)).toEqual([]);
  });

  it('has no import cycle between features', () => {
    const feature = (file: string) => {
      const area = areaOf(file);
      return area.kind === 'feature' ? area.name : null;
    };
    expect(findCycles(wired, feature)).toEqual([]);
  });

  it('every feature has an index.ts, and every listed entry file exists at its top level', () => {
    const features = [
      ...new Set(graph.files.map(areaOf).flatMap((a) => (a.kind === 'feature' ? [a.name] : []))),
    ];
    const missing = [...features.map((name) => `${name}/index.ts`), ...Object.keys(appEntries)].filter(
      (entry) => entry.split('/').length !== 2 || !existsSync(`${root}/${src}/features/${entry}`),
    );
    expect(missing).toEqual([]);
  });

  it('sees a real import graph (a check over nothing would pass)', () => {
    expect(graph.files.length).toBeGreaterThan(300);
    expect(wired.some((edge) => edge.kind === 'dynamic' && edge.to?.includes('/features/'))).toBe(true);
  });
});

describe('the walls check (on made-up imports)', () => {
  const edge = (from: string, to: string, kind: ImportEdge['kind'] = 'import'): ImportEdge => ({
    from: `${src}/${from}`,
    to: `${src}/${to}`,
    specifier: `./${to}`,
    kind,
    typeOnly: false,
    line: 1,
  });

  it('refuses a deep import into another feature, static, dynamic or type-only, and names it', () => {
    const deep = edge('features/ai/components/page.tsx', 'features/resumes/api/keys.ts');
    expect(wallViolations([deep], {})).toEqual([
      `${src}/features/ai/components/page.tsx:1 imports './features/resumes/api/keys.ts' (${src}/features/resumes/api/keys.ts): another feature imports only features/resumes/index.ts`,
    ]);
    expect(wallViolations([{ ...deep, kind: 'dynamic' }], {})).toHaveLength(1);
    expect(wallViolations([{ ...deep, typeOnly: true }], {})).toHaveLength(1);
    expect(wallViolations([{ ...deep, kind: 'export' }], {})).toHaveLength(1);
  });

  it("lets a feature use another's index.ts and its own files, and a test stub another's index.ts", () => {
    expect(
      wallViolations(
        [
          edge('features/ai/components/page.tsx', 'features/resumes/index.ts'),
          edge('features/ai/components/page.tsx', 'features/ai/api/keys.ts'),
          edge('features/ai/components/page.test.tsx', 'features/resumes/index.ts', 'mock'),
        ],
        {},
      ),
    ).toEqual([]);
    expect(
      wallViolations(
        [edge('features/ai/components/page.test.tsx', 'features/resumes/api/keys.ts', 'mock')],
        {},
      ),
    ).toHaveLength(1);
  });

  it('lets the app use an index, a listed entry and a stylesheet, and nothing else', () => {
    const entries = { 'builder/prefetch.ts': 'why' };
    expect(
      wallViolations(
        [
          edge('app/router.tsx', 'features/builder/index.ts'),
          edge('app/router.tsx', 'features/builder/prefetch.ts', 'dynamic'),
          edge('app/routes/builder.tsx', 'features/builder/components/builder.css'),
        ],
        entries,
      ),
    ).toEqual([]);
    expect(
      wallViolations(
        [
          edge('app/router.tsx', 'features/builder/lib/layout.ts', 'dynamic'),
          edge('app/routes/builder.test.tsx', 'features/builder/hooks/use-resume-session.ts', 'mock'),
          edge('main.tsx', 'features/builder/store/drafts.ts'),
        ],
        entries,
      ),
    ).toHaveLength(3);
  });

  it('keeps shared code off the features and the app, and the features off the app', () => {
    expect(
      wallViolations(
        [
          edge('lib/auth.tsx', 'features/auth/index.ts'),
          edge('components/dialog.tsx', 'app/router.tsx'),
          edge('features/ai/components/page.tsx', 'app/routes/builder.tsx'),
        ],
        {},
      ),
    ).toHaveLength(3);
  });

  it('finds a cycle through several files, and between features', () => {
    const ring = [
      edge('features/a/x.ts', 'features/b/index.ts'),
      edge('features/b/index.ts', 'features/b/y.ts'),
      edge('features/b/y.ts', 'features/a/index.ts'),
      edge('features/a/index.ts', 'features/a/x.ts'),
    ];
    expect(findCycles(ring)).toEqual([
      [
        `${src}/features/a/index.ts`,
        `${src}/features/a/x.ts`,
        `${src}/features/b/index.ts`,
        `${src}/features/b/y.ts`,
      ],
    ]);
    const feature = (file: string) => file.split('/')[3] ?? null;
    expect(findCycles(ring, feature)).toEqual([['a', 'b']]);
    expect(findCycles(ring.slice(0, 3), feature)).toEqual([['a', 'b']]);
    expect(findCycles(ring.slice(0, 2))).toEqual([]);
  });
});

describe('the import parser', () => {
  it('reads static, re-export, dynamic, type-only and mocked imports, not those in comments or strings', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      "import { type C, type D } from './c.ts';",
      "import './side.css';",
      "export { e } from './e.ts';",
      "export type { F } from './f.ts';",
      "const g = () => import('./g.ts');",
      "type H = typeof import('./h.ts');",
      "jest.unstable_mockModule('./i.ts', () => ({}));",
      "// import { no } from './comment.ts';",
      'const text = "import { no } from \'./string.ts\'";',
    ].join('\n');
    expect(
      parseImports(source, 'file.test.ts').map(({ specifier, kind, typeOnly, line }) => [
        specifier,
        kind,
        typeOnly,
        line,
      ]),
    ).toEqual([
      ['./a.ts', 'import', false, 1],
      ['./b.ts', 'import', true, 2],
      ['./c.ts', 'import', true, 3],
      ['./side.css', 'import', false, 4],
      ['./e.ts', 'export', false, 5],
      ['./f.ts', 'export', true, 6],
      ['./g.ts', 'dynamic', false, 7],
      ['./h.ts', 'import', true, 8],
      ['./i.ts', 'mock', false, 9],
    ]);
  });

  it("resolves relative paths and package.json's aliases, and leaves packages unresolved", () => {
    const edges = graph.edges.filter((e) => e.from === `${src}/lib/get-me.ts`);
    expect(edges.map((e) => [e.specifier, e.to])).toEqual([
      ['@tanstack/react-query', null],
      ['#shared/account', 'shared/account.ts'],
      ['#shared/plans', 'shared/plans.ts'],
      ['#shared/roles', 'shared/roles.ts'],
      ['./api-client.ts', `${src}/lib/api-client.ts`],
    ]);
  });
});
