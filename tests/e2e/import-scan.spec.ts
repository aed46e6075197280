import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signedInUser } from './support/users.ts';

/**
 * A scanned resume (page images, no text layer) through the UI: the import worker reads it with OCR, and
 * the editor opens with the scan notice and the "check this" marks the import left, which stay across a
 * reload until the user confirms them. REVIEW_SCREENSHOTS=<folder> saves what the editor looks like.
 */

const scan = join(import.meta.dirname, '../fixtures/ocr/maya-chen.scan.pdf');
const banner = (page: Page) => page.getByRole('region', { name: /^Check the details|fields? to check$/ });
const saved = (page: Page) =>
  expect(page.getByRole('status').filter({ hasText: /^Saved at|^All saved/ })).toBeVisible();

async function screenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.REVIEW_SCREENSHOTS;
  if (folder) await page.screenshot({ path: join(folder, `${name}.png`), fullPage: false });
}

test('a scanned PDF is read with OCR and opens with the scan notice and the fields to check', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signedInUser(page);
  await page.goto('/upload-resume');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload your resume' })).toBeVisible();

  await page.getByTestId('import-file-input').setInputFiles(scan);

  await expect(page).toHaveURL(/\/builder\?id=[^&]+$/, { timeout: 200_000 });
  await expect(page.getByLabel('First name')).toHaveValue('Maya');
  await expect(page.getByLabel('Email')).toHaveValue('maya.chen.rn@example.com');
  const notice = banner(page);
  await expect(
    notice.getByRole('heading', { name: 'Check the details: this file was a scan' }),
  ).toBeVisible();
  await expect(notice).toContainText(/\d+ fields? (is|are) marked to check\./);
  // Each field the parser was unsure of says so, read with the field.
  const marked = page.locator('[data-review]');
  const count = await marked.count();
  expect(count).toBeGreaterThan(0);
  await expect(marked.first()).toHaveAccessibleDescription(/Check this/);
  await screenshot(page, `review-${page.viewportSize()?.width}`);
  // The banner and the marks pass axe (serious and critical rules) in the editor column.
  const audit = await new AxeBuilder({ page })
    .include('.editor-panel')
    .options({ resultTypes: ['violations'] })
    .analyze();
  expect(
    audit.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  // "Show next" goes to the first of them; "Looks right" confirms it and brings the focus back to it.
  await notice.getByRole('button', { name: 'Show next' }).click();
  const first = page.locator('[data-review]').first();
  await expect(first).toBeFocused();
  const label = await first.evaluate((el) => document.querySelector(`label[for="${el.id}"]`)?.textContent);
  await page.getByRole('button', { name: `${label} looks right` }).click();
  await expect(page.locator('[data-review]')).toHaveCount(count - 1);
  await expect(page.getByLabel(label ?? '', { exact: true })).toBeFocused();
  await saved(page);

  // The notice and the marks left are kept with the resume.
  await page.reload();
  await expect(banner(page).getByRole('heading', { name: /this file was a scan/ })).toBeVisible();
  await expect(page.locator('[data-review]')).toHaveCount(count - 1);

  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'review-390');
  await banner(page)
    .getByRole('button', { name: count > 1 ? 'Confirm all' : 'Done checking' })
    .click();
  await expect(banner(page)).toHaveCount(0);
  await expect(page.locator('[data-review]')).toHaveCount(0);
  await saved(page);
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Maya');
  await expect(banner(page)).toHaveCount(0);
});
