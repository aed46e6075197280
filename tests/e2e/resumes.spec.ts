import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signedInUser } from './support/users.ts';

const fixture = join(import.meta.dirname, '../fixtures/json-resume/sample.resume.json');

async function latestCode(page: Page, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/_local/outbox.json')).json()) as {
        to: string;
        code?: string;
      }[];
      code = mails.filter((m) => m.to === email).at(-1)?.code;
      return code;
    })
    .toBeTruthy();
  return code ?? '';
}

/** A new account, signed up and confirmed through the UI; ends on /resumes. */
async function signUp(page: Page, email: string): Promise<void> {
  await page.goto('/resumes');
  await expect(page).toHaveURL(/\/auth\?.*redirect=%2Fresumes/);
  await expect(page.getByText('Please sign in to access this feature.')).toBeVisible();
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await page.getByLabel('First name').fill('Erin');
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret-pass-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('Confirmation code').fill(await latestCode(page, email));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/resumes$/);
}

/** Open a card's action menu and choose an item. */
async function cardAction(page: Page, title: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${title}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('a new user starts from the empty state, imports a JSON Resume, duplicates, renames, downloads and deletes, and meets the Free limit', async ({
  page,
}) => {
  await signUp(page, `e2e-${Date.now()}@example.test`);
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { name: 'My resumes' })).toBeVisible();

  // Empty: both ways to start, beside a faded example resume.
  await expect(page.getByRole('heading', { name: 'You have no resumes yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start building' })).toHaveAttribute('href', '/new-resume');
  await expect(main.getByRole('link', { name: 'Upload resume' }).last()).toHaveAttribute(
    'href',
    '/upload-resume',
  );
  await expect(page.getByText('An example resume')).toBeVisible();
  await expect(page.getByText('0 of 3 resumes used')).toBeVisible();

  // A file that is not JSON is explained, and nothing is sent.
  const importButton = page.getByRole('button', { name: 'Import JSON Resume' });
  let chooser = page.waitForEvent('filechooser');
  await importButton.click();
  await (await chooser).setFiles({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from('hello'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'This file is not valid JSON' })).toBeVisible();

  // A JSON Resume document through the file picker becomes a resume, opened in the builder.
  chooser = page.waitForEvent('filechooser');
  await importButton.click();
  await (await chooser).setFiles(fixture);
  await expect(page).toHaveURL(/\/builder\?id=/);
  await page.goto('/resumes');

  const cards = page.getByRole('list', { name: 'My resumes' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  // Named by its job title and the file's name; the card shows the job title and the last edit.
  const imported = 'Programmer · sample.resume';
  await expect(cards.first().getByRole('link', { name: imported })).toHaveAttribute('href', /\/builder\?id=/);
  await expect(cards.first().locator('.resume-tile__role')).toHaveText('Programmer');
  await expect(cards.first().locator('time')).toHaveText(/^Updated (just now|1 minute ago)$/);
  await expect(cards.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expect(page.getByText('1 of 3 resumes used')).toBeVisible();

  // Duplicate: a second card titled "(copy)".
  await cardAction(page, imported, 'Duplicate');
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole('link', { name: `${imported} (copy)` })).toBeVisible();

  // Rename the copy in a dialog.
  await cardAction(page, `${imported} (copy)`, 'Rename');
  const rename = page.getByRole('dialog', { name: 'Rename resume' });
  await expect(rename.getByLabel('Title')).toBeFocused();
  await rename.getByLabel('Title').fill('Staff Engineer CV');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toBeHidden();
  await expect(page.getByRole('link', { name: 'Staff Engineer CV' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Actions for Staff Engineer CV' })).toBeFocused();

  // Download as JSON Resume: a file named after the title, holding the person.
  const download = page.waitForEvent('download');
  await cardAction(page, 'Staff Engineer CV', 'Download JSON Resume');
  const file = await download;
  expect(file.suggestedFilename()).toBe('staff-engineer-cv.json');
  const exported = JSON.parse(readFileSync(await file.path(), 'utf8')) as { basics?: { name?: string } };
  expect(exported.basics?.name).toBe('Richard Hendriks');

  // A third resume reaches the Free limit: the ways to add one are disabled, Upgrade to Pro leads to pricing.
  await cardAction(page, imported, 'Duplicate');
  await expect(cards).toHaveCount(3);
  await expect(page.getByText('3 of 3 resumes used')).toBeVisible();
  await expect(page.getByText('You have used all the resumes of the Free plan.')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
    'href',
    '/pricing?returnTo=%2Fresumes',
  );
  await expect(main.getByRole('button', { name: 'Create new resume' })).toBeDisabled();
  await expect(importButton).toBeDisabled();
  await page.getByRole('button', { name: `Actions for ${imported}`, exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Duplicate (upgrade to Pro)' })).toHaveAttribute(
    'href',
    '/pricing?returnTo=%2Fresumes',
  );
  await page.keyboard.press('Escape');

  // Delete asks first: Cancel keeps the resume, Delete removes it.
  await cardAction(page, 'Staff Engineer CV', 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete this resume?' });
  await expect(confirm).toContainText('“Staff Engineer CV” will be deleted.');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(cards).toHaveCount(3);
  await cardAction(page, 'Staff Engineer CV', 'Delete');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(cards).toHaveCount(2);
  // The freed slot is said at once, and counted before any reload.
  await expect(
    page.getByText('A slot is open: you can create 1 more resume on the Free plan.'),
  ).toBeVisible();
  await expect(page.getByText('2 of 3 resumes used')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Staff Engineer CV' })).toHaveCount(0);
  await expect(importButton).toBeEnabled();

  // A reload shows what the server stored.
  await page.reload();
  await expect(cards).toHaveCount(2);
  await expect(page.getByText('2 of 3 resumes used')).toBeVisible();
});

test('a new resume is named by its job title and the day, the Free plan warns before the third, and a deleted resume frees its slot visibly', async ({
  page,
}) => {
  await signedInUser(page, 'Lucas');
  const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date());
  const title = page.getByLabel('Resume title');
  const notice = (name: string) => page.getByRole('region', { name });

  // First resume: "Resume · <day>" until a job title is typed, which the title then follows.
  await page.goto('/builder');
  await expect(title).toHaveValue(`Resume · ${today}`);
  await expect(notice('This will be your last free resume')).toHaveCount(0);
  await page.getByLabel('Job title').fill('Platform Engineer');
  await expect(title).toHaveValue(`Platform Engineer · ${today}`);
  await expect(page).toHaveURL(/\/builder\?id=/);
  await expect(page.getByRole('status').filter({ hasText: /^Saved at|^All saved/ })).toBeVisible();

  // Second: one key typed on a visit to /builder creates it.
  await page.goto('/builder');
  await page.getByLabel('City').fill('L');
  await expect(page).toHaveURL(/\/builder\?id=/);
  await expect(page.getByRole('status').filter({ hasText: /^Saved at|^All saved/ })).toBeVisible();

  // Third: the editor says so before the first key, with the ways out.
  await page.goto('/builder');
  const last = notice('This will be your last free resume');
  await expect(last).toContainText('Your first edit saves it as resume 3 of 3 on the Free plan.');
  await expect(last.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/pricing');
  await last.getByRole('link', { name: 'My resumes' }).click();

  // Nothing was created; each card shows its title, job title and last edit.
  const cards = page.getByRole('list', { name: 'My resumes' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(page.getByText('2 of 3 resumes used')).toBeVisible();
  const engineer = cards.filter({ hasText: `Platform Engineer · ${today}` });
  await expect(engineer.locator('.resume-tile__role')).toHaveText('Platform Engineer');
  await expect(engineer.locator('time')).toHaveText(/^Updated (just now|1 minute ago)$/);

  // Deleting one frees its slot, visibly and at once.
  await cardAction(page, `Resume · ${today}`, 'Delete');
  await page
    .getByRole('dialog', { name: 'Delete this resume?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(
    page.getByText('A slot is open: you can create 2 more resumes on the Free plan.'),
  ).toBeVisible();
  await expect(page.getByText('1 of 3 resumes used')).toBeVisible();
});

test('Create new resume drops only the draft of the unsaved new resume and opens the builder', async ({
  page,
}) => {
  await page.goto('/auth?lng=en-US');
  await page.getByLabel('Email').fill('demo@example.com');
  await page.getByLabel('Password').fill('Demo-Pass-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'My resumes' })).toBeVisible();

  // The seeded example resumes, as first pages with their titles.
  const cards = page.getByRole('list', { name: 'My resumes' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(cards.locator('.resume-thumbnail').first()).toBeVisible();

  const draft = JSON.stringify({
    resumeId: null,
    baseRevision: 0,
    doc: { title: 'Stale draft' },
    editedAt: 1,
  });
  await page.evaluate((value) => {
    localStorage.setItem('resume-draft:new', value);
    localStorage.setItem('resume-draft:existing-id', value);
  }, draft);

  await page.getByRole('navigation').getByRole('link', { name: 'Create new resume' }).click();
  await expect(page).toHaveURL(/\/builder$/);
  const stored = await page.evaluate(() => ({
    fresh: localStorage.getItem('resume-draft:new'),
    existing: localStorage.getItem('resume-draft:existing-id'),
  }));
  expect(stored.existing).toBe(draft);
  expect(stored.fresh === null || !stored.fresh.includes('Stale draft')).toBe(true);
  await expect(page.getByLabel('Resume title')).not.toHaveValue('Stale draft');

  // Back does not return to /new-resume (it was replaced), so it cannot reset the editor again.
  await page.goBack();
  await expect(page).toHaveURL(/\/resumes$/);
});

test('the seeded demo user sees the app in Portuguese when chosen', async ({ page }) => {
  await page.goto('/auth?lng=pt-BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await page.goto('/auth?lng=en-US');
  await page.getByLabel('Email').fill('demo@example.com');
  await page.getByLabel('Password').fill('Demo-Pass-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'My resumes' })).toBeVisible();

  await page.getByLabel('Language').selectOption('pt-BR');
  await expect(page.getByRole('heading', { name: 'Meus currículos' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Criar novo currículo' })).toBeVisible();
  await expect(page.getByText(/^\d de 3 currículos usados$/)).toBeVisible();
  await expect(page.getByRole('main').locator('time').first()).toHaveText(
    /^Atualizado (agora mesmo|há \d+ minutos?)$/,
  );

  // The choice is the account's (saved to its profile): the seeded account, which other specs sign in to
  // in fresh browsers, goes back to English.
  const restored = page.waitForResponse(
    (r) => r.url().endsWith('/api/me') && r.request().method() === 'PATCH',
  );
  await page.getByLabel('Idioma').selectOption('en-US');
  expect((await restored).ok()).toBe(true);
});

test('the landing page sends visitors through sign-up to the builder and shows the templates', async ({
  page,
}) => {
  await page.goto('/?lng=en-US');
  await expect(page.getByRole('link', { name: 'Get started' })).toHaveAttribute(
    'href',
    '/auth?view=sign-up&redirect=%2Fbuilder',
  );
  await expect(page.getByRole('link', { name: 'Start building' })).toHaveAttribute(
    'href',
    '/auth?view=sign-up&redirect=%2Fbuilder',
  );
  await page.getByRole('link', { name: 'View templates' }).click();
  const gallery = page.locator('#templates');
  await expect(gallery).toBeFocused();
  await expect(gallery.getByRole('heading', { name: 'Templates built to be read' })).toBeInViewport();
  const pictures = gallery.getByRole('img');
  await expect(pictures).toHaveCount(4);
  for (const image of await pictures.all()) {
    await expect(image).toHaveAttribute('loading', 'lazy');
    await expect(image).toHaveAttribute('width', '480');
    await expect(image).toHaveAttribute('alt', /template: the first page of an example resume$/);
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
  }
  await expect(gallery.getByText('Pro', { exact: true })).toHaveCount(3);

  // The sign-up tab opens, and the redirect is kept for after the account exists.
  await page.getByRole('link', { name: 'Get started' }).click();
  await expect(page.getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/redirect=%2Fbuilder/);

  // Portuguese visitors see the templates with a Portuguese resume in them.
  await page.goto('/?lng=pt-BR');
  const portuguese = page.locator('#templates').getByRole('img');
  await expect(portuguese.first()).toHaveAttribute('src', '/templates/simple-pt-BR.png');
  await portuguese.first().scrollIntoViewIfNeeded();
  await expect.poll(() => portuguese.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
});
