import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, type Page, test } from '@playwright/test';
import sparticuz from '@sparticuz/chromium';
import type { PageSize, ResumeContent } from '../../shared/resume.ts';
import { fontIds } from '../../shared/resume.ts';
import {
  emptySectionsResume,
  longResume,
  oneLineResume,
  sampleResumeEn,
  sampleResumePtBr,
  shortResume,
} from '../../shared/sample-resumes.ts';
import { fontFamilies } from '../../shared/templates/fonts.ts';
import { templates } from '../../shared/templates/registry.ts';
import { buildHarness, HARNESS_ORIGIN, serveHarness, showResume } from './support/harness.ts';
import { longestValuesResume } from './support/longest-values.ts';

/**
 * The four templates in a real Chromium, through the live preview the builder shows (bundled into a small
 * harness page, inside the app's stylesheet): page counts, nothing overflowing or cut at a page boundary,
 * no horizontal overflow, the embedded fonts in use. Run: npx playwright test -c tests/e2e/playwright.templates.config.ts
 */

let outDir = '';

test.beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'preview-harness-'));
  await buildHarness(outDir);
});

test.afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
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

function variant(resume: ResumeContent, template: string, pageSize: PageSize): ResumeContent {
  return { ...resume, template, settings: { ...resume.settings, pageSize } };
}

/**
 * Two pages with every template on both page sizes: the English sample without its publications,
 * volunteering, awards and certifications (the full sample runs to a third page in the airier templates).
 */
const twoPageResume: ResumeContent = {
  ...sampleResumeEn,
  hiddenSections: ['custom:custom-1', 'volunteering', 'awards', 'certifications'],
};

/** One description line of 4,900 characters: taller than a page in one piece, so it must be cut. */
const hugeLineResume: ResumeContent = {
  ...shortResume,
  experience: shortResume.experience.map((item) => ({
    ...item,
    description: `${'Automated the weekly inventory reports and the sales dashboards for every store. '.repeat(60).slice(0, 4900)}\nSecond bullet.`,
  })),
};

async function pageCount(page: Page): Promise<number> {
  return Number(await page.locator('[data-page-count]').first().getAttribute('data-page-count'));
}

interface PageReport {
  page: number;
  /** Blocks whose box leaves the page's content box (below the bottom padding, above the top one). */
  blocksOutside: string[];
  /** Text lines not wholly inside the page's content box, vertically or horizontally. */
  linesOutside: string[];
  scrollOverflow: number;
  columnsOverflow: number;
}

/** Inspect every rendered page (preview at zoom 1, so client rects are CSS px of the page). */
async function inspect(page: Page): Promise<PageReport[]> {
  return page.evaluate(() => {
    const reports: PageReport[] = [];
    for (const frame of Array.from(document.querySelectorAll<HTMLElement>('[data-preview-page]'))) {
      const sheet = frame.querySelector<HTMLElement>('[data-rt-page]');
      if (!sheet) continue;
      const box = sheet.getBoundingClientRect();
      const style = getComputedStyle(sheet);
      const index = Number(frame.dataset.previewPage);
      const top = box.top + (index === 1 ? 0 : Number.parseFloat(style.paddingTop));
      const bottom = box.bottom - Number.parseFloat(style.paddingBottom);
      const slack = 0.5;
      const blocksOutside = Array.from(sheet.querySelectorAll<HTMLElement>('[data-rt-block]'))
        .filter((block) => {
          const r = block.getBoundingClientRect();
          return r.bottom > bottom + slack || r.top < top - slack || r.right > box.right + slack;
        })
        .map((block) => block.dataset.rtBlock ?? '?');
      const linesOutside: string[] = [];
      const walker = document.createTreeWalker(sheet, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of Array.from(range.getClientRects())) {
          if (r.width === 0) continue;
          const cut = r.top < box.top - slack || r.bottom > bottom + slack;
          const wide = r.left < box.left - slack || r.right > box.right + slack;
          if (cut || wide) linesOutside.push(node.textContent.slice(0, 40));
        }
      }
      const columns = Array.from(sheet.querySelectorAll<HTMLElement>('[data-rt-column]'));
      reports.push({
        page: index,
        blocksOutside,
        linesOutside,
        scrollOverflow: sheet.scrollWidth - sheet.clientWidth,
        columnsOverflow: Math.max(0, ...columns.map((c) => c.scrollWidth - c.clientWidth)),
      });
    }
    return reports;
  });
}

function expectClean(reports: PageReport[]): void {
  for (const report of reports) {
    expect(report, `page ${report.page}`).toEqual({
      page: report.page,
      blocksOutside: [],
      linesOutside: [],
      scrollOverflow: 0,
      columnsOverflow: 0,
    });
  }
}

/**
 * Words cut across lines: a run of letters or digits drawn on more than one line, though it is narrower than
 * its column (only a word wider than the column itself may be cut). A box squeezed narrower than its longest
 * word cuts words, so this also finds text printed one letter per line. Breaks at punctuation ('.', '@', '/',
 * '-') are between words.
 */
async function cutWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    for (const sheet of Array.from(
      document.querySelectorAll<HTMLElement>('[data-preview-page] [data-rt-page]'),
    )) {
      const walker = document.createTreeWalker(sheet, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const column = node.parentElement?.closest<HTMLElement>('[data-rt-column]') ?? sheet;
        const style = getComputedStyle(column);
        const room =
          column.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
          const lines = new Set(rects.map((r) => Math.round(r.top)));
          const width = rects.reduce((sum, r) => sum + r.width, 0);
          if (lines.size > 1 && width < room - 1) {
            cut.push(
              `"${match[0]}" (${Math.round(width)} px, column ${Math.round(room)} px) in "${text.slice(0, 60)}"`,
            );
          }
        }
      }
    }
    return cut;
  });
}

test('the longest value of every field, in every template and font, breaks between words and stays on the page', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const found: Record<string, string[]> = {};
  for (const template of templates) {
    for (const font of fontIds) {
      const resume = {
        ...longestValuesResume,
        template: template.id,
        settings: { ...longestValuesResume.settings, font },
      };
      await showResume(page, resume);
      const outside = (await inspect(page))
        .filter(
          (r) => r.blocksOutside.length + r.linesOutside.length + r.scrollOverflow + r.columnsOverflow > 0,
        )
        .map((r) => `page ${r.page}: ${[...r.blocksOutside, ...r.linesOutside.slice(0, 3)].join(', ')}`);
      const problems = [...(await cutWords(page)), ...outside];
      if (problems.length > 0) found[`${template.id} in ${font}`] = problems;
    }
  }
  expect(found).toEqual({});
});

for (const template of templates) {
  test.describe(`${template.name}`, () => {
    for (const size of ['letter', 'a4'] as const) {
      test(`one page and two pages on ${size}`, async ({ page }) => {
        await showResume(page, variant(shortResume, template.id, size));
        expect(await pageCount(page)).toBe(1);
        await expect(page.locator('[data-preview-page]')).toHaveCount(1);
        expectClean(await inspect(page));

        await showResume(page, variant(twoPageResume, template.id, size));
        expect(await pageCount(page)).toBe(2);
        await expect(page.locator('[data-preview-page]')).toHaveCount(2);
        expectClean(await inspect(page));
      });

      test(`the long resume runs to 3+ pages with nothing overflowing or cut on ${size}`, async ({
        page,
      }) => {
        await showResume(page, variant(longResume, template.id, size));
        expect(await pageCount(page)).toBeGreaterThanOrEqual(3);
        const reports = await inspect(page);
        expect(reports.length).toBe(await pageCount(page));
        expectClean(reports);
      });
    }

    test('long words, a huge bullet, empty sections, a name alone and the Portuguese sample stay inside the page', async ({
      page,
    }) => {
      for (const resume of [
        oneLineResume,
        emptySectionsResume,
        sampleResumePtBr,
        sampleResumeEn,
        hugeLineResume,
      ]) {
        await showResume(page, { ...resume, template: template.id });
        expect(await pageCount(page)).toBeGreaterThanOrEqual(1);
        expectClean(await inspect(page));
      }
    });

    test('prints with its embedded font, not a fallback', async ({ page }) => {
      await showResume(page, { ...shortResume, template: template.id });
      const family = fontFamilies[template.defaultFont].family;
      const loaded = await page.evaluate(
        (name) =>
          Array.from(document.fonts)
            .filter((face) => face.family.replace(/"/g, '') === name && face.status === 'loaded')
            .map((face) => `${face.weight} ${face.style}`),
        family,
      );
      expect(loaded).toEqual(expect.arrayContaining(['400 normal', '600 normal']));
      const used = await page
        .locator('[data-preview-page] [data-rt-block]')
        .first()
        .evaluate((e) => getComputedStyle(e).fontFamily);
      expect(used).toContain(family);
    });
  });
}

test('a name in Latin Extended letters loads that subset and is measured with it', async ({ page }) => {
  const resume = {
    ...shortResume,
    template: 'classic',
    personalInfo: { ...shortResume.personalInfo, firstName: 'Łukasz', lastName: 'Dvořák-Włodarczyk' },
  };
  await showResume(page, resume);
  const extended = await page.evaluate(() =>
    Array.from(document.fonts).some(
      (face) =>
        face.family.includes('Resume Source Serif 4') &&
        face.unicodeRange.startsWith('U+100') &&
        face.status === 'loaded',
    ),
  );
  expect(extended).toBe(true);
  await expect(page.getByRole('heading', { name: 'Łukasz Dvořák-Włodarczyk' })).toBeVisible();
  expectClean(await inspect(page));
});

test('the Simple sidebar colour runs the full height of every page', async ({ page }) => {
  await showResume(page, variant(longResume, 'simple', 'letter'));
  const heights = await page
    .locator('[data-preview-page] .rt-s-backdrop')
    .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));
  expect(heights.length).toBeGreaterThanOrEqual(3);
  expect(new Set(heights)).toEqual(new Set([1056]));
});

test('a section heading never ends a page and an item head never leaves its first line behind', async ({
  page,
}) => {
  for (const template of templates) {
    await showResume(page, variant(longResume, template.id, 'letter'));
    // Blocks marked keep-with-next (headings, heads of items with lines) must never end a column's page.
    const lastBlocks = await page.locator('[data-preview-page] [data-rt-column]').evaluateAll((columns) =>
      columns
        .map((c) => c.lastElementChild as HTMLElement | null)
        .filter((b) => b?.dataset.rtKeep !== undefined)
        .map((b) => b?.dataset.rtBlock),
    );
    expect(lastBlocks, template.id).toEqual([]);
    const kept = await page.locator('[data-preview-page] [data-rt-keep]').count();
    expect(kept, template.id).toBeGreaterThan(10);
  }
});

test('the preview is a labelled region of pages named "Page n of N", in the resume’s language', async ({
  page,
}) => {
  await showResume(page, variant(twoPageResume, 'classic', 'letter'));
  const region = page.getByRole('region', { name: 'Resume preview' });
  await expect(region.getByRole('group', { name: 'Page 1 of 2' })).toBeVisible();
  await expect(region.getByRole('group', { name: 'Page 2 of 2' })).toBeAttached();
  await expect(region.getByRole('heading', { name: 'Work Experience' })).toBeVisible();
  await showResume(page, sampleResumePtBr);
  await expect(page.getByRole('region', { name: 'Pré-visualização do currículo' })).toBeVisible();
});

test('an edit reaches the preview quickly and re-paginates', async ({ page }) => {
  await showResume(page, variant(twoPageResume, 'simple', 'letter'));
  const elapsed = await page.evaluate(async (resume) => {
    const timings: number[] = [];
    for (let k = 1; k <= 10; k++) {
      const marker = `Edited summary ${k}`;
      const edited = { ...resume, personalInfo: { ...resume.personalInfo, summary: marker } };
      const start = performance.now();
      window.__updateResume(edited as never);
      await new Promise<void>((resolve) => {
        const check = () => {
          const shown = Array.from(document.querySelectorAll('[data-preview-page]')).some((p) =>
            p.textContent?.includes(marker),
          );
          if (shown) resolve();
          else requestAnimationFrame(check);
        };
        check();
      });
      timings.push(performance.now() - start);
    }
    return timings.sort((a, b) => a - b)[Math.floor(timings.length / 2)] ?? 0;
  }, twoPageResume);
  test.info().annotations.push({ type: 'keystroke to preview (median ms)', description: elapsed.toFixed(1) });
  // The budget is 50 ms (checked on a quiet machine); this bound only catches a preview gone badly slow.
  expect(elapsed).toBeLessThan(250);
  await expect(page.locator('[data-preview-ready="true"]')).toBeAttached();
});

test('fit zoom scales the pages to the width of their container, and follows it', async ({ page }) => {
  await showResume(page, variant(shortResume, 'modern', 'letter'), { zoom: 'fit', width: 516 });
  const frameWidth = () =>
    page
      .locator('.resume-preview__frame')
      .first()
      .evaluate((e) => Math.round(e.getBoundingClientRect().width));
  // 16 px are kept for the page shadow.
  await expect.poll(frameWidth).toBe(500);
  await page.locator('[data-render]').evaluate((e) => {
    (e as HTMLElement).style.width = '416px';
  });
  await expect.poll(frameWidth).toBe(400);
  // Scaling is a transform: the layout, hence the pagination, is the same at every zoom.
  expect(await pageCount(page)).toBe(1);
  await expect(page.getByRole('heading', { name: 'Priya Raman' })).toBeVisible();
});

interface TextBox {
  text: string;
  x: number;
  y: number;
  width: number;
}

/** Where every piece of text of page 1 is drawn, relative to the page, in page pixels (unscaled). */
async function textBoxes(page: Page): Promise<TextBox[]> {
  return page.evaluate(() => {
    const frame = document.querySelector<HTMLElement>('[data-preview-page="1"]');
    if (!frame) return [];
    const origin = frame.getBoundingClientRect();
    const scale = origin.width / frame.offsetWidth;
    const boxes: TextBox[] = [];
    const walker = document.createTreeWalker(frame, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of Array.from(range.getClientRects())) {
        boxes.push({
          text: node.textContent?.slice(0, 16) ?? '',
          x: (r.left - origin.left) / scale,
          y: (r.top - origin.top) / scale,
          width: r.width / scale,
        });
      }
    }
    return boxes;
  });
}

/** The boxes of `actual` that are not within half a pixel of the same box in `expected`. */
function moved(actual: TextBox[], expected: TextBox[]): string[] {
  const near = (a: number, b: number) => Math.abs(a - b) <= 0.5;
  const far = actual.filter((box, k) => {
    const other = expected[k];
    return (
      !other ||
      other.text !== box.text ||
      !near(box.x, other.x) ||
      !near(box.y, other.y) ||
      !near(box.width, other.width)
    );
  });
  const missing = expected.slice(actual.length);
  return [...far, ...missing].map(
    (b) => `${b.text} at ${b.x.toFixed(1)},${b.y.toFixed(1)} ${b.width.toFixed(1)} wide`,
  );
}

test('at fit width the preview is the page scaled, laid out as the PDF worker lays it out whatever the screen’s hinting', async ({
  page,
}) => {
  // The PDF worker's Chromium measures glyphs unhinted (functions/adapters/chromium.ts); this page's Chromium
  // hints them, as Chrome does on a Linux desktop. Words must land in the same places in both.
  const unhinted = await chromium.launch({
    executablePath: await sparticuz.executablePath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--font-render-hinting=none'],
  });
  try {
    const other = await unhinted.newPage({ viewport: { width: 1000, height: 1200 } });
    await serveHarness(other, outDir);
    await other.goto(`${HARNESS_ORIGIN}/`);
    const resume = variant(sampleResumeEn, 'classic', 'letter');
    await showResume(other, resume, { zoom: 1 });
    const printed = await textBoxes(other);

    expect(printed.length).toBeGreaterThan(50);
    await showResume(page, resume, { zoom: 1 });
    expect(moved(await textBoxes(page), printed)).toEqual([]);
    await showResume(page, resume, { zoom: 'fit', width: 516 });
    expect(moved(await textBoxes(page), printed)).toEqual([]);
  } finally {
    await unhinted.close();
  }
});

test('a grid of twelve thumbnails shows each resume’s first page', async ({ page }) => {
  const start = Date.now();
  await showResume(page, variant(sampleResumeEn, 'modern', 'letter'), { thumbnails: 12 });
  await expect(page.locator('.resume-thumbnail [data-preview-ready="true"]')).toHaveCount(12);
  test.info().annotations.push({ type: '12 thumbnails (ms)', description: String(Date.now() - start) });
  const sizes = await page
    .locator('.resume-thumbnail')
    .evaluateAll((els) =>
      els.map(
        (e) =>
          `${Math.round(e.getBoundingClientRect().width)}x${Math.round(e.getBoundingClientRect().height)}`,
      ),
    );
  expect(new Set(sizes)).toEqual(new Set(['200x259']));
  await expect(page.getByRole('img', { name: 'First page of the resume of Jordan Whitfield' })).toHaveCount(
    12,
  );
});

// Screenshots for review (at twice the pixel density):
// TEMPLATE_SCREENSHOTS=/tmp/shots npx playwright test -c tests/e2e/playwright.templates.config.ts -g screenshots
test.describe('screenshots', () => {
  test.use({ deviceScaleFactor: 2 });

  test('screenshots of every template', async ({ page }) => {
    const dir = process.env.TEMPLATE_SCREENSHOTS;
    test.skip(!dir, 'set TEMPLATE_SCREENSHOTS to a folder to write them');
    if (!dir) return;
    test.setTimeout(300_000);
    mkdirSync(dir, { recursive: true });
    for (const template of templates) {
      for (const [name, resume] of [
        ['en', sampleResumeEn],
        ['pt-BR', sampleResumePtBr],
      ] as const) {
        for (const size of ['letter', 'a4'] as const) {
          await showResume(page, variant(resume, template.id, size));
          const pages = page.locator('[data-preview-page]');
          for (let k = 0; k < (await pages.count()); k++) {
            await pages
              .nth(k)
              .screenshot({ path: join(dir, `${template.id}-${name}-${size}-page${k + 1}.png`) });
          }
        }
      }
    }
  });
});
