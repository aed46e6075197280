import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/users.ts';

/**
 * PDF export through the UI, against the local cloud's real API, worker and S3: a Pro account (the seeded
 * admin) gets a real PDF file from the builder; the Free demo account gets the upgrade path and no request.
 */

const admin = { email: 'admin@example.com', password: 'Admin-Pass-2026' };
const demo = { email: 'demo@example.com', password: 'Demo-Pass-2026' };

const pdfButton = (page: Page) => page.getByRole('button', { name: /^Download PDF/ });
const saved = (page: Page) => expect(page.getByRole('status').filter({ hasText: /^Saved at|^All saved/ }));

/** Every PDF request and resume write, in the order the page sent them. */
function recordWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && /^\/api\/resume\/[^/]+\/pdf$/.test(path)) writes.push('POST pdf');
    if (request.method() === 'PATCH' && path.startsWith('/api/resume/')) writes.push('PATCH resume');
  });
  return writes;
}

test('a Pro user downloads the resume on screen as a PDF file, unsaved edits saved first', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, admin);
  await page.getByRole('link', { name: 'Create new resume' }).first().click();
  await expect(page).toHaveURL(/\/builder$/);
  // A resume that does not exist yet has nothing to download.
  await expect(pdfButton(page)).toBeDisabled();
  await page.getByLabel('Job title').fill('Staff Platform Engineer');
  await expect(page).toHaveURL(/\/builder\?id=/);
  await saved(page).toBeVisible();
  await expect(pdfButton(page)).toBeEnabled();

  const writes = recordWrites(page);
  // Typed just before the click: still inside the autosave debounce, so the download must save it first.
  await page.getByLabel('Professional summary').fill('Builds reliable platforms for product teams.');
  const download = page.waitForEvent('download', { timeout: 120_000 });
  await pdfButton(page).click();
  await expect(page.getByRole('button', { name: /^(Saving|Preparing|Rendering|Finishing)/ })).toBeVisible();

  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(writes[0]).toBe('PATCH resume');
  expect(writes.filter((w) => w === 'POST pdf')).toHaveLength(1);
  expect(writes.indexOf('POST pdf')).toBeGreaterThan(writes.indexOf('PATCH resume'));

  // The page stays where it was, and says the download started.
  await expect(page).toHaveURL(/\/builder\?id=/);
  await expect(page.getByRole('status').filter({ hasText: 'Your PDF download has started.' })).toBeAttached();
  await expect(pdfButton(page)).toHaveText('Download PDF');
});

test('a Free user is offered Pro instead of a PDF, from the builder and from the resume list', async ({
  page,
}) => {
  await signIn(page, demo);
  const writes = recordWrites(page);

  // On /resumes, the card's menu.
  await page
    .getByRole('button', { name: /^Actions for / })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Download PDF (Pro)' }).click();
  const prompt = page.getByRole('dialog', { name: 'PDF download is part of Pro' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toBeHidden();

  // In the builder: the button carries the Pro badge and leads to /pricing.
  await page.locator('.resume-tile__link').first().click();
  await expect(page).toHaveURL(/\/builder\?id=/);
  await expect(pdfButton(page)).toContainText('Pro');
  await pdfButton(page).click();
  await expect(prompt).toBeVisible();
  await prompt.getByRole('link', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(/\/pricing/);
  expect(writes.filter((w) => w === 'POST pdf')).toEqual([]);
});
