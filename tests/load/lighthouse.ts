import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import chromium from '@sparticuz/chromium';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { spawnCloud } from '../support/spawn-cloud.ts';

/**
 * Public pages: the landing page's initial JavaScript (gzip) and Lighthouse scores, mobile and desktop,
 * against the real local cloud serving `frontend/dist`. Writes tests/load/results/lighthouse.{json,md}.
 *
 *   npm run build && node tests/load/lighthouse.ts             # starts its own local cloud
 *   node tests/load/lighthouse.ts --url http://localhost:4330   # against one already running
 */
const { values: args } = parseArgs({ options: { url: { type: 'string' } } });
const root = resolve(import.meta.dirname, '../..');
const dist = join(root, 'frontend/dist');
const outDir = resolve(import.meta.dirname, 'results');
const pages = ['/', '/pricing', '/faq', '/privacy-policy'];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface InitialAsset {
  file: string;
  bytes: number;
  gzip: number;
}

/** The JavaScript dist/index.html loads before anything else: its module script and modulepreloads. */
function initialJs(): { assets: InitialAsset[]; bytes: number; gzip: number } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = new Set(
    [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map(
      (m) => m[1] ?? '',
    ),
  );
  const assets = [...files].map((file) => {
    const content = readFileSync(join(dist, file));
    return { file, bytes: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
  return {
    assets: assets.sort((a, b) => b.gzip - a.gzip),
    bytes: assets.reduce((sum, a) => sum + a.bytes, 0),
    gzip: assets.reduce((sum, a) => sum + a.gzip, 0),
  };
}

interface PageResult {
  page: string;
  formFactor: 'mobile' | 'desktop';
  scores: Record<(typeof categories)[number], number>;
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; speedIndex: number };
}

async function audit(baseUrl: string, port: number, page: string, desktop: boolean): Promise<PageResult> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: [...categories] };
  const result = await lighthouse(`${baseUrl}${page}`, flags, desktop ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
  const { lhr } = result;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => Math.round((lhr.audits[id]?.numericValue ?? 0) * 1000) / 1000;
  return {
    page,
    formFactor: desktop ? 'desktop' : 'mobile',
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    metrics: {
      fcp: Math.round(metric('first-contentful-paint')),
      lcp: Math.round(metric('largest-contentful-paint')),
      tbt: Math.round(metric('total-blocking-time')),
      cls: metric('cumulative-layout-shift'),
      speedIndex: Math.round(metric('speed-index')),
    },
  };
}

if (!existsSync(join(dist, 'index.html')))
  throw new Error('frontend/dist is missing: run `npm run build` first');

const dataDir = args.url ? null : mkdtempSync(join(tmpdir(), 'resume-builder-lighthouse-'));
const cloud = dataDir ? await spawnCloud(dataDir) : null;
const baseUrl = (args.url ?? cloud?.info.url ?? '').replace(/\/+$/, '');
const chrome = await chromeLauncher.launch({ chromePath: await chromium.executablePath(), chromeFlags });
try {
  const results: PageResult[] = [];
  for (const desktop of [false, true]) {
    for (const page of pages) results.push(await audit(baseUrl, chrome.port, page, desktop));
  }
  const js = initialJs();
  const report = { date: new Date().toISOString(), baseUrl, landingInitialJs: js, results };
  writeFileSync(join(outDir, 'lighthouse.json'), `${JSON.stringify(report, null, 2)}\n`);

  const kb = (n: number) => (n / 1024).toFixed(1);
  const md = `# Public pages: Lighthouse and initial JavaScript

${report.date} · ${baseUrl} (local cloud) · Lighthouse default throttling (mobile: slow 4G, 4× CPU)

Landing page initial JavaScript (module script and modulepreloads of dist/index.html):
**${kb(js.gzip)} KiB gzip** (${kb(js.bytes)} KiB raw)

| File | raw KiB | gzip KiB |
|---|---|---|
${js.assets.map((a) => `| ${a.file} | ${kb(a.bytes)} | ${kb(a.gzip)} |`).join('\n')}

| Page | Form factor | Performance | Accessibility | Best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | Speed index ms |
|---|---|---|---|---|---|---|---|---|---|---|
${results
  .map(
    (r) =>
      `| ${r.page} | ${r.formFactor} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${r.metrics.fcp} | ${r.metrics.lcp} | ${r.metrics.tbt} | ${r.metrics.cls} | ${r.metrics.speedIndex} |`,
  )
  .join('\n')}
`;
  writeFileSync(join(outDir, 'lighthouse.md'), md);
  console.log(md);
} finally {
  chrome.kill();
  await cloud?.interrupt();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
