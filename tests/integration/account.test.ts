import {
  AdminAddUserToGroupCommand,
  AdminGetUserCommand,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from '@jest/globals';
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
  signIn,
  uniqueEmail,
} from './support/client.ts';

const s3 = new S3Client({
  endpoint: info.endpoints.s3,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: info.credentials,
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});
const outbox = async () =>
  (await (await fetch(`${info.url}/_local/outbox.json`)).json()) as {
    to: string;
    subject: string;
    text: string;
    code?: string;
    links: string[];
  }[];

describe('account: PATCH /api/me', () => {
  it('updates names, language and one notification preference at a time, in the Profile and in Cognito', async () => {
    const user = await newUser('pat');

    const first = await api('PATCH', '/me', {
      token: user.accessToken,
      json: { firstName: 'Patricia', locale: 'pt-BR', notificationPreferences: { newsletter: true } },
    });
    const second = await api('PATCH', '/me', {
      token: user.accessToken,
      json: { notificationPreferences: { jobAlerts: true } },
    });
    const { UserAttributes = [] } = await admin.send(
      new AdminGetUserCommand({ UserPoolId: info.userPoolId, Username: user.sub }),
    );

    expect(first.status).toBe(200);
    expect(first.body.data.user).toMatchObject({ firstName: 'Patricia', lastName: 'Lovelace' });
    expect(second.body.data.profile.notificationPreferences).toEqual({
      updatesAndOffers: false,
      resumeAnalytics: false,
      newsletter: true,
      careerPlans: false,
      jobAlerts: true,
    });
    expect(second.body.data.profile.locale).toBe('pt-BR');
    expect(Object.fromEntries(UserAttributes.map((a) => [a.Name, a.Value]))).toMatchObject({
      given_name: 'Patricia',
      locale: 'pt-BR',
    });
  });

  it.each([
    ['a plan field', { resumeCount: 0 }],
    ['a usage counter', { aiUsageCount: 0 }],
    ['a role', { role: 'admin' }],
    ['an unknown preference', { notificationPreferences: { spam: true } }],
    ['an empty first name', { firstName: '  ' }],
    ['an unsupported language', { locale: 'fr' }],
  ])('refuses %s with 400 and changes nothing', async (_name, body) => {
    const user = await newUser('strict');
    const before = (await api('GET', '/me', { token: user.accessToken })).body.data.profile;

    const res = await api('PATCH', '/me', { token: user.accessToken, json: body });

    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect((await api('GET', '/me', { token: user.accessToken })).body.data.profile).toEqual(before);
  });
});

describe('account: POST /api/me/password', () => {
  it("changes the password through Cognito's ChangePassword and tells the user by e-mail in their stored language", async () => {
    const user = await newUser('changer');
    await api('PATCH', '/me', { token: user.accessToken, json: { locale: 'pt-BR' } });

    const changed = await api('POST', '/me/password', {
      token: user.accessToken,
      json: { currentPassword: user.password, newPassword: 'violet ferry at noon' },
    });

    expect(changed.status).toBe(204);
    await expect(signIn(user.email, user.password)).rejects.toThrow();
    expect((await signIn(user.email, 'violet ferry at noon')).sub).toBe(user.sub);
    const notice = (await outbox()).filter((m) => m.to === user.email).at(-1);
    expect(notice?.subject).toBe('Sua senha do Criador de Currículos foi alterada');
    expect(notice?.text).toContain('/reset-password');
  });

  it('answers a wrong current password with 400 INCORRECT_PASSWORD, a weak new one with PASSWORD_TOO_WEAK, and changes nothing', async () => {
    const user = await newUser('wrongpass');
    const attempt = (json: unknown) => api('POST', '/me/password', { token: user.accessToken, json });

    const wrong = await attempt({ currentPassword: 'not-my-password', newPassword: 'violet ferry at noon' });
    const common = await attempt({ currentPassword: user.password, newPassword: 'password123' });
    const same = await attempt({ currentPassword: user.password, newPassword: user.password });
    const short = await attempt({ currentPassword: user.password, newPassword: 'short' });

    expect([wrong.status, wrong.body.error.code]).toEqual([400, 'INCORRECT_PASSWORD']);
    expect([common, same, short].map((r) => [r.status, r.body.error.code, r.body.error.issues])).toEqual([
      [400, 'PASSWORD_TOO_WEAK', [{ path: 'newPassword', message: 'common' }]],
      [400, 'PASSWORD_TOO_WEAK', [{ path: 'newPassword', message: 'same' }]],
      [400, 'PASSWORD_TOO_WEAK', [{ path: 'newPassword', message: 'tooShort' }]],
    ]);
    expect((await signIn(user.email, user.password)).sub).toBe(user.sub);
  });

  it.each([
    ['no body', undefined],
    ['a missing new password', { currentPassword: 'Secret-pass-1' }],
    ['a number for a password', { currentPassword: 12345678, newPassword: 'violet ferry at noon' }],
    ['an unknown field', { currentPassword: 'a', newPassword: 'violet ferry at noon', userId: 'someone' }],
    ['an over-long password', { currentPassword: 'a', newPassword: 'x'.repeat(300) }],
  ])('refuses %s with 400 VALIDATION_FAILED', async (_name, json) => {
    const user = await newUser('badpass');

    const res = await api('POST', '/me/password', { token: user.accessToken, json });

    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('rate-limits password checks like the other auth actions: the sixth in 15 minutes is 429, even with the right password', async () => {
    const user = await newUser('guesser');
    const guesses = [];
    for (let i = 0; i < 5; i++) {
      guesses.push(
        await api('POST', '/me/password', {
          token: user.accessToken,
          json: { currentPassword: `guess-number-${i}`, newPassword: 'violet ferry at noon' },
        }),
      );
    }

    const right = await api('POST', '/me/password', {
      token: user.accessToken,
      json: { currentPassword: user.password, newPassword: 'violet ferry at noon' },
    });
    const deletion = await api('DELETE', '/me', {
      token: user.accessToken,
      json: { password: user.password },
    });

    expect(guesses.map((g) => g.body.error.code)).toEqual(Array(5).fill('INCORRECT_PASSWORD'));
    expect([right.status, right.body.error.code]).toEqual([429, 'AUTH_RATE_LIMITED']);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect([deletion.status, deletion.body.error.code]).toEqual([429, 'AUTH_RATE_LIMITED']);
    expect((await signIn(user.email, user.password)).sub).toBe(user.sub);
  });

  it("the local Cognito's ChangePassword checks the access token as Cognito does, and the browser path refuses the call", async () => {
    const user = await newUser('emulated');
    const unsigned = new CognitoIdentityProviderClient({
      endpoint: info.endpoints.cognito,
      region: 'us-east-1',
      credentials: { accessKeyId: 'none', secretAccessKey: 'none' },
    });
    const claims = decode(user.accessToken);
    const change = (client: CognitoIdentityProviderClient, token: string) =>
      client.send(
        new ChangePasswordCommand({
          AccessToken: token,
          PreviousPassword: user.password,
          ProposedPassword: 'violet ferry at noon',
        }),
      );

    await expect(change(unsigned, user.idToken)).rejects.toThrow('Invalid Access Token');
    await expect(
      change(unsigned, forge({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })),
    ).rejects.toThrow('Access Token has expired');
    await expect(change(unsigned, `${user.accessToken.slice(0, -4)}AAAA`)).rejects.toThrow(
      'Invalid Access Token',
    );
    await expect(change(cognito, user.accessToken)).rejects.toThrow(
      /not available at the public Cognito endpoint/,
    );
    expect((await signIn(user.email, user.password)).sub).toBe(user.sub);
  });
});

describe('account: social connections', () => {
  it('lists Google and LinkedIn as not connected, and disconnecting one that is not linked is a clear 404', async () => {
    const user = await newUser('social');

    const list = await api('GET', '/me/social-connections', { token: user.accessToken });
    const disconnect = await api('DELETE', '/me/social-connections/google', { token: user.accessToken });
    const unknown = await api('DELETE', '/me/social-connections/myspace', { token: user.accessToken });

    expect(list.body.data).toEqual([
      { provider: 'google', connected: false, email: null, name: null },
      { provider: 'linkedin', connected: false, email: null, name: null },
    ]);
    expect(disconnect.status).toBe(404);
    expect(disconnect.body.error.code).toBe('PROVIDER_NOT_CONNECTED');
    expect(unknown.status).toBe(404);
  });
});

describe('account: DELETE /api/me', () => {
  it('needs the right password, then removes data, files and the Cognito user; the old token stops working', async () => {
    const user = await newUser('leaver');
    await api('POST', `/resume/create/${user.sub}`, { token: user.accessToken, json: { userId: user.sub } });
    await s3.send(
      new PutObjectCommand({
        Bucket: 'local-uploads',
        Key: `users/${user.sub}/cv.pdf`,
        Body: '%PDF-1.4 test',
      }),
    );

    const empty = await api('DELETE', '/me', { token: user.accessToken, json: { password: '' } });
    const wrong = await api('DELETE', '/me', { token: user.accessToken, json: { password: 'not-it' } });
    const stillThere = await api('GET', '/me', { token: user.accessToken });
    const deleted = await api('DELETE', '/me', {
      token: user.accessToken,
      json: { password: user.password },
    });

    expect(empty.body.error.code).toBe('VALIDATION_FAILED');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('INCORRECT_PASSWORD');
    expect(stillThere.status).toBe(200);
    expect(deleted.status).toBe(204);
    const { Items = [] } = await db.send(
      new QueryCommand({
        TableName: info.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `USER#${user.sub}` },
      }),
    );
    expect(Items).toEqual([]);
    const files = await s3.send(
      new ListObjectsV2Command({ Bucket: 'local-uploads', Prefix: `users/${user.sub}/` }),
    );
    expect(files.Contents ?? []).toEqual([]);
    await expect(signIn(user.email, user.password)).rejects.toThrow();
    const afterwards = await api('GET', '/me', { token: user.accessToken });
    expect(afterwards.status).toBe(401);
    expect(afterwards.body.error.code).toBe('ACCOUNT_INACTIVE');
  });
});

describe('Cognito triggers', () => {
  it('pre-sign-up refuses a sign-up without first or last name', async () => {
    await expect(
      cognito.send(
        new SignUpCommand({
          ClientId: info.clientId,
          Username: uniqueEmail('nameless'),
          Password: 'Secret-pass-1',
          UserAttributes: [{ Name: 'given_name', Value: 'Only' }],
        }),
      ),
    ).rejects.toThrow(/LAST_NAME_REQUIRED/);
  });

  it('custom-message sends a Portuguese confirmation with a link that carries the code to /auth/callback', async () => {
    const email = uniqueEmail('pt');
    await cognito.send(
      new SignUpCommand({
        ClientId: info.clientId,
        Username: email,
        Password: 'Secret-pass-1',
        UserAttributes: [
          { Name: 'given_name', Value: 'Ana' },
          { Name: 'family_name', Value: 'Souza' },
          { Name: 'locale', Value: 'pt-BR' },
        ],
      }),
    );

    const mail = (await outbox()).filter((m) => m.to === email).at(-1);
    const code = await codeFor(email);

    expect(mail?.subject).toBe('Confirme seu e-mail no Criador de Currículos');
    expect(mail?.links[0]).toBe(
      `${info.url}/auth/callback?type=signup&email=${encodeURIComponent(email)}&code=${code}`,
    );
    expect(mail?.text).not.toContain('{####}');
  });

  it('custom-message sends an English reset e-mail whose code resets the password', async () => {
    const user = await newUser('forgot');
    await cognito.send(new ForgotPasswordCommand({ ClientId: info.clientId, Username: user.email }));
    const mail = (await outbox()).filter((m) => m.to === user.email).at(-1);
    const code = await codeFor(user.email);

    await cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId: info.clientId,
        Username: user.email,
        ConfirmationCode: code,
        Password: 'Brand-new-pass-2',
      }),
    );

    expect(mail?.subject).toBe('Reset your Resume Builder password');
    expect(mail?.links[0]).toContain('/auth/callback?type=recovery&');
    expect((await signIn(user.email, 'Brand-new-pass-2')).sub).toBe(user.sub);
  });

  it('pre-token-generation puts the language in the ID token', async () => {
    const user = await newUser('claims');
    await api('PATCH', '/me', { token: user.accessToken, json: { locale: 'pt-BR' } });

    const again = await signIn(user.email, user.password);

    expect(decode(again.idToken).locale).toBe('pt-BR');
  });
});

describe('staff API: roles and permissions', () => {
  it('refuses normal users with 403 and answers staff by the permission matrix, writing an audit entry', async () => {
    const user = await newUser('plain');
    const support = await newUser('helper');
    await admin.send(
      new AdminAddUserToGroupCommand({
        UserPoolId: info.userPoolId,
        Username: support.sub,
        GroupName: 'support',
      }),
    );
    const staff = await signIn(support.email, support.password);

    const refused = await api('GET', `/admin/permissions/${user.sub}`, { token: user.accessToken });
    const mine = await api('GET', `/admin/permissions/${staff.sub}`, { token: staff.accessToken });
    const theirs = await api('GET', `/admin/permissions/${user.sub}`, { token: staff.accessToken });
    const check = await api('POST', '/admin/permissions/check', {
      token: staff.accessToken,
      json: { permission: 'users:delete', userId: user.sub },
    });
    const badCheck = await api('POST', '/admin/permissions/check', {
      token: staff.accessToken,
      json: { permission: 'users:explode' },
    });

    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    expect(mine.body.data).toMatchObject({ role: 'support' });
    expect(mine.body.data.permissions).toContain('users:edit');
    expect(mine.body.data.permissions).not.toContain('users:delete');
    expect(theirs.body.data).toEqual({ userId: user.sub, role: null, permissions: [] });
    expect(check.body.data.allowed).toBe(false);
    expect(badCheck.status).toBe(400);

    const month = new Date().toISOString().slice(0, 7);
    const { Items = [] } = await db.send(
      new QueryCommand({
        TableName: info.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `AUDIT#${month}` },
      }),
    );
    const byStaff = Items.filter((i) => i.actor === staff.sub);
    expect(byStaff.map((i) => i.action)).toEqual(
      expect.arrayContaining(['GET /api/admin/permissions/{userId}', 'POST /api/admin/permissions/check']),
    );
    expect(Items.some((i) => i.actor === user.sub && i.status === 403)).toBe(true);
    expect(byStaff.find((i) => i.action === 'POST /api/admin/permissions/check')?.target).toEqual({
      userId: user.sub,
    });
  });

  it('reports role and permissions in /me for staff', async () => {
    const seeded = info.seedUsers.find((u) => u.role === 'admin');
    if (!seeded) throw new Error('no seeded admin');
    const session = await signIn(seeded.email, seeded.password);

    const me = await api('GET', '/me', { token: session.accessToken });

    expect(me.body.data.role).toBe('admin');
    expect(me.body.data.permissions).toContain('system:featureFlags');
  });
});
