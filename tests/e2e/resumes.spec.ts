import { expect, type Page, test } from '@playwright/test';

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

test('a new user signs up, confirms with the e-mailed code, creates resumes up to the Free limit, edits and deletes', async ({
  page,
}) => {
  const email = `e2e-${Date.now()}@example.test`;

  // The guard sends an anonymous visitor to sign-in, remembering where they wanted to go.
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
  await expect(page.getByRole('heading', { name: 'My resumes' })).toBeVisible();
  await expect(page.getByText('You have no resumes yet')).toBeVisible();

  const resumes = page.getByRole('list', { name: 'My resumes' }).getByRole('listitem');
  const create = page.getByRole('button', { name: 'Create new resume' });
  for (let n = 1; n <= 3; n++) {
    await create.click();
    await expect(resumes).toHaveCount(n);
  }
  await expect(page.getByText('3 of 3 resumes used')).toBeVisible();

  await create.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Free plan limit of 3 resumes' })).toBeVisible();
  await expect(resumes).toHaveCount(3);

  await resumes.first().getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Resume title').fill('Staff Engineer CV');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: /Back to my resumes/ }).click();
  await expect(page.getByRole('heading', { name: 'Staff Engineer CV' })).toBeVisible();

  const item = resumes.filter({ hasText: 'Staff Engineer CV' });
  await item.getByRole('button', { name: 'Delete' }).click();
  await item.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(resumes).toHaveCount(2);
  await expect(page.getByRole('heading', { name: 'Staff Engineer CV' })).toHaveCount(0);

  // A reload keeps the session and shows what the server stored.
  await page.reload();
  await expect(resumes).toHaveCount(2);
  await expect(page.getByText('2 of 3 resumes used')).toBeVisible();
});

test('the seeded demo user signs in and sees the app in Portuguese when chosen', async ({ page }) => {
  await page.goto('/auth?lng=pt-BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await page.goto('/auth?lng=en-US');
  await page.getByLabel('Email').fill('demo@example.com');
  await page.getByLabel('Password').fill('Demo-Pass-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'My resumes' })).toBeVisible();

  await page.getByLabel('Language').selectOption('pt-BR');
  await expect(page.getByRole('button', { name: 'Criar novo currículo' })).toBeVisible();
});
