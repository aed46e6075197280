import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { cognitoClient } from '../adapters/cognito.ts';
import { documentClient } from '../adapters/dynamo.ts';

type Send = (command: unknown) => Promise<unknown>;
const spySend = (client: { send: unknown }, implementation: Send) =>
  jest
    .spyOn(client as { send: Send }, 'send')
    .mockImplementation(implementation as never) as unknown as jest.Mock<Send>;

/** An SDK command of the given class (named, so the test needs no SDK import), with its input. */
interface Command {
  input: Record<string, unknown> & { ExpressionAttributeValues?: Record<string, unknown> };
}
const isCommand = (command: unknown, name: string): command is Command =>
  (command as { constructor?: { name?: string } } | null)?.constructor?.name === name;

const sample = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../events/cognito/${name}.json`, import.meta.url), 'utf8'));

beforeAll(() => {
  process.env.ALLOWED_ORIGINS = 'https://app.example.com,https://curriculos.example.com.br';
  process.env.BOOTSTRAP_ADMIN_EMAILS = 'owner@example.com';
  process.env.TABLE_NAME = 'unit-table';
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('custom-message trigger', () => {
  it('writes a Portuguese confirmation whose link goes to the preferred domain and carries the code placeholder', async () => {
    const { handler } = await import('./cognito-custom-message.ts');
    const event = sample('custom-message-sign-up');

    const result = await handler(event);

    expect(result.response.emailSubject).toBe('Confirme seu e-mail no Criador de Currículos');
    expect(result.response.emailMessage).toContain(
      'href="https://curriculos.example.com.br/auth/callback?type=signup&amp;email=ana%2Bcv%40example.com&amp;code={####}"',
    );
    expect(result.response.emailMessage).toContain(
      '<strong style="font-size:18px;letter-spacing:2px">{####}</strong>',
    );
  });

  it('falls back to the first app origin and English, and words the reset e-mail as a reset', async () => {
    const { handler } = await import('./cognito-custom-message.ts');
    const event = sample('custom-message-sign-up');
    event.triggerSource = 'CustomMessage_ForgotPassword';
    event.request.userAttributes.locale = 'en';
    event.request.userAttributes['custom:preferred_domain'] = 'evil.example';

    const result = await handler(event);

    expect(result.response.emailSubject).toBe('Reset your Resume Builder password');
    expect(result.response.emailMessage).toContain(
      'https://app.example.com/auth/callback?type=recovery&amp;',
    );
  });

  it('leaves other messages (e.g. MFA) to Cognito', async () => {
    const { handler } = await import('./cognito-custom-message.ts');
    const event = sample('custom-message-sign-up');
    event.triggerSource = 'CustomMessage_Authentication';

    expect((await handler(event)).response.emailMessage).toBeNull();
  });
});

describe('pre-sign-up trigger', () => {
  it('accepts a complete e-mail sign-up and refuses missing names or an unknown language', async () => {
    const { handler, signUpProblem } = await import('./cognito-pre-sign-up.ts');
    const event = sample('pre-sign-up');

    await expect(handler(event)).resolves.toBe(event);
    expect(signUpProblem({ ...event.request.userAttributes, given_name: ' ' })).toBe('FIRST_NAME_REQUIRED');
    expect(signUpProblem({ ...event.request.userAttributes, family_name: undefined })).toBe(
      'LAST_NAME_REQUIRED',
    );
    expect(signUpProblem({ ...event.request.userAttributes, locale: 'fr' })).toBe('LOCALE_INVALID');
    expect(signUpProblem({ ...event.request.userAttributes, 'custom:preferred_domain': 'a b' })).toBe(
      'PREFERRED_DOMAIN_INVALID',
    );
  });
});

describe('social sign-up identity', () => {
  it('reads the provider from the first underscore, in any case, and refuses unknown providers', async () => {
    const { externalIdentity } = await import('./cognito-pre-sign-up.ts');

    expect(externalIdentity('google_1234')).toEqual({ providerName: 'Google', userId: '1234' });
    expect(externalIdentity('LinkedIn_ab_cd')).toEqual({ providerName: 'LinkedIn', userId: 'ab_cd' });
    expect(externalIdentity('facebook_1')).toBeNull();
    expect(externalIdentity('nounderscore')).toBeNull();
  });

  it('trusts a social e-mail only when the provider verified it, and then links nothing without a match', async () => {
    const { handler } = await import('./cognito-pre-sign-up.ts');
    const event = sample('pre-sign-up');
    event.triggerSource = 'PreSignUp_ExternalProvider';
    event.userName = 'LinkedIn_abc';
    event.request.userAttributes.email_verified = 'false';

    const cognito = spySend(cognitoClient, async () => ({ Users: [] }));

    const result = await handler(event);

    expect(result.response.autoVerifyEmail).toBe(false);
    // Not even looked up: an unverified address never reaches an existing account.
    expect(cognito).not.toHaveBeenCalled();
  });

  it('links a verified social e-mail to the confirmed, verified account of that address', async () => {
    const { handler } = await import('./cognito-pre-sign-up.ts');
    const event = sample('pre-sign-up');
    event.triggerSource = 'PreSignUp_ExternalProvider';
    event.userName = 'google_123';
    event.request.userAttributes.email_verified = 'true';
    const cognito = spySend(cognitoClient, async (command) =>
      isCommand(command, 'ListUsersCommand')
        ? {
            Users: [
              {
                Username: 'native-user',
                UserStatus: 'CONFIRMED',
                Attributes: [{ Name: 'email_verified', Value: 'true' }],
              },
            ],
          }
        : {},
    );

    const result = await handler(event);

    expect(result.response.autoVerifyEmail).toBe(true);
    const link = cognito.mock.calls
      .map(([c]) => c)
      .find((c) => isCommand(c, 'AdminLinkProviderForUserCommand'));
    expect(link?.input).toMatchObject({
      DestinationUser: { ProviderName: 'Cognito', ProviderAttributeValue: 'native-user' },
      SourceUser: { ProviderName: 'Google', ProviderAttributeValue: '123' },
    });
  });

  it('does not link to an account whose own e-mail was never verified', async () => {
    const { handler } = await import('./cognito-pre-sign-up.ts');
    const event = sample('pre-sign-up');
    event.triggerSource = 'PreSignUp_ExternalProvider';
    event.userName = 'google_123';
    event.request.userAttributes.email_verified = 'true';
    const cognito = spySend(cognitoClient, async () => ({
      Users: [{ Username: 'native-user', UserStatus: 'CONFIRMED', Attributes: [] }],
    }));

    await handler(event);

    expect(cognito.mock.calls.some(([c]) => isCommand(c, 'AdminLinkProviderForUserCommand'))).toBe(false);
  });
});

describe('pre-token-generation trigger', () => {
  // The Profile as stored: a plain user unless a test says otherwise.
  let stored: Record<string, unknown>;
  let dynamo: jest.Mock<Send>;
  beforeEach(() => {
    stored = { staffRole: null, emailVerified: true };
    dynamo = spySend(documentClient, async (command) =>
      isCommand(command, 'GetCommand') ? { Item: stored } : {},
    );
  });
  const updates = () =>
    dynamo.mock.calls.map(([c]) => c).filter((c): c is Command => isCommand(c, 'UpdateCommand'));

  it('gives a bootstrap admin the role claim and the admin group, keeping their other groups', async () => {
    const { handler } = await import('./cognito-pre-token-generation.ts');

    const result = await handler(sample('pre-token-generation'));

    expect(result.response.claimsOverrideDetails).toEqual({
      claimsToAddOrOverride: { role: 'admin', locale: 'en' },
      groupOverrideDetails: {
        groupsToOverride: ['beta-testers', 'admin'],
        iamRolesToOverride: [],
        preferredRole: null,
      },
    });
  });

  it('ignores the bootstrap list for an unverified address (anyone could type it)', async () => {
    const { handler } = await import('./cognito-pre-token-generation.ts');
    const event = sample('pre-token-generation');
    event.request.userAttributes.email_verified = 'false';

    const result = await handler(event);

    expect(result.response.claimsOverrideDetails).toEqual({ claimsToAddOrOverride: { locale: 'en' } });
  });

  it('adds no role for everyone else', async () => {
    const { handler } = await import('./cognito-pre-token-generation.ts');
    const event = sample('pre-token-generation');
    event.request.userAttributes.email = 'someone@example.com';

    const result = await handler(event);

    expect(result.response.claimsOverrideDetails).toEqual({ claimsToAddOrOverride: { locale: 'en' } });
  });

  it('writes nothing when the Profile already matches the groups', async () => {
    const { handler } = await import('./cognito-pre-token-generation.ts');

    await handler(sample('pre-token-generation'));

    expect(updates()).toEqual([]);
  });

  it('copies a group set in Cognito onto the Profile, and clears it once the group is gone', async () => {
    const { handler } = await import('./cognito-pre-token-generation.ts');
    const granted = sample('pre-token-generation');
    granted.request.groupConfiguration.groupsToOverride = ['support'];

    await handler(granted);
    stored = { staffRole: 'support', emailVerified: true };
    await handler(sample('pre-token-generation'));

    expect(updates().map((u) => u.input.ExpressionAttributeValues?.[':role'])).toEqual(['support', null]);
    expect(updates()[0]?.input.Key).toEqual({
      pk: 'USER#0f7d2a4e-5b8c-4e8a-9d61-000000000004',
      sk: 'PROFILE',
    });
  });

  it('asks Cognito for the groups when the event carries none (the local emulator), and records verification', async () => {
    const { handler } = await import('./cognito-pre-token-generation.ts');
    const cognito = spySend(cognitoClient, async () => ({ Groups: [{ GroupName: 'content_manager' }] }));
    const event = sample('pre-token-generation');
    event.request.groupConfiguration = {};
    stored = { staffRole: null, emailVerified: false };

    const result = await handler(event);

    expect(cognito).toHaveBeenCalledTimes(1);
    expect(updates()[0]?.input.ExpressionAttributeValues).toMatchObject({
      ':role': 'content_manager',
      ':verified': true,
    });
    expect(result.response.claimsOverrideDetails?.claimsToAddOrOverride).toEqual({
      role: 'content_manager',
      locale: 'en',
    });
  });

  it('fails the sign-in when the Profile cannot be brought in step (a revoked role must not linger)', async () => {
    const { handler } = await import('./cognito-pre-token-generation.ts');
    dynamo.mockImplementation(async () => {
      throw new Error('DynamoDB unavailable');
    });

    await expect(handler(sample('pre-token-generation'))).rejects.toThrow('DynamoDB unavailable');
  });
});
