import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { build, type Plugin } from 'esbuild';

/** Builds and serves the preview harness (preview-harness.tsx) for Playwright, without Vite or a server. */

const repoRoot = join(import.meta.dirname, '../../..');
export const HARNESS_ORIGIN = 'http://preview-harness.test';

// esbuild has no import.meta.glob: the Vite font module is swapped for one that names /fonts/ URLs.
const fontUrls: Plugin = {
  name: 'harness-font-urls',
  setup(b) {
    b.onResolve({ filter: /\/font-urls\.ts$/ }, (args) =>
      args.importer.includes('features/preview')
        ? { path: join(import.meta.dirname, 'font-urls.ts') }
        : undefined,
    );
  },
};

/** Bundle the harness into `outDir` (app.js, app.css, index.html). */
export async function buildHarness(outDir: string, options: { production?: boolean } = {}): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: { app: join(import.meta.dirname, 'preview-harness.tsx') },
    outdir: outDir,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    jsx: 'automatic',
    absWorkingDir: repoRoot,
    define: { 'process.env.NODE_ENV': options.production === false ? '"development"' : '"production"' },
    loader: { '.woff2': 'file', '.woff': 'file', '.svg': 'file', '.png': 'file' },
    plugins: [fontUrls],
    logLevel: 'warning',
  });
}

const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Preview harness</title>
<link rel="stylesheet" href="/app.css"></head><body><div id="root"></div><script type="module" src="/app.js"></script></body></html>`;

const types: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.woff2': 'font/woff2',
  '.html': 'text/html',
};

/** Answer every request to the harness origin from `outDir` (and /fonts/ from node_modules). */
export async function serveHarness(page: Page, outDir: string): Promise<void> {
  await page.route(`${HARNESS_ORIGIN}/**`, async (route) => {
    const path = decodeURIComponent(new URL(route.request().url()).pathname);
    if (path === '/' || path === '/index.html') {
      return route.fulfill({ status: 200, contentType: 'text/html', body: html });
    }
    const file = path.startsWith('/fonts/')
      ? join(repoRoot, 'node_modules', path.slice('/fonts/'.length))
      : join(outDir, path);
    if (path.includes('..')) return route.fulfill({ status: 400 });
    try {
      const body = readFileSync(file);
      const type = types[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream';
      return route.fulfill({ status: 200, contentType: type, body });
    } catch {
      return route.fulfill({ status: 404, body: 'not found' });
    }
  });
}

/** Show a resume in the harness and wait until its pages are laid out with the real fonts. */
export async function showResume(
  page: Page,
  resume: unknown,
  options: { zoom?: number | 'fit'; photoSrc?: string; thumbnails?: number; width?: number } = {},
): Promise<number> {
  const id = await page.evaluate(([r, o]) => window.__renderResume(r as never, o as never), [
    resume,
    options,
  ] as const);
  const ready = options.thumbnails
    ? `[data-render="${id}"] .resume-thumbnail [data-preview-ready="true"]`
    : `[data-render="${id}"] [data-preview-ready="true"]`;
  await page.locator(ready).first().waitFor({ state: 'attached' });
  return id;
}
