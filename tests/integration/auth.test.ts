import {
  AdminAddUserToGroupCommand,
  ConfirmSignUpCommand,
  CreateUserPoolClientCommand,
  GetTokensFromRefreshTokenCommand,
  ResendConfirmationCodeCommand,
  RevokeTokenCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { INVOKE_SECRET_HEADER, readInvokeSecret } from '../../infra/local/invoke-secret.ts';
import {
  cognitoAdmin as admin,
  api,
  codeFor,
  cognito,
  db,
  decode,
  forge,
  info,
  newUser,
  type Session,
  uniqueEmail,
} from './support/client.ts';

describe('sign-up and the post-confirmation trigger', () => {
  it('creates the Profile on confirmation and /me returns user, profile, usage and role', async () => {
    const user = await newUser('erin');

    const profile = await db.send(
      new GetCommand({ TableName: info.tableName, Key: { pk: `USER#${user.sub}`, sk: 'PROFILE' } }),
    );
    const me = await api('GET', '/me', { token: user.accessToken });

    expect(profile.Item).toMatchObject({
      userId: user.sub,
      email: user.email,
      firstName: 'Ada',
      resumeCount: 0,
    });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      user: { id: user.sub, email: user.email, firstName: 'Ada', lastName: 'Lovelace' },
      subscription: null,
      usage: { resumes: { used: 0, limit: 3 }, aiSuggestions: { used: 0, limit: 3 } },
      role: null,
    });
  });
});

describe('session refresh through the /cognito proxy', () => {
  it('answers GetTokensFromRefreshToken (as Amplify sends it) with tokens that carry new groups', async () => {
    const user = await newUser('ivy');
    await admin.send(
      new AdminAddUserToGroupCommand({
        UserPoolId: info.userPoolId,
        Username: user.email,
        GroupName: 'support',
      }),
    );

    const { AuthenticationResult } = await cognito.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: info.clientId, RefreshToken: user.refreshToken }),
    );
    const accessToken = AuthenticationResult?.AccessToken ?? '';
    const me = await api('GET', '/me', { token: accessToken });

    expect(decode(accessToken)['cognito:groups']).toEqual(['support']);
    expect(me.status).toBe(200);
    expect(me.body.data.role).toBe('support');
  });
});

describe('sign-out', () => {
  it('revokes the refresh token (what Amplify signOut sends), so the session cannot be renewed', async () => {
    const user = await newUser('bye');

    await cognito.send(new RevokeTokenCommand({ ClientId: info.clientId, Token: user.refreshToken }));

    await expect(
      cognito.send(
        new GetTokensFromRefreshTokenCommand({ ClientId: info.clientId, RefreshToken: user.refreshToken }),
      ),
    ).rejects.toThrow();
  });
});

describe('access tokens only', () => {
  let user: Session;
  beforeAll(async () => {
    user = await newUser('frank');
  });

  const claims = () => decode(user.accessToken);
  const now = () => Math.floor(Date.now() / 1000);

  it.each<[string, () => Promise<string | undefined>]>([
    ['no token', async () => undefined],
    ['an ID token', async () => user.idToken],
    ['a garbage token', async () => 'not-a-jwt'],
    ['an expired access token', async () => forge({ ...claims(), iat: now() - 7200, exp: now() - 3600 })],
    [
      'alg none',
      async () => {
        const [, payload] = user.accessToken.split('.');
        const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT', kid: 'CognitoLocal' })).toString(
          'base64url',
        );
        return `${header}.${payload}.`;
      },
    ],
    ['an unknown kid', async () => forge(claims(), { kid: 'someone-else' })],
    ['another issuer', async () => forge({ ...claims(), iss: 'https://evil.example/pool' })],
    [
      'a tampered payload',
      async () => {
        const [head, , sig] = user.accessToken.split('.');
        const payload = Buffer.from(JSON.stringify({ ...claims(), sub: 'someone-else' })).toString(
          'base64url',
        );
        return `${head}.${payload}.${sig}`;
      },
    ],
    [
      'an access token of another app client',
      async () => {
        const { UserPoolClient } = await admin.send(
          new CreateUserPoolClientCommand({ UserPoolId: info.userPoolId, ClientName: 'other' }),
        );
        const other = await newUser('other-client', UserPoolClient?.ClientId);
        return other.accessToken;
      },
    ],
  ])('refuses %s with 401', async (_name, token) => {
    const res = await api('GET', '/me', { token: await token() });

    expect(res.status).toBe(401);
  });

  it('accepts a well-formed token signed the same way (control for the forged cases)', async () => {
    const res = await api('GET', '/me', { token: forge({ ...claims(), iat: now(), exp: now() + 600 }) });

    expect(res.status).toBe(200);
  });

  it('refuses an ID token with 401 UNAUTHORIZED from the handler, through the gateway and invoked directly', async () => {
    const atGateway = await api('GET', `/resume/all/${user.sub}`, { token: user.idToken });
    const invoked = await fetch(`${info.url}/2015-03-31/functions/me/invocations`, {
      method: 'POST',
      headers: { [INVOKE_SECRET_HEADER]: readInvokeSecret(info.dataDir) ?? '' },
      body: JSON.stringify({ routeKey: 'GET /api/me', headers: { authorization: `Bearer ${user.idToken}` } }),
    });
    const result = (await invoked.json()) as { statusCode: number; body: string };

    expect(atGateway.status).toBe(401);
    expect(atGateway.body.error.code).toBe('UNAUTHORIZED');
    expect(result.statusCode).toBe(401);
    expect(JSON.parse(result.body).error.code).toBe('UNAUTHORIZED');
  });
});

describe('inactive accounts', () => {
  it("refuses a disabled user's still-valid token", async () => {
    const user = await newUser('gina');
    await db.send(
      new UpdateCommand({
        TableName: info.tableName,
        Key: { pk: `USER#${user.sub}`, sk: 'PROFILE' },
        UpdateExpression: 'SET #s = :d',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':d': 'disabled' },
      }),
    );

    const res = await api('GET', '/me', { token: user.accessToken });

    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('ACCOUNT_INACTIVE');
  });

  it("refuses a deleted user's still-valid token", async () => {
    const user = await newUser('hank');
    await db.send(
      new DeleteCommand({ TableName: info.tableName, Key: { pk: `USER#${user.sub}`, sk: 'PROFILE' } }),
    );

    const res = await api('POST', `/resume/create/${user.sub}`, {
      token: user.accessToken,
      json: { userId: user.sub },
    });

    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('ACCOUNT_INACTIVE');
  });
});

describe('public routes and unknown paths', () => {
  it('answers health without a token and 404 for unknown API paths', async () => {
    expect((await api('GET', '/health')).status).toBe(200);
    expect((await api('GET', '/nope')).status).toBe(404);
    expect((await api('PUT', '/resume/abc')).status).toBe(404);
  });
});

describe('first-run trust: password policy, resend and a used code', () => {
  const signUp = (email: string, password: string) =>
    cognito.send(
      new SignUpCommand({
        ClientId: info.clientId,
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'given_name', Value: 'Ada' },
          { Name: 'family_name', Value: 'Lovelace' },
        ],
      }),
    );
  const confirm = (email: string, code: string) =>
    cognito.send(
      new ConfirmSignUpCommand({ ClientId: info.clientId, Username: email, ConfirmationCode: code }),
    );
  const outbox = async (email: string) =>
    (
      (await (await fetch(`${info.url}/_local/outbox.json`)).json()) as {
        to: string;
        code?: string;
        text: string;
      }[]
    ).filter((mail) => mail.to === email);

  it('refuses a 7-character password as the pool policy says', async () => {
    await expect(signUp(uniqueEmail('short'), 'Abc-123')).rejects.toMatchObject({
      name: 'InvalidPasswordException',
    });
  });

  it('resends a new code through the custom-message trigger; a used code then says the account is confirmed', async () => {
    const email = uniqueEmail('resend');
    await signUp(email, 'Secret-pass-1');
    const first = await codeFor(email);

    const { CodeDeliveryDetails } = await cognito.send(
      new ResendConfirmationCodeCommand({ ClientId: info.clientId, Username: email }),
    );
    const mails = await outbox(email);
    const second = await codeFor(email);

    expect(CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', Destination: email });
    expect(mails).toHaveLength(2);
    // The trigger wrote the mail: its text carries the code, not cognito-local's default sentence.
    expect(mails[1]?.text).toContain(second);
    expect(mails[1]?.text).not.toMatch(/^Your verification code is/);
    await expect(confirm(email, first === second ? 'wrong-code' : first)).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    await confirm(email, second);
    await expect(confirm(email, second)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: expect.stringContaining('CONFIRMED'),
    });
    await expect(
      cognito.send(new ResendConfirmationCodeCommand({ ClientId: info.clientId, Username: email })),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
  });
});
