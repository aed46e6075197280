import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { createUser, signIn } from './support/users.ts';

/**
 * The admin area against the real local cloud, signed in once as the seeded admin: find the demo user,
 * read one of their resumes, view the app as them (read-only, audited on the server), come back, and turn
 * a feature flag on. Serial: each step starts where the previous one ended.
 */
const admin = { email: 'admin@example.com', password: 'Admin-Pass-2026' };
const demoEmail = 'demo@example.com';
const readOnlyMessage = 'You are viewing as another user: changes are not allowed.';
const impersonationReason = 'Ticket 4711: the user cannot find her resume.';

test.describe.configure({ mode: 'serial' });

let page: Page;
let demoPath = '';
let flagTouched = false;

/**
 * The local cloud answers before its seed is done (on a busy machine, for most of a minute): wait until the
 * seeded admin can sign in and the API knows them as admin, so the UI sign-in meets a finished account.
 */
async function seededAdminReady(request: APIRequestContext): Promise<boolean> {
  const config = (await (await request.get('/config.json')).json()) as { userPoolClientId: string };
  const auth = await request.post('/cognito/', {
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    data: JSON.stringify({
      ClientId: config.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: admin.email, PASSWORD: admin.password },
    }),
  });
  const token = auth.ok()
    ? ((await auth.json()) as { AuthenticationResult?: { AccessToken?: string } }).AuthenticationResult
        ?.AccessToken
    : undefined;
  if (!token) return false;
  const me = await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
  return me.ok() && ((await me.json()) as { data?: { role?: string } }).data?.role === 'admin';
}

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(180_000);
  page = await browser.newPage();
  await expect.poll(() => seededAdminReady(page.request), { timeout: 120_000 }).toBe(true);
  await signIn(page, admin);
});

test.afterAll(async () => {
  // Other specs expect the flag at its default (off), whatever happened after the switch was pressed.
  if (!flagTouched) return page.close();
  await page.goto('/admin/flags?lng=en-US');
  const toggle = page.getByRole('switch', { name: 'Cover letters' });
  if ((await toggle.getAttribute('aria-checked')) === 'true') {
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
  }
  await page.close();
});

test('an admin finds a user by e-mail and opens one of their resumes read-only', async () => {
  await page.goto('/admin/users?lng=en-US');
  const tabs = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(tabs.getByRole('link')).toHaveText(['Overview', 'Users', 'Audit log', 'Feature flags']);

  // The search waits for typing to pause and lands in the URL.
  await page.getByLabel('Search users').fill(demoEmail);
  await expect(page).toHaveURL(/[?&]search=demo%40example\.com/);
  await expect(page.getByText('1 user', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: demoEmail }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Demo User' })).toBeVisible();
  demoPath = new URL(page.url()).pathname;

  // A submit that fails validation says why in the app's language and puts the focus on the field.
  const profile = page.getByRole('region', { name: 'Profile' });
  await profile.getByRole('button', { name: 'Edit profile' }).click();
  await profile.getByLabel('First name').fill(' ');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile.getByText('Please enter the first name')).toBeVisible();
  await expect(profile.getByLabel('First name')).toBeFocused();
  await profile.getByRole('button', { name: 'Cancel' }).click();

  const resumes = page.getByRole('region', { name: 'Resumes' });
  const first = resumes.getByRole('link', { name: /^Open .+ read-only$/ }).first();
  await first.click();

  await expect(page).toHaveURL(/\/admin\/users\/[^/]+\/resumes\/[^/]+$/);
  await expect(page.getByText('Read-only', { exact: true })).toBeVisible();
  // The builder's own preview draws it (page names in the resume's language), with no field to edit.
  const preview = page.getByRole('region', { name: 'Resume (read-only)' });
  await expect(preview.getByRole('group', { name: /^(Page 1 of|Página 1 de) \d+$/ })).toBeVisible();
  await expect(page.locator('main').getByRole('textbox')).toHaveCount(0);

  // The audit log names the user acted on by the e-mail the admin area already loaded, not a bare id.
  await tabs.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('link', { name: `User ${demoEmail}` }).first()).toBeVisible();
});

test('at phone width the health panel and the admin test page cut no column', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, tables] of [
    ['/admin', 'section[aria-labelledby="admin-health-title"] table'],
    ['/admin-test', 'main table'],
  ] as const) {
    await page.goto(`${path}?lng=pt-BR`);
    await expect(page.locator(tables).first()).toBeVisible();
    // One card per row: every cell inside the screen, the page no wider than it.
    const overflow = await page.evaluate((selector) => {
      // The column headers are hidden from sight (each cell carries its own): only the body counts.
      const cells = [...document.querySelectorAll(selector)].flatMap((table) => [
        ...table.querySelectorAll('tbody td, tbody th'),
      ]);
      return {
        page: document.documentElement.scrollWidth - window.innerWidth,
        cells: cells.filter((cell) => cell.getBoundingClientRect().right > window.innerWidth).length,
      };
    }, tables);
    expect({ path, ...overflow }).toEqual({ path, page: 0, cells: 0 });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
});

test('impersonating asks why, shows the banner, opens the builder read-only, refuses a save, and exit returns to the admin area', async () => {
  await page.goto(`${demoPath}?lng=en-US`);
  await page.getByRole('button', { name: 'Impersonate' }).click();

  // A reason is asked for first; it goes into the audit log with the link.
  const ask = page.getByRole('dialog', { name: 'Why do you need to see this account?' });
  await ask.getByRole('button', { name: 'View as this user' }).click();
  await expect(ask.getByText('Please give a reason of at least 10 characters.')).toBeVisible();
  await expect(ask.getByLabel('Reason')).toBeFocused();
  await ask.getByLabel('Reason').fill(impersonationReason);
  await ask.getByRole('button', { name: 'View as this user' }).click();

  // The signed grant opens a read-only session as the demo user, same tab.
  const banner = page.getByRole('status').filter({ hasText: /read-only/ });
  await expect(banner).toContainText(demoEmail);
  await expect(page).not.toHaveURL(/impersonate=/);
  await page.goto('/resumes?lng=en-US');
  await expect(banner).toBeVisible();

  // The builder opens the resume to look at, not to edit: no field, no save attempted, one banner.
  const saves: string[] = [];
  const onRequest = (request: { method(): string; url(): string }) => {
    if (request.method() !== 'GET' && request.url().includes('/api/resume')) saves.push(request.url());
  };
  page.on('request', onRequest);
  await page.locator('a[href^="/builder?id="]').first().click();
  await expect(page).toHaveURL(/\/builder\?id=/);
  await expect(page.getByRole('group', { name: /^(Page 1 of|Página 1 de) \d+$/ })).toBeVisible();
  await expect(page.locator('main').getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /read-only/i })).toHaveCount(1);
  await expect(page.getByText(/Error saving|could not be saved/i)).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await page.goto('/resumes?lng=en-US');
  page.off('request', onRequest);
  expect(saves).toEqual([]);

  // A write is refused by the server, and the user is told why.
  await page
    .getByRole('button', { name: /^Actions for / })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename resume' });
  await rename.getByLabel('Title').fill('Changed by staff');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toContainText(readOnlyMessage);
  await rename.getByRole('button', { name: 'Cancel' }).click();

  await banner.getByRole('button', { name: 'Exit' }).click();
  await expect(banner).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${demoPath}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Demo User' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Changed by staff' })).toHaveCount(0);
});

test('turning the coverLetter flag on shows the cover letter page in the navigation', async () => {
  await page.goto('/admin/flags?lng=en-US');
  const sidebar = page.locator('aside.sidebar');
  await expect(sidebar.getByRole('link', { name: 'Cover letter creator' })).toHaveCount(0);

  const toggle = page.getByRole('switch', { name: 'Cover letters' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  flagTouched = true;
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Cover letters turned on')).toBeVisible();

  // The SPA reads the flags again at once: the link appears without a reload, and the page opens.
  await sidebar.getByRole('link', { name: 'Cover letter creator' }).click();
  await expect(page).toHaveURL(/\/cover-letter$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page not found');
});

test("an admin's own page (same rank) is shown without actions, with the reason, at desktop and phone width in both languages", async () => {
  const shots = 'test-results/admin-rank';
  for (const [lng, note] of [
    ['en-US', 'You can view this account but not change it'],
    ['pt-BR', 'Você pode ver esta conta, mas não alterá-la'],
  ] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/admin/users?lng=${lng}&search=${encodeURIComponent(admin.email)}`);
    await page.getByRole('link', { name: admin.email }).click();
    await expect(page.getByRole('note')).toContainText(note);
    await expect(page.getByRole('button', { name: /^(Delete user|Excluir usuário)$/ })).toHaveCount(0);
    await page.screenshot({ path: `${shots}-${lng}-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('note')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${shots}-${lng}-390.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('the audit log names what was done and to whom, in words: the reason given, the resume by title, no raw route', async () => {
  await page.goto('/admin/audit?lng=en-US');
  const log = page.locator('main table');
  await expect(log).toBeVisible();
  const link = log.getByRole('row').filter({ hasText: 'Generated an impersonation link' }).first();
  await expect(link).toContainText(impersonationReason);
  await expect(link).toContainText(`User ${demoEmail}`);
  // Reads made while looking through the user's eyes say what they read.
  const viewed = log.getByRole('row').filter({ hasText: 'Opened a resume, as the user' }).first();
  await expect(viewed).toBeVisible();
  await expect(viewed).toContainText(/Resume “.+”/);
  await expect(viewed).toContainText(`User ${demoEmail}`);
  await expect(log.getByText(/^(IMPERSONATE |GET |POST |PUT |DELETE )/)).toHaveCount(0);
  // A user target is always a user: never a resume's id.
  const userTargets = await log.getByRole('link', { name: /^User / }).allTextContents();
  expect(userTargets.filter((text) => !text.includes('@'))).toEqual([]);
});

test('a user confirmed by the e-mailed code is shown as confirmed; the admin is Staff: full access; the overview says what each count counts', async () => {
  const fresh = await createUser(page, 'Vera');
  await page.goto(`/admin/users?lng=en-US&search=${encodeURIComponent(fresh.email)}`);
  await page.getByRole('link', { name: fresh.email }).click();
  const facts = page.getByRole('region', { name: 'Profile' }).locator('dl.facts > div');
  await expect(facts.filter({ hasText: 'E-mail confirmed' }).locator('dd')).toHaveText('Yes');

  await page.goto(`/admin/users?lng=en-US&search=${encodeURIComponent(admin.email)}`);
  await expect(page.getByRole('row').filter({ hasText: admin.email })).toContainText('Staff: full access');
  await page.goto('/account-settings?lng=en-US');
  const plan = page.getByRole('region', { name: 'Plan and usage' });
  await expect(plan.getByText('Staff: full access', { exact: true })).toBeVisible();
  await expect(plan.getByText('Free', { exact: true })).toHaveCount(0);

  await page.goto('/admin?lng=en-US');
  await expect(page.locator('.admin-chart__title').filter({ hasText: /^New accounts$/ })).toBeVisible();
  await expect(page.getByText('counts every confirmed account', { exact: false })).toBeVisible();
});
