import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** A confirmed account of its own for one test, made through the local Cognito the app uses. */
export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

async function cognito(page: Page, target: string, body: object): Promise<unknown> {
  const response = await page.request.post('/cognito/', {
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    data: JSON.stringify(body),
  });
  expect(response.ok(), `${target}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** Sign up and confirm a fresh user (confirmation code read from the local outbox), without the UI. */
export async function createUser(page: Page, firstName = 'Robin'): Promise<TestUser> {
  const config = (await (await page.request.get('/config.json')).json()) as { userPoolClientId: string };
  const user: TestUser = {
    email: `builder-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`,
    password: 'Builder-Pass-2026',
    firstName,
    lastName: 'Quinn',
  };
  await cognito(page, 'SignUp', {
    ClientId: config.userPoolClientId,
    Username: user.email,
    Password: user.password,
    UserAttributes: [
      { Name: 'email', Value: user.email },
      { Name: 'given_name', Value: user.firstName },
      { Name: 'family_name', Value: user.lastName },
      { Name: 'locale', Value: 'en' },
    ],
  });
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/_local/outbox.json')).json()) as {
        to: string;
        code?: string;
      }[];
      code = mails.filter((m) => m.to === user.email).at(-1)?.code;
      return code;
    })
    .toBeTruthy();
  await cognito(page, 'ConfirmSignUp', {
    ClientId: config.userPoolClientId,
    Username: user.email,
    ConfirmationCode: code,
  });
  return user;
}

/** Sign in through the app's own form and wait for the resumes page. */
export async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  await page.goto('/auth?lng=en-US');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/resumes/);
}

/** A fresh, signed-in user. */
export async function signedInUser(page: Page, firstName?: string): Promise<TestUser> {
  const user = await createUser(page, firstName);
  await signIn(page, user);
  return user;
}

/**
 * True once a seeded account (demo@example.com, admin@example.com) can sign in and the API knows it: the local
 * cloud answers before its seed is done (on a busy machine, for most of a minute). Poll it before a UI sign-in;
 * `role`, when given, must be the account's role in the API (the seed sets it last).
 */
export async function seededAccountReady(
  request: APIRequestContext,
  user: Pick<TestUser, 'email' | 'password'>,
  role?: string,
): Promise<boolean> {
  const config = (await (await request.get('/config.json')).json()) as { userPoolClientId: string };
  const auth = await request.post('/cognito/', {
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    data: JSON.stringify({
      ClientId: config.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    }),
  });
  if (!auth.ok()) return false;
  const token = ((await auth.json()) as { AuthenticationResult?: { AccessToken?: string } })
    .AuthenticationResult?.AccessToken;
  if (!token) return false;
  const me = await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
  if (!me.ok()) return false;
  return role === undefined || ((await me.json()) as { data?: { role?: string } }).data?.role === role;
}
