import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { expect, type Page, test } from '@playwright/test';
import { browserPid, closeBrowser } from '../../functions/adapters/chromium.ts';
import { renderPdf } from '../../functions/domain/pdf-render.ts';
import type { ResumeContent } from '../../shared/resume.ts';
import { shortResume } from '../../shared/sample-resumes.ts';
import { templates } from '../../shared/templates/registry.ts';
import { readPdf } from '../support/pdf-text.ts';
import { buildHarness, HARNESS_ORIGIN, serveHarness, showResume } from './support/harness.ts';
import {
  compareImages,
  decodePng,
  encodePng,
  type PixelDiff,
  rasterisePdf,
  shiftDown,
} from './support/raster.ts';
import { twoPageResume, variant } from './support/resumes.ts';

/**
 * The PDF is the preview: every template's resume is shown in the live preview (the harness) and printed by
 * the PDF worker's renderer (functions/domain/pdf-render.ts, its own headless Chromium); both must have the
 * same pages, and the same page must look the same, pixel by pixel. The numbers, the screenshots, the PDF
 * pages and the diff images go to $TMPDIR/pdf-fidelity/.
 * Run: npx playwright test -c tests/e2e/playwright.templates.config.ts pdf-fidelity
 */

const resultsDir = join(tmpdir(), 'pdf-fidelity');
const resultsFile = join(tmpdir(), 'pdf-fidelity.json');

/** A channel differing by more than this is a different pixel, not a different shade of anti-aliasing. */
const CHANNEL_THRESHOLD = 48;
/**
 * Bounds on a page's differences. Measured: at most 0.06% of pixels and a mean of 0.9 (glyph edges drawn by
 * Skia in the preview and by pdf.js from the PDF, and the preview frame's rounded corners). The same page
 * 4 px lower differs on several percent; lines wrapped differently (another hinting) on 6 to 8%.
 */
const MAX_DIFFERING = 0.005;
const MAX_MEAN_ABS_DIFF = 2.5;

let outDir = '';
let photoSrc = '';
let rendered = 0;
const results: {
  pageCounts: Record<string, Record<string, { preview: number; renderer: number; file: number }>>;
  pages: Record<string, { page: number; diff: PixelDiff }[]>;
  /** Page 1 against the same PDF page moved 4 px down: what a misplaced line looks like to these numbers. */
  shifted: Record<string, PixelDiff>;
} = { pageCounts: {}, pages: {}, shifted: {} };

function saveResults(): void {
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
}

/** A 240 px portrait stand-in (a gradient and a circle) as the data: URL the worker receives. */
function samplePhoto(): string {
  const canvas = createCanvas(240, 240);
  const context = canvas.getContext('2d');
  const gradient = context.createLinearGradient(0, 0, 240, 240);
  gradient.addColorStop(0, '#2f6f8f');
  gradient.addColorStop(1, '#e0b15c');
  context.fillStyle = gradient;
  context.fillRect(0, 0, 240, 240);
  context.fillStyle = '#f4e2d0';
  context.beginPath();
  context.arc(120, 100, 54, 0, Math.PI * 2);
  context.fill();
  return `data:image/png;base64,${canvas.toBuffer('image/png').toString('base64')}`;
}

test.beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'preview-harness-'));
  mkdirSync(resultsDir, { recursive: true });
  photoSrc = samplePhoto();
  await buildHarness(outDir);
});

/** Every process below `pid`, read from /proc (Chromium's renderers and helpers). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The field after the command, whose name may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(name), parent);
    } catch {
      // Gone while we looked.
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const [child, parent] of parents) {
      if (parent === current) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

test.afterAll(async () => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
  const pid = browserPid();
  const helpers = pid ? descendants(pid) : [];
  await closeBrowser();
  if (rendered === 0) return;
  expect(pid, 'the pid of the Chromium renderPdf launched').toBeDefined();
  expect(helpers.length, 'Chromium runs helper processes').toBeGreaterThan(0);
  // closeBrowser waits for the browser to exit; its helpers follow it within moments.
  await expect.poll(() => [pid ?? 0, ...helpers].filter(alive), { timeout: 5_000 }).toEqual([]);
});

let pageErrors: string[] = [];

test.beforeEach(async ({ page }) => {
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await serveHarness(page, outDir);
  await page.goto(`${HARNESS_ORIGIN}/`);
});

test.afterEach(() => {
  expect(pageErrors).toEqual([]);
});

async function print(resume: ResumeContent, photo?: string) {
  const pdf = await renderPdf({ resume, photoSrc: photo, title: resume.title });
  rendered += 1;
  expect(pdf.blockedRequests).toEqual([]);
  return pdf;
}

async function previewPageCount(page: Page): Promise<number> {
  return Number(await page.locator('[data-page-count]').first().getAttribute('data-page-count'));
}

for (const template of templates) {
  test(`${template.name}: the PDF has the preview's pages, one and two, on Letter and A4`, async ({
    page,
  }) => {
    for (const size of ['letter', 'a4'] as const) {
      for (const [resume, expected] of [
        [shortResume, 1],
        [twoPageResume, 2],
      ] as const) {
        const shown = variant(resume, template.id, size);
        await showResume(page, shown);
        const pdf = await print(shown);
        const file = await readPdf(pdf.bytes);
        const counts = { preview: await previewPageCount(page), renderer: pdf.pages, file: file.pages };
        const key = `${template.id} ${size}`;
        results.pageCounts[key] = { ...results.pageCounts[key], [`${expected} page`]: counts };
        expect(counts, size).toEqual({
          preview: expected,
          renderer: expected,
          file: expected,
        });
      }
    }
    saveResults();
  });
}

for (const template of templates) {
  test(`${template.name}: each PDF page looks like the preview's page, pixel by pixel`, async ({ page }) => {
    const resume = variant(twoPageResume, template.id, 'letter');
    // At zoom 1 and 816 px wide the pages are unscaled and start on whole pixels: 1 CSS px, 1 pixel.
    await showResume(page, resume, { photoSrc, width: 816 });
    await page.evaluate(() => Promise.all(Array.from(document.images, (image) => image.decode())));
    const pdf = await print(resume, photoSrc);
    const rasters = await rasterisePdf(pdf.bytes);
    expect(rasters.length).toBe(await previewPageCount(page));

    const pages: { page: number; diff: PixelDiff }[] = [];
    for (const [index, raster] of rasters.entries()) {
      const sheet = page.locator(`[data-preview-page="${index + 1}"] [data-rt-page]`);
      const shot = await sheet.screenshot({ animations: 'disabled', caret: 'hide' });
      const preview = await decodePng(shot);
      const { diff, image } = compareImages(preview, raster, CHANNEL_THRESHOLD);
      pages.push({ page: index + 1, diff });
      const name = `${template.id}-page${index + 1}`;
      writeFileSync(join(resultsDir, `${name}-preview.png`), shot);
      writeFileSync(join(resultsDir, `${name}-pdf.png`), encodePng(raster));
      writeFileSync(join(resultsDir, `${name}-diff.png`), encodePng(image));

      expect({ width: diff.width, height: diff.height }).toEqual({ width: 816, height: 1056 });
      expect(diff.differing, `${name}: share of differing pixels`).toBeLessThan(MAX_DIFFERING);
      expect(diff.meanAbsDiff, `${name}: mean absolute difference`).toBeLessThan(MAX_MEAN_ABS_DIFF);
      if (index === 0) {
        // The bound must catch a layout change: the same PDF page, one line (4 px) lower, must fail it.
        const moved = compareImages(preview, shiftDown(raster, 4), CHANNEL_THRESHOLD).diff;
        results.shifted[template.id] = moved;
        expect(moved.differing, `${name}: 4 px lower`).toBeGreaterThan(MAX_DIFFERING * 4);
      }
    }
    results.pages[template.id] = pages;
    saveResults();
    for (const { page: n, diff } of pages) {
      const box = diff.box
        ? `${diff.box.left},${diff.box.top} to ${diff.box.right},${diff.box.bottom}`
        : 'none';
      console.log(
        `${template.id} page ${n}: ${(diff.differing * 100).toFixed(3)}% of pixels differ, mean ${diff.meanAbsDiff.toFixed(2)}, box ${box}`,
      );
    }
  });
}
