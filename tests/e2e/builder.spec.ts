import { expect, type Page, type Request, test } from '@playwright/test';
import { signedInUser } from './support/users.ts';

const saved = (page: Page) =>
  expect(page.getByRole('status').filter({ hasText: /^Saved at|^All changes saved/ }));

/** The resume as the server has it, read with the page's own session. */
async function serverResume(page: Page, id: string): Promise<Record<string, unknown>> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.endsWith('.accessToken')) return localStorage.getItem(key);
    }
    return null;
  });
  const response = await page.request.get(`/api/resume/id/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

const idOf = (page: Page) => new URL(page.url()).searchParams.get('id') ?? '';

/** Start a new resume from the sidebar's "Create new resume" and make the first autosave create it. */
async function newResume(page: Page): Promise<string> {
  await page.getByRole('link', { name: 'Create new resume' }).first().click();
  await expect(page).toHaveURL(/\/builder$/);
  await expect(page.getByRole('status').filter({ hasText: 'Saved when you start typing' })).toBeVisible();
  await page.getByLabel('Job title').fill('Platform Engineer');
  await expect(page).toHaveURL(/\/builder\?id=/);
  await saved(page).toBeVisible();
  return idOf(page);
}

test('typing for five seconds without a pause sends one save, and the preview follows every keystroke', async ({
  page,
}) => {
  await signedInUser(page, 'Kai');
  const id = await newResume(page);
  const patches: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes(`/api/resume/${id}`)) patches.push(request);
  });

  const summary = page.getByLabel('Professional summary');
  await summary.click();
  const source = 'Builds reliable platforms for product teams and keeps them fast. '.repeat(20);
  let typed = '';
  const started = Date.now();
  // Five seconds of typing at about 12 keys a second, never pausing as long as the 1000 ms debounce.
  while (Date.now() - started < 5000) {
    const key = source[typed.length] ?? 'x';
    await page.keyboard.type(key, { delay: 40 });
    typed += key;
  }
  const typingMs = Date.now() - started;
  const text = typed;
  await saved(page).toBeVisible();

  test.info().annotations.push({
    type: 'PATCH requests while typing',
    description: `${patches.length} PATCH for ${typingMs} ms of continuous typing (${typed.length} keystrokes)`,
  });
  console.log(`PATCH requests: ${patches.length} for ${typingMs} ms, ${typed.length} keystrokes`);
  expect(typingMs).toBeGreaterThanOrEqual(5000);
  expect(patches.length).toBeLessThanOrEqual(2);
  expect(patches.every((r) => /^\d+$/.test(r.headers()['if-match'] ?? ''))).toBe(true);
  await expect(page.locator('[data-page-count]').first()).toContainText(text.trim().slice(-40));
  expect((await serverResume(page, id)).personalInfo).toMatchObject({ summary: text });
});

test('edits made offline survive a reload while offline and are saved when the network returns', async ({
  page,
  context,
}) => {
  await signedInUser(page, 'Noor');
  const id = await newResume(page);
  const title = page.getByLabel('Resume title');

  await title.fill('Before the outage');
  await saved(page).toBeVisible();
  await context.setOffline(true);
  await title.fill('Typed while offline');
  await page.getByLabel('City').fill('Lisbon');
  await expect(page.getByRole('status').filter({ hasText: /Offline/ })).toBeVisible({ timeout: 15_000 });

  // A reload without a network fails, as it would for a person; the edits are in this browser.
  await page.reload().catch(() => undefined);
  await context.setOffline(false);
  await page.goto(`/builder?id=${id}`);

  await expect(page.getByLabel('Resume title')).toHaveValue('Typed while offline');
  await expect(page.getByLabel('City')).toHaveValue('Lisbon');
  await saved(page).toBeVisible();
  const stored = await serverResume(page, id);
  expect(stored.title).toBe('Typed while offline');
  expect(stored.personalInfo).toMatchObject({ city: 'Lisbon', jobTitle: 'Platform Engineer' });
});

test('two tabs editing one resume: the second gets the choice, and nothing is lost silently', async ({
  page,
  context,
}) => {
  await signedInUser(page, 'Ines');
  const id = await newResume(page);
  const second = await context.newPage();
  await second.goto(`/builder?id=${id}`);
  await expect(second.getByLabel('Job title')).toHaveValue('Platform Engineer');

  await page.getByLabel('Job title').fill('Staff Engineer (tab one)');
  await saved(page).toBeVisible();
  await second.getByLabel('City').fill('Porto (tab two)');

  const dialog = second.getByRole('dialog', { name: 'This resume was changed somewhere else' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Your version, edited')).toBeVisible();
  await expect(dialog.getByText('Other version, saved')).toBeVisible();

  // Loading the other version shows tab one's edit; undo brings this tab's edit back to keep it.
  await dialog.getByRole('button', { name: 'Load the other version' }).click();
  await expect(second.getByLabel('Job title')).toHaveValue('Staff Engineer (tab one)');
  await expect(second.getByLabel('City')).toHaveValue('');
  await second.keyboard.press('Control+z');
  await expect(second.getByLabel('City')).toHaveValue('Porto (tab two)');
  await saved(second).toBeVisible();

  const stored = await serverResume(second, id);
  expect(stored.personalInfo).toMatchObject({ city: 'Porto (tab two)' });
  // Tab one now holds an older revision: its next edit gets the same choice instead of overwriting.
  await page.getByLabel('Resume title').fill('From tab one again');
  await expect(page.getByRole('dialog', { name: 'This resume was changed somewhere else' })).toBeVisible();
  await page.getByRole('button', { name: 'Keep my version' }).click();
  await saved(page).toBeVisible();
  expect((await serverResume(page, id)).title).toBe('From tab one again');
});

test('undo and redo cover the whole document, with typing coalesced', async ({ page }) => {
  await signedInUser(page, 'Sol');
  await newResume(page);
  const title = page.getByLabel('Resume title');
  await title.fill('');
  await title.pressSequentially('First title', { delay: 20 });
  // A pause ends the typing run: the next edit is a new undo step.
  await page.waitForTimeout(1500);
  await title.fill('Second title');

  await page.keyboard.press('Control+z');
  await expect(title).toHaveValue('First title');
  await page.getByRole('button', { name: 'Undo' }).click();
  // Clearing and retyping without a pause was one step: undo goes back to the title before it.
  await expect(title).toHaveValue("Sol's Resume");
  await page.keyboard.press('Control+Shift+z');
  await expect(title).toHaveValue('First title');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(title).toHaveValue('Second title');
  await saved(page).toBeVisible();
});
