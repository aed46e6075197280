import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import chromium from '@sparticuz/chromium';
import { type Browser, type Page, chromium as playwright, type Response } from 'playwright-core';
import type { ResumeContent } from '#shared/resume';
import { sampleResumeEn, sampleResumePtBr } from '#shared/sample-resumes';
import { templates } from '#shared/templates/registry';
import { buildHarness, HARNESS_ORIGIN, serveHarness, showResume } from '../e2e/support/harness.ts';
import { spawnCloud } from '../support/spawn-cloud.ts';

/**
 * The pictures of the product, taken in a real Chromium (`npm run docs:images`):
 * - docs/images/template-<id>.png: the first page of the English sample resume in each template, through
 *   the live preview (the preview harness of tests/e2e/support: no app build, no local cloud);
 * - frontend/public/templates/<id>.png: the same page 480 px wide, the landing page's gallery (static
 *   pictures, so the landing bundle carries no template code);
 * - docs/images/builder.png: the builder at 1280×800 with the demo user's English example resume, against
 *   the local cloud serving a build of the SPA (made in a temporary folder unless SPA_DIR holds one).
 */

const root = resolve(import.meta.dirname, '../..');
const docsDir = join(root, 'docs/images');
const galleryDir = join(root, 'frontend/public/templates');
const chromeArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

// US Letter is 816 CSS px wide. The README pictures are 612 px wide (sharp, yet light); the landing gallery's
// are 480 px, which the landing page shows at about 230 px: sharp on a 2× screen too. Each is laid out at
// full size and drawn at its scale by Chromium, which keeps PNGs of text small (RGB, few colours).
const LETTER_WIDTH = 816;
const DOCS_WIDTH = 612;
const GALLERY_WIDTH = 480;
const BUILDER_VIEWPORT = { width: 1280, height: 800 };
const DEMO = { email: 'demo@example.com', password: 'Demo-Pass-2026' };

const written: string[] = [];

function note(path: string): void {
  written.push(`${relative(root, path)} (${Math.round(statSync(path).size / 1024)} KiB)`);
}

/** Show the resume in the harness scaled to `width` and return its first page, fonts loaded. */
async function firstPage(page: Page, resume: ResumeContent, width: number) {
  const render = await showResume(page, resume, { zoom: width / LETTER_WIDTH });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page.locator(`[data-render="${render}"] [data-preview-page]`).first();
}

/** Each template's first page at two sizes, from the preview the builder shows. */
async function templatePictures(browser: Browser): Promise<void> {
  const harnessDir = mkdtempSync(join(tmpdir(), 'docs-images-harness-'));
  try {
    await buildHarness(harnessDir);
    const page = await browser.newPage({ viewport: { width: 1100, height: 1500 }, deviceScaleFactor: 1 });
    await serveHarness(page, harnessDir);
    await page.goto(`${HARNESS_ORIGIN}/`);
    for (const { id } of templates) {
      const resume = { ...sampleResumeEn, template: id };
      const docsPath = join(docsDir, `template-${id}.png`);
      await firstPage(page, resume, DOCS_WIDTH).then((shot) => shot.screenshot({ path: docsPath }));
      note(docsPath);
      const galleryPath = join(galleryDir, `${id}.png`);
      await firstPage(page, resume, GALLERY_WIDTH).then((shot) => shot.screenshot({ path: galleryPath }));
      note(galleryPath);
      // Portuguese visitors see a Portuguese resume (on Letter too, so every picture has the same size).
      const portuguese = {
        ...sampleResumePtBr,
        template: id,
        settings: { ...sampleResumePtBr.settings, pageSize: 'letter' as const },
      };
      const ptPath = join(galleryDir, `${id}-pt-BR.png`);
      await firstPage(page, portuguese, GALLERY_WIDTH).then((shot) => shot.screenshot({ path: ptPath }));
      note(ptPath);
    }
    await page.close();
  } finally {
    rmSync(harnessDir, { recursive: true, force: true });
  }
}

/** The folder holding a build of the SPA: SPA_DIR if it has one, else a fresh build in a temporary folder. */
function spaBuild(): { dir: string; temporary: boolean } {
  const given = process.env.SPA_DIR;
  if (given && existsSync(join(given, 'index.html'))) return { dir: given, temporary: false };
  const dir = given ?? mkdtempSync(join(tmpdir(), 'docs-images-spa-'));
  execFileSync(
    join(root, 'node_modules/.bin/vite'),
    ['build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'],
    {
      cwd: root,
      env: { ...process.env, SPA_DIR: dir },
      stdio: 'inherit',
    },
  );
  return { dir, temporary: !given };
}

interface ListedResume {
  id: string;
  title: string;
  settings: { language: string };
}

/** The builder as a signed-in user sees it, with the seeded English example resume open. */
async function builderPicture(browser: Browser): Promise<void> {
  const spa = spaBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'docs-images-cloud-'));
  // The local cloud serves the SPA from SPA_DIR (spawnCloud passes the environment on).
  process.env.SPA_DIR = spa.dir;
  const cloud = await spawnCloud(dataDir);
  try {
    const { url } = cloud.info;
    const context = await browser.newContext({ viewport: BUILDER_VIEWPORT, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(`${url}/auth?lng=en-US`);
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password').fill(DEMO.password);
    // The /resumes page the sign-in lands on lists the seeded resumes: their ids come from that answer.
    const listed = page.waitForResponse((r) => /\/api\/resume\/all\//.test(r.url()) && r.ok());
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const id = await englishExampleId(await listed);
    await page.goto(`${url}/builder?id=${encodeURIComponent(id)}`);
    await page.locator('[data-preview-ready="true"]').first().waitFor();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    // Let the autosave status and any entrance transition settle.
    await page.waitForTimeout(1000);
    const path = join(docsDir, 'builder.png');
    await page.screenshot({ path, animations: 'disabled' });
    note(path);
    await context.close();
  } finally {
    await cloud.interrupt();
    rmSync(dataDir, { recursive: true, force: true });
    if (spa.temporary) rmSync(spa.dir, { recursive: true, force: true });
  }
}

/** The id of the demo user's English example resume, from the list the /resumes page loaded. */
async function englishExampleId(response: Response): Promise<string> {
  const { data } = (await response.json()) as { data: ListedResume[] };
  const english = data.find((r) => r.settings.language === 'en') ?? data[0];
  if (!english) throw new Error('the demo user has no resume: is the local cloud seeding it?');
  return english.id;
}

mkdirSync(docsDir, { recursive: true });
mkdirSync(galleryDir, { recursive: true });
const browser = await playwright.launch({
  executablePath: await chromium.executablePath(),
  args: chromeArgs,
});
try {
  await templatePictures(browser);
  await builderPicture(browser);
} finally {
  await browser.close();
}
console.log(`Pictures written:\n  ${written.join('\n  ')}`);
