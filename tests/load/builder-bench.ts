import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import chromium from '@sparticuz/chromium';
import { chromium as playwright } from 'playwright-core';
import { sampleResumeEn } from '#shared/sample-resumes';
import { spawnCloud } from '../support/spawn-cloud.ts';

/**
 * The builder's budgets, measured in a real Chromium against the local cloud serving the built SPA:
 * - the JavaScript a cold load of /builder downloads (gzip), and the builder's own chunks;
 * - keystroke-to-preview: from a key's keydown to the first frame after the live preview shows the
 *   typed character, on a two-page resume (p50, p95; aim < 50 ms).
 * Writes tests/load/results/builder.{json,md}.
 */
const KEYSTROKES = 120;
const root = resolve(import.meta.dirname, '../..');
const dist = process.env.SPA_DIR ?? join(root, 'frontend/dist');
const outDir = resolve(import.meta.dirname, 'results');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (n: number) => Math.round(n * 100) / 100;

const dataDir = mkdtempSync(join(tmpdir(), 'resume-builder-bench-ui-'));
const cloud = await spawnCloud(dataDir);
const browser = await playwright.launch({
  executablePath: await chromium.executablePath(),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const { url, clientId } = cloud.info;
  const auth = await fetch(`${url}/cognito/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: 'demo@example.com', PASSWORD: 'Demo-Pass-2026' },
    }),
  });
  const token = ((await auth.json()) as { AuthenticationResult: { AccessToken: string } })
    .AuthenticationResult.AccessToken;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(`${url}/api/resume/import/json-resume`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ basics: { name: 'Bench Mark' } }),
  });
  const { id, revision } = ((await created.json()) as { data: { id: string; revision: number } }).data;
  const patched = await fetch(`${url}/api/resume/${id}`, {
    method: 'PATCH',
    headers: { ...headers, 'if-match': String(revision) },
    // The English sample without four short sections is two pages in every template (templates.spec.ts).
    body: JSON.stringify({
      ...sampleResumeEn,
      title: 'Bench: two pages',
      hiddenSections: ['custom:custom-1', 'volunteering', 'awards', 'certifications'],
    }),
  });
  if (!patched.ok) throw new Error(`could not store the sample resume: ${patched.status}`);

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${url}/auth`);
  await page
    .getByLabel(/e-?mail/i)
    .first()
    .fill('demo@example.com');
  await page
    .getByLabel(/password/i)
    .first()
    .fill('Demo-Pass-2026');
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.waitForURL(/\/resumes/);

  // A cold load of the builder: every script it fetches, sized as the gzip a CDN would serve.
  const scripts = new Set<string>();
  const fresh = await context.newPage();
  fresh.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js')) scripts.add(path);
  });
  await fresh.goto(`${url}/builder?id=${id}`);
  await fresh.locator('[data-preview-page]').first().waitFor();
  await fresh.close();
  const assets = [...scripts].map((path) => {
    const content = readFileSync(join(dist, path));
    return { file: path, bytes: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
  const js = {
    files: assets.length,
    bytes: assets.reduce((s, a) => s + a.bytes, 0),
    gzip: assets.reduce((s, a) => s + a.gzip, 0),
    assets: assets.sort((a, b) => b.gzip - a.gzip),
  };

  await page.goto(`${url}/builder?id=${id}`);
  const preview = page.locator('[data-page-count]').first();
  await preview.waitFor();
  const pages = Number(await preview.getAttribute('data-page-count'));
  const field = page.getByLabel(/^job title$/i).first();
  await field.click();
  await field.press('End');

  // keydown → the preview's text contains the new character → the next animation frame (it is painted).
  await page.evaluate(() => {
    const w = window as unknown as { __keyAt?: number; __samples?: number[] };
    w.__samples = [];
    document.addEventListener(
      'keydown',
      () => {
        w.__keyAt = performance.now();
      },
      true,
    );
  });
  const samples: number[] = [];
  for (let i = 0; i < KEYSTROKES; i++) {
    const marker = String.fromCharCode(97 + (i % 26));
    const expected = `${await field.inputValue()}${marker}`;
    const done = page.evaluate(
      (text) =>
        new Promise<number>((resolvePromise) => {
          const w = window as unknown as { __keyAt?: number };
          const root = document.querySelector('[data-page-count]') as HTMLElement;
          const check = () => {
            if (root.textContent?.includes(text)) {
              observer.disconnect();
              requestAnimationFrame(() => resolvePromise(performance.now() - (w.__keyAt ?? 0)));
              return true;
            }
            return false;
          };
          const observer = new MutationObserver(() => void check());
          observer.observe(root, { subtree: true, childList: true, characterData: true });
        }),
      expected.slice(-12),
    );
    await field.press(marker);
    samples.push(await done);
    if (i % 20 === 19) await page.waitForTimeout(300);
  }
  samples.sort((a, b) => a - b);
  const keystroke = {
    samples: samples.length,
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    max: round(samples.at(-1) ?? 0),
    pages,
  };

  const report = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? '', node: process.version },
    builderJs: js,
    keystrokeToPreviewMs: keystroke,
  };
  writeFileSync(join(outDir, 'builder.json'), `${JSON.stringify(report, null, 2)}\n`);
  const kib = (n: number) => `${round(n / 1024)} KiB`;
  const md = `# Builder (real Chromium, local cloud)

${report.date} · ${report.machine.cpus} × ${report.machine.cpu} · Node ${report.machine.node}

| Measure | Value |
|---|---|
| JavaScript of a cold /builder load (gzip) | ${kib(js.gzip)} in ${js.files} files (${kib(js.bytes)} raw) |
| Keystroke to preview, p50 | ${keystroke.p50} ms |
| Keystroke to preview, p95 | ${keystroke.p95} ms |
| Keystroke to preview, max | ${keystroke.max} ms |
| Resume | ${keystroke.pages} pages, ${keystroke.samples} keystrokes |

Largest scripts (gzip): ${js.assets
    .slice(0, 6)
    .map((a) => `\`${a.file.split('/').pop()}\` ${kib(a.gzip)}`)
    .join(', ')}
`;
  writeFileSync(join(outDir, 'builder.md'), md);
  console.log(md);
} finally {
  await browser.close();
  await cloud.interrupt();
  rmSync(dataDir, { recursive: true, force: true });
}
