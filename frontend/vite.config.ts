import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig({
  root,
  plugins: [react()],
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
                },
                {
                  name: 'amplify',
                  test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@smithy|js-cookie|tslib)[\\/]/,
                },
                { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
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
