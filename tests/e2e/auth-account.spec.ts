import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';

/**
 * Sign-up, e-mail confirmation (code and link), the route guard, password reset, account settings and
 * account deletion, in a real Chromium against the local cloud. Codes and links come from its outbox.
 */

interface Mail {
  to: string;
  subject: string;
  text: string;
  date: string;
  code?: string;
}

const unique = (label: string) =>
  `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;

async function mailsTo(request: APIRequestContext, email: string): Promise<Mail[]> {
  const all = (await (await request.get('/_local/outbox.json')).json()) as Mail[];
  return all.filter((m) => m.to === email);
}

/** The next mail to `email` after the `already` ones it had; its code and its app link, if any. */
async function nextMail(request: APIRequestContext, email: string, already: number) {
  let mail: Mail | undefined;
  await expect
    .poll(async () => {
      mail = (await mailsTo(request, email))[already];
      return mail?.code;
    })
    .toBeTruthy();
  const code = mail?.code ?? '';
  const href = /https?:\/\/[^\s"'<>]+\/auth\/callback\?[^\s"'<>]+/.exec(mail?.text ?? '')?.[0];
  const link = href ? new URL(href.replaceAll('&amp;', '&')) : undefined;
  return { code, path: link ? link.pathname + link.search : undefined };
}

/** A confirmed account made through the Cognito API, as the sign-up form would (names, language, domain). */
async function createUser(request: APIRequestContext, email: string, password: string) {
  const config = (await (await request.get('/config.json')).json()) as {
    userPoolClientId: string;
    cognitoEndpoint: string;
  };
  const cognito = (action: string, body: object) =>
    request.post(config.cognitoEndpoint, {
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}`,
      },
      data: JSON.stringify({ ClientId: config.userPoolClientId, ...body }),
    });
  const before = (await mailsTo(request, email)).length;
  const signUp = await cognito('SignUp', {
    Username: email,
    Password: password,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'given_name', Value: 'Rita' },
      { Name: 'family_name', Value: 'Reset' },
      { Name: 'locale', Value: 'en' },
    ],
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const { code } = await nextMail(request, email, before);
  const confirm = await cognito('ConfirmSignUp', { Username: email, ConfirmationCode: code });
  expect(confirm.ok(), await confirm.text()).toBe(true);
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('sign-up validates, confirms with the e-mailed code and returns to the guarded page; impersonation parameters do not bypass the guard', async ({
  page,
}) => {
  const email = unique('signup');

  // A sign-in callback in the hash gets up to 2 s; without a session the guard then redirects, and the
  // code never reaches the redirect parameter.
  await page.goto('/resumes#code=not-a-real-code');
  await expect(page.getByText('Processing authentication...')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fresumes$/);

  await page.goto('/account-settings?impersonate=1&targetUser=someone-else');
  await expect(page).toHaveURL(
    /\/auth\?redirect=%2Faccount-settings%3Fimpersonate%3D1%26targetUser%3Dsomeone-else/,
  );
  await expect(page.getByText('Please sign in to access this feature.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Account settings' })).toHaveCount(0);
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Privacy Policy', exact: true })).toHaveAttribute(
    'href',
    '/privacy-policy',
  );
  await expect(main.getByRole('link', { name: 'Terms of Service', exact: true })).toHaveAttribute(
    'href',
    '/terms',
  );
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
    'href',
    '/reset-password',
  );

  await page.getByRole('tab', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/view=sign-up/);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Please enter your first name')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  await expect(page.getByLabel('Preferred language')).toHaveValue('en-US');
  await page.getByLabel('First name').fill('Erin');
  await page.getByLabel('Last name').fill('Signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret-pass-1');
  await page.getByRole('button', { name: 'Create account' }).click();

  await page.getByLabel('Confirmation code').fill((await nextMail(page.request, email, 0)).code);
  await page.getByRole('button', { name: 'Confirm' }).click();

  // Back where the guard stopped the visitor; the query parameters granted nothing on the way.
  await expect(page).toHaveURL(/\/account-settings\?impersonate=1&targetUser=someone-else$/);
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
  await expect(page.getByTestId('account-email')).toHaveText(email);

  // A signed-in user does not stay on /auth.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/resumes$/);
});

test('an address already registered offers to sign in instead', async ({ page }) => {
  await page.goto('/auth?view=sign-up');
  await page.getByLabel('First name').fill('Demo');
  await page.getByLabel('Last name').fill('Again');
  await page.getByLabel('Email').fill('demo@example.com');
  await page.getByLabel('Password').fill('whatever-1');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(
    page.getByText('This email is already registered. Please try signing in instead.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Sign In Instead' }).click();
  await expect(page.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
});

test('the e-mailed confirmation link confirms the account; a bad link says so on /auth', async ({ page }) => {
  const email = unique('link');

  await page.goto('/auth?view=sign-up');
  await page.getByLabel('First name').fill('Lina');
  await page.getByLabel('Last name').fill('Link');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('link-pass-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('Confirmation code')).toBeVisible();

  const mail = await nextMail(page.request, email, 0);
  expect(mail.path).toBe(`/auth/callback?type=signup&email=${encodeURIComponent(email)}&code=${mail.code}`);
  await page.goto(mail.path ?? '');
  await expect(page).toHaveURL(/\/auth\?view=sign-in&confirmed=1$/);
  await expect(page.getByText('Your email is confirmed. Please sign in.')).toBeVisible();
  await signIn(page, email, 'link-pass-1');
  await expect(page).toHaveURL(/\/resumes$/);

  // The link only works once: the code is spent (the account stays confirmed).
  const other = await freshPage(page.context().browser() as Browser);
  await other.goto('/auth/callback?type=signup&email=nobody%40example.test&code=000000');
  await expect(other).toHaveURL(/\/auth\?error=verification_failed$/);
  await expect(other.getByRole('alert').filter({ hasText: 'We could not verify your email.' })).toBeVisible();
  await other.goto('/auth/callback?type=recovery');
  await expect(other).toHaveURL(/\/auth\?error=reset_failed$/);
  await expect(other.getByText('This password reset link is invalid or has expired.')).toBeVisible();
  await other.context().close();
});

test('password reset with the typed code, then with the e-mailed link; a spent link fails', async ({
  page,
  browser,
}) => {
  const email = unique('reset');
  await createUser(page.request, email, 'first-pass-1');
  let mails = (await mailsTo(page.request, email)).length;

  // Step one, then the code typed from the e-mail.
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset code' }).click();
  await expect(page.getByText('Check your email for the reset code')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/auth');
  const typed = await nextMail(page.request, email, mails++);
  await page.getByRole('link', { name: 'Enter the code' }).click();
  await expect(page).toHaveURL(/\/reset-password\?step=change$/);
  // A textbox query waits for the new step's field; a label query can catch the step being replaced.
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
  await page.getByLabel('Reset code').fill(typed.code);
  await page.getByLabel('New password', { exact: true }).fill('second-pass-2');
  const confirm = page.getByLabel('Confirm new password');
  await confirm.fill('second-pass-X');
  const submit = page.getByRole('button', { name: 'Change password' });
  // Active, as in the other forms: the submit reports the mismatch and focuses the confirmation.
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match' }).first()).toBeVisible();
  await expect(confirm).toBeFocused();
  await confirm.fill('second-pass-2');
  await submit.click();
  await expect(page).toHaveURL(/\/resumes$/);

  // The link from a second reset mail: e-mail and code travel with it, only the passwords are asked for.
  const other = await freshPage(browser);
  await other.goto('/reset-password');
  await other.getByLabel('Email').fill(email);
  await other.getByRole('button', { name: 'Send reset code' }).click();
  await expect(other.getByText('Check your email for the reset code')).toBeVisible();
  const linked = await nextMail(other.request, email, mails++);
  const path = linked.path ?? '';
  expect(path).toBe(`/auth/callback?type=recovery&email=${encodeURIComponent(email)}&code=${linked.code}`);
  await other.goto(path);
  await expect(other).toHaveURL(/\/reset-password\?step=change$/);
  await expect(other.getByText(`For ${email}`)).toBeVisible();
  await expect(other.getByLabel('Reset code')).toHaveCount(0);
  await other.getByLabel('New password', { exact: true }).fill('third-pass-3');
  await other.getByLabel('Confirm new password').fill('third-pass-3');
  await other.getByRole('button', { name: 'Change password' }).click();
  await expect(other).toHaveURL(/\/resumes$/);
  await other.context().close();

  // The same link again: its code is spent, so the change fails and /auth says the link is dead.
  const third = await freshPage(browser);
  await third.goto(path);
  await third.getByLabel('New password', { exact: true }).fill('fourth-pass-4');
  await third.getByLabel('Confirm new password').fill('fourth-pass-4');
  await third.getByRole('button', { name: 'Change password' }).click();
  await expect(third).toHaveURL(/\/auth\?error=reset_failed$/);

  // Only the newest password signs in.
  await third.getByLabel('Email').fill(email);
  await third.getByLabel('Password', { exact: true }).fill('second-pass-2');
  await third.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(third.getByText('Incorrect email or password.')).toBeVisible();
  await third.getByLabel('Password', { exact: true }).fill('third-pass-3');
  await third.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(third).toHaveURL(/\/resumes$/);
  await third.context().close();
});

/** Every English text of the auth and account screens that Portuguese says differently. */
function englishOnlyTexts(): RegExp[] {
  const load = (language: string, area: string) =>
    JSON.parse(
      readFileSync(
        new URL(`../../frontend/src/i18n/locales/${language}/${area}.json`, import.meta.url),
        'utf8',
      ),
    ) as Record<string, unknown>;
  const leaves = (tree: unknown, prefix = ''): [string, string][] =>
    typeof tree === 'string'
      ? [[prefix, tree]]
      : Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) =>
          leaves(v, prefix ? `${prefix}.${k}` : k),
        );
  const texts: RegExp[] = [];
  for (const area of ['auth', 'account']) {
    const portuguese = new Map(leaves(load('pt-BR', area)));
    for (const [key, text] of leaves(load('en-US', area))) {
      if (portuguese.get(key) === text || /[{<]/.test(text) || text.length < 4) continue;
      texts.push(new RegExp(`\\b${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u'));
    }
  }
  return texts;
}

async function englishLeft(page: Page): Promise<string[]> {
  await expect(page.locator('main')).toBeVisible();
  // biome-ignore lint/performance/useDomNodeTextContent: what the reader sees is the point, not hidden nodes
  const text = await page.locator('body').innerText();
  return englishOnlyTexts()
    .filter((pattern) => pattern.test(text))
    .map(String);
}

async function expectNoEnglish(page: Page) {
  expect(await englishLeft(page)).toEqual([]);
}

test('in Portuguese, the auth, reset and account screens have no English left', async ({ page }) => {
  const email = unique('ptbr');
  await createUser(page.request, email, 'senha-pt-1');

  // The detector does see English where there is English.
  await page.goto('/auth?lng=en-US');
  expect(await englishLeft(page)).toEqual(
    expect.arrayContaining([String(/\bForgot your password\?(?![\p{L}])/u)]),
  );

  await page.goto('/auth?lng=pt-BR');
  await expect(page.getByRole('tab', { name: 'Entrar' })).toBeVisible();
  await expectNoEnglish(page);
  await page.getByRole('tab', { name: 'Cadastrar' }).click();
  await expect(page.getByLabel('Idioma preferido')).toHaveValue('pt-BR');
  await expectNoEnglish(page);

  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Redefina sua senha' })).toBeVisible();
  await expectNoEnglish(page);
  await page.goto('/reset-password?step=change');
  await expect(page.getByRole('heading', { name: 'Escolha uma nova senha' })).toBeVisible();
  await expectNoEnglish(page);

  await page.goto('/auth?redirect=%2Faccount-settings');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('senha-pt-1');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Configurações da conta' })).toBeVisible();
  await expect(page.getByText('Gratuito')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Planos de carreira' })).toBeVisible();
  await expectNoEnglish(page);
});

test('account settings: plan, name, a notification preference that persists, social connect, then deletion', async ({
  page,
}) => {
  const email = unique('account');
  await createUser(page.request, email, 'account-pass-1');

  await page.goto('/auth?redirect=%2Faccount-settings');
  await signIn(page, email, 'account-pass-1');
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();

  const plan = page.getByRole('region', { name: 'Plan and usage' });
  const badge = plan.getByText('Free', { exact: true });
  await expect(badge).toBeVisible();
  await expect(plan.getByText('0 of 3 resumes used')).toHaveCount(1);
  await expect(plan.getByText('0 of 3 AI suggestions used')).toBeVisible();
  // The plan badge is a pill the size of its word, not a box stretched across its column.
  const badgeBox = await badge.boundingBox();
  const columnBox = await plan.locator('.plan-usage__item').first().boundingBox();
  expect(badgeBox && columnBox && badgeBox.width < columnBox.width / 2).toBe(true);

  // The e-mail cannot be changed here, so it is text, not an input that looks editable.
  await expect(page.getByTestId('account-email')).toHaveText(email);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
  // A failed submit puts the focus on the first invalid field.
  await page.getByLabel('First name').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Please enter your first name')).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();
  await page.getByLabel('First name').fill('Renamed');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();

  // Only e-mails something sends are offered: resume analytics and job alerts wait for their features.
  const notifications = page.getByRole('region', { name: 'Email notifications' });
  await expect(notifications.getByRole('switch')).toHaveCount(3);
  await expect(notifications.getByRole('switch', { name: 'Job alerts' })).toHaveCount(0);
  await expect(notifications.getByRole('switch', { name: 'Resume analytics' })).toHaveCount(0);
  const careerPlans = page.getByRole('switch', { name: 'Career plans' });
  await expect(careerPlans).not.toBeChecked();
  // A switch is a pill wider than tall (a global input rule once made it a 40 × 40 circle).
  const switchBox = await careerPlans.boundingBox();
  expect(switchBox && switchBox.width > switchBox.height * 1.4).toBe(true);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/me') && r.request().method() === 'PATCH');
  await careerPlans.click();
  await expect(careerPlans).toBeChecked();
  expect((await saved).ok()).toBe(true);

  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Renamed');
  await expect(page.getByRole('switch', { name: 'Career plans' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Updates and offers' })).not.toBeChecked();

  const social = page.getByRole('region', { name: 'Social connections' });
  await expect(social.getByText('Not connected')).toHaveCount(2);
  await social.getByRole('button', { name: 'Connect Google' }).click();
  await expect(page.getByText('Connection currently unavailable')).toBeVisible();

  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await confirm.click();
  await expect(dialog.getByText('Password is required to delete account')).toBeVisible();
  await expect(dialog.getByLabel('Password')).toBeFocused();
  await dialog.getByLabel('Password').fill('not-my-password');
  await confirm.click();
  await expect(dialog.getByText('Incorrect password. Please try again.')).toBeVisible();
  await dialog.getByLabel('Password').fill('account-pass-1');
  await confirm.click();
  // A page of its own says it is done, signed out, with the ways on.
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create a new account' })).toHaveAttribute(
    'href',
    '/auth?view=sign-up',
  );
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeVisible();

  await page.goto('/auth');
  await signIn(page, email, 'account-pass-1');
  await expect(page.getByText('Incorrect email or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test('password change in account settings: the current password is checked, the new one follows the policy, and it signs in', async ({
  page,
  browser,
}) => {
  const email = unique('password');
  await createUser(page.request, email, 'first-pass-1');
  await page.goto('/auth?redirect=%2Faccount-settings');
  await signIn(page, email, 'first-pass-1');

  const section = page.getByRole('region', { name: 'Password' });
  const current = section.getByLabel('Current password');
  const next = section.getByLabel('New password', { exact: true });
  const again = section.getByLabel('Confirm new password');
  const submit = section.getByRole('button', { name: 'Change password' });
  await submit.click();
  await expect(section.getByText('Please enter your current password')).toBeVisible();
  await expect(current).toBeFocused();

  await current.fill('not-my-password-1');
  await next.fill('password123');
  await again.fill('password123');
  await submit.click();
  await expect(section.getByText('This password is too common.', { exact: false })).toBeVisible();
  await expect(next).toBeFocused();

  await next.fill('second-pass-2');
  await again.fill('second-pass-X');
  await submit.click();
  await expect(section.getByText('Passwords do not match')).toBeVisible();

  await again.fill('second-pass-2');
  await submit.click();
  await expect(section.getByText('Incorrect password. Please try again.')).toBeVisible();
  await expect(current).toBeFocused();

  const mails = (await mailsTo(page.request, email)).length;
  await current.fill('first-pass-1');
  await submit.click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await expect(current).toHaveValue('');
  await expect(next).toHaveValue('');
  await expect
    .poll(async () => (await mailsTo(page.request, email)).slice(mails).map((m) => m.subject))
    .toEqual(['Your Resume Builder password was changed']);

  // Elsewhere, only the new password signs in.
  const other = await freshPage(browser);
  await other.goto('/auth');
  await signIn(other, email, 'first-pass-1');
  await expect(other.getByText('Incorrect email or password.')).toBeVisible();
  await signIn(other, email, 'second-pass-2');
  await expect(other).toHaveURL(/\/resumes$/);
  await other.context().close();
});

/** Rewrite the stored access token's claims in the page (its signature then no longer matches them). */
async function tamperAccessToken(page: Page, claims: Record<string, unknown>): Promise<string> {
  return page.evaluate((changes) => {
    const key = Object.keys(localStorage).find(
      (name) => name.startsWith('CognitoIdentityServiceProvider.') && name.endsWith('.accessToken'),
    );
    const [header, payload, signature] = (key && localStorage.getItem(key))?.split('.') ?? [];
    if (!key || !header || !payload || !signature) throw new Error('no stored access token');
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const changed = btoa(JSON.stringify({ ...json, ...changes }))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    const token = `${header}.${changed}.${signature}`;
    localStorage.setItem(key, token);
    return token;
  }, claims);
}

test('the session refreshes its tokens without Amplify: before a call when expired, after a refused one', async ({
  page,
}) => {
  const email = unique('refresh');
  await createUser(page.request, email, 'refresh-pass-1');
  await page.goto('/auth?redirect=%2Fresumes');
  await signIn(page, email, 'refresh-pass-1');
  await expect(page.getByRole('heading', { level: 1, name: 'My resumes' })).toBeVisible();

  const refreshes: string[] = [];
  const scripts: string[] = [];
  const refused: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    if (request.headers()['x-amz-target']?.endsWith('.InitiateAuth'))
      refreshes.push(JSON.parse(request.postData() ?? '{}').AuthFlow);
  });
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(new URL(response.url()).pathname);
  });
  const storedToken = () =>
    page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.endsWith('.accessToken'));
      return key ? localStorage.getItem(key) : null;
    });

  // The tokens are changed where no app runs (a plain file of the site), so the page that had them is gone
  // and only the next one reads them.
  const leaveApp = () => page.goto('/robots.txt');

  // An expired access token with a valid refresh token: refreshed before the page's first call, which the API
  // takes (no 401 on the way), and written back where Amplify reads it. The page never loads Amplify.
  await leaveApp();
  refreshes.length = 0;
  scripts.length = 0;
  const expired = await tamperAccessToken(page, { exp: Math.floor(Date.now() / 1000) - 60 });
  await page.goto('/resumes');
  await expect(page.getByRole('heading', { level: 1, name: 'My resumes' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You have no resumes yet' })).toBeVisible();
  expect(refreshes).toEqual(['REFRESH_TOKEN_AUTH']);
  expect(refused).toEqual([]);
  const refreshed = await storedToken();
  expect(refreshed).not.toBe(expired);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => /\/assets\/amplify/.test(path))).toEqual([]);

  // A token that looks valid but that the API refuses: the 401 gets one refresh and the call is made again.
  // (Calls refused at the same time share a refresh; one refused after it has ended asks for another.)
  await leaveApp();
  await tamperAccessToken(page, { exp: Math.floor(Date.now() / 1000) + 3600 });
  await page.goto('/resumes');
  await expect(page.getByRole('heading', { name: 'You have no resumes yet' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'My resumes' })).toBeVisible();
  expect(refused.length).toBeGreaterThan(0);
  expect(refreshes.length).toBeGreaterThan(1);
  expect(new Set(refreshes)).toEqual(new Set(['REFRESH_TOKEN_AUTH']));
  expect(await storedToken()).not.toBe(refreshed);
});

test('one language choice: the settings field and the header switch both save it to the profile, and a new browser opens in it', async ({
  page,
  browser,
}) => {
  const email = unique('language');
  await createUser(page.request, email, 'language-pass-1');
  const patched = (p: Page) =>
    p.waitForResponse((r) => r.url().endsWith('/api/me') && r.request().method() === 'PATCH');

  await page.goto('/auth?redirect=%2Faccount-settings');
  await signIn(page, email, 'language-pass-1');
  const field = page.getByRole('region', { name: 'Language' }).getByLabel('Language');
  await expect(field).toHaveValue('en-US');
  const saved = patched(page);
  await field.selectOption('pt-BR');
  expect(
    ((await (await saved).json()) as { data: { profile: { locale: string } } }).data.profile.locale,
  ).toBe('pt-BR');
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações da conta' })).toBeVisible();
  await expect(page.locator('.app-header').getByLabel('Idioma')).toHaveValue('pt-BR');

  // A browser that never saw the choice opens in it once signed in.
  const other = await freshPage(browser);
  await other.goto('/auth?redirect=%2Faccount-settings');
  await signIn(other, email, 'language-pass-1');
  await expect(other.getByRole('heading', { level: 1, name: 'Configurações da conta' })).toBeVisible();
  // There, the header's switch is the same choice: saved to the profile, shown by the settings field.
  const switched = patched(other);
  await other.locator('.app-header').getByLabel('Idioma').selectOption('en-US');
  expect((await switched).ok()).toBe(true);
  await expect(other.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await expect(other.getByRole('region', { name: 'Language' }).getByLabel('Language')).toHaveValue('en-US');
  await other.context().close();

  // The first browser follows the profile on its next visit.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
});
