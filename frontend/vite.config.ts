import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { guardTextGroups } from './src/app/guard-texts.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// SPA_DIR lets parallel checkouts or test runs build into their own folder (the local cloud serves the same).
const outDir = process.env.SPA_DIR ?? join(root, 'dist');
// The server-side build of the prerenderer: build-time only, never served.
const prerenderDir = join(repoRoot, 'node_modules/.cache/prerender');

// The dev server forwards everything the local cloud serves (runtime config, API, Cognito, WebSocket,
// outbox), so `npm run dev:frontend` works next to `npm start` without CORS.
const localCloud = process.env.LOCAL_CLOUD_URL ?? 'http://localhost:3000';
const forwarded = ['/config.json', '/api', '/cognito', '/_local'];

interface PrerenderModule {
  prerender(template: string, now?: Date, productMark?: string): Promise<{ file: string; content: string }[]>;
}

/**
 * Three chunks where automatic splitting made some forty small ones: the public app (every module app.tsx
 * reaches through static imports), the signed-in shell (what the route guard and the app layout reach, less the
 * public app) and what the builder shares with the other signed-in pages. A signed-in page then starts with a
 * handful of requests instead of dozens, each a round trip on a slow network. Each page, the other message
 * catalogues and the entry's own modules keep their chunks; the plugin reads the module graph once the client
 * build has it, and the groups below ask it at chunking time.
 */
function appChunks() {
  const publicApp = new Set<string>();
  const signedInShell = new Set<string>();
  const builderShared = new Set<string>();
  const closure = (roots: string[], info: (id: string) => { importedIds: readonly string[] } | null) => {
    const seen = new Set<string>();
    const queue = [...roots];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(...(info(id)?.importedIds ?? []));
    }
    return seen;
  };
  const plugin: Plugin = {
    name: 'app-chunks',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildEnd() {
      const info = (id: string) => this.getModuleInfo(id);
      const app = closure([join(root, 'src/app/app.tsx')], info);
      const shell = closure(
        [join(root, 'src/app/require-auth.tsx'), join(root, 'src/app/layouts/app-layout.tsx')],
        info,
      );
      for (const id of app) publicApp.add(id);
      for (const id of shell) if (!app.has(id)) signedInShell.add(id);
      // The English texts the guard loads before any signed-in page renders: in the shell's chunk rather
      // than four more requests.
      for (const group of guardTextGroups)
        signedInShell.add(join(root, `src/i18n/locales/en-US/${group}.json`));
      // What the builder shares with the other signed-in pages (the resume's helpers and API calls, drafts,
      // the template registry, the PDF button): one chunk, not one per combination of pages.
      // The signed-in pages are the routes app/signed-in-modules.ts imports.
      const pages = (info(join(root, 'src/app/signed-in-modules.ts'))?.dynamicallyImportedIds ?? []).filter(
        (id) => id.startsWith(join(root, 'src/app/routes/')),
      );
      const builder = join(root, 'src/app/routes/builder.tsx');
      if (!pages.includes(builder))
        throw new Error('app-chunks: app/signed-in-modules.ts no longer imports the builder');
      const others = new Set(pages.filter((id) => id !== builder).flatMap((id) => [...closure([id], info)]));
      for (const id of closure([builder], info)) {
        if (others.has(id) && !app.has(id) && !shell.has(id)) builderShared.add(id);
      }
    },
  };
  return {
    plugin,
    groups: [
      { name: 'app', test: (id: string) => publicApp.has(id), priority: 25 },
      { name: 'signed-in', test: (id: string) => signedInShell.has(id), priority: 20 },
      { name: 'pages', test: (id: string) => builderShared.has(id), priority: 15 },
    ],
  };
}
const chunks = appChunks();

export default defineConfig({
  root,
  plugins: [react(), chunks.plugin],
  build: {
    outDir,
    emptyOutDir: true,
    // Maps for debugging and bundle analysis, not referenced from the served files.
    sourcemap: 'hidden',
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Libraries change less often than the app: separate chunks stay cached across deploys.
            codeSplitting: {
              groups: [
                {
                  name: 'react',
                  test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
                  priority: 30,
                },
                {
                  name: 'amplify',
                  test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@smithy|js-cookie|tslib)[\\/]/,
                  priority: 30,
                },
                { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 30 },
                // The entry's own modules stay its own: the landing page loads nothing else before an intent.
                { name: 'start', tags: ['$initial'], priority: 40 },
                ...chunks.groups,
              ],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        outDir: prerenderDir,
        emptyOutDir: true,
        sourcemap: false,
        rolldownOptions: { input: join(root, 'src/prerender.tsx') },
      },
    },
  },
  // `vite build` builds the SPA, then (unless PRERENDER=0) prerenders the public pages into it in every
  // edition of shared/site.ts: dist/index.html (landing) and dist/{pricing,faq,privacy-policy,terms}/index.html
  // in en-US, the same under dist/pt-BR/ and dist/pt-BR-BRL/, plus dist/spa.html, the empty shell every other
  // path should be served.
  builder: {
    async buildApp(builder) {
      const { client, ssr } = builder.environments;
      if (!client || !ssr) throw new Error('the client and ssr environments are missing');
      await builder.build(client);
      if (process.env.PRERENDER === '0') return;
      await builder.build(ssr);
      const entry = pathToFileURL(join(prerenderDir, 'prerender.js')).href;
      const { prerender } = (await import(entry)) as PrerenderModule;
      const template = readFileSync(join(outDir, 'index.html'), 'utf8');
      // The app shell (spa.html) shows the product's mark while the app loads: the favicon's SVG.
      const productMark = readFileSync(join(root, 'public/favicon.svg'), 'utf8');
      for (const { file, content } of await prerender(template, new Date(), productMark)) {
        const target = join(outDir, file);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, content);
      }
      rmSync(prerenderDir, { recursive: true, force: true });
    },
  },
  server: {
    fs: { allow: [repoRoot] },
    proxy: {
      ...Object.fromEntries(forwarded.map((path) => [path, { target: localCloud, changeOrigin: true }])),
      '/ws': { target: localCloud, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: Object.fromEntries(forwarded.map((path) => [path, { target: localCloud, changeOrigin: true }])),
  },
});
