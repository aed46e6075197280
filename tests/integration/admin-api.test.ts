import { randomUUID } from 'node:crypto';
import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  ConfirmForgotPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { queues } from '../../infra/app-manifest.ts';
import {
  api,
  codeFor,
  cognito,
  cognitoAdmin,
  db,
  info,
  newUser,
  type Session,
  signIn,
} from './support/client.ts';

/**
 * The staff API of spec section 7 against the local cloud, as the seeded admin. The permission matrix over
 * these routes is the authorization tests' (one role per request there); here each call's behaviour.
 */

// Each test signs up its own users (sign-up, confirmation and sign-in through cognito-local).
jest.setTimeout(30_000);

let admin: Session;
const as = (method: string, path: string, json?: unknown) =>
  api(method, `/admin${path}`, { token: admin.accessToken, ...(json === undefined ? {} : { json }) });

const itemsOf = async (sub: string) =>
  (
    await db.send(
      new QueryCommand({
        TableName: info.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `USER#${sub}` },
      }),
    )
  ).Items ?? [];

const createResume = async (s: Session, title: string) =>
  (await api('POST', `/resume/create/${s.sub}`, { token: s.accessToken, json: { userId: s.sub, title } }))
    .body.data.id as string;

const signInFails = (s: Session, password = s.password) =>
  signIn(s.email, password).then(
    () => null,
    (error: Error) => error.name,
  );

beforeAll(async () => {
  const seeded = info.seedUsers.find((u) => u.role === 'admin');
  if (!seeded) throw new Error('no seeded admin');
  admin = await signIn(seeded.email, seeded.password);
});

describe('admin users list', () => {
  it('pages through a search in e-mail order with an honest total, plan and counts', async () => {
    const tag = `pager${randomUUID().slice(0, 6)}`;
    const users = await Promise.all([newUser(tag), newUser(tag), newUser(tag)]);
    await createResume(users[0] as Session, 'First');
    // A Pro subscription as the billing webhook stores it.
    await db.send(
      new PutCommand({
        TableName: info.tableName,
        Item: {
          pk: `USER#${users[1]?.sub}`,
          sk: 'SUBSCRIPTION',
          entity: 'Subscription',
          version: 1,
          profileId: users[1]?.sub,
          subscriptionType: 'proSubscription',
          status: 'active',
          validUntil: new Date(Date.now() + 20 * 86_400_000).toISOString(),
        },
      }),
    );

    const first = await as('GET', `/users?search=${tag.toUpperCase()}&limit=2`);
    const second = await as('GET', `/users?search=${tag}&limit=2&page=2`);
    const everyone = await as('GET', '/users');
    const bad = await as('GET', '/users?limit=0&sort=name');

    const byEmail = [...users].sort((a, b) => a.email.localeCompare(b.email));
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ page: 1, limit: 2, total: 3, hasMore: true });
    expect(second.body.data).toMatchObject({ page: 2, limit: 2, total: 3, hasMore: false });
    const listed = [...first.body.data.users, ...second.body.data.users];
    expect(listed.map((u: { email: string }) => u.email)).toEqual(byEmail.map((u) => u.email));
    const row = (s: Session | undefined) => listed.find((u: { id: string }) => u.id === s?.sub);
    expect(row(users[0])).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      status: 'active',
      role: null,
      plan: 'free',
      resumeCount: 1,
      aiUsageCount: 0,
    });
    expect(row(users[1])?.plan).toBe('proSubscription');
    expect(everyone.body.data).toMatchObject({ page: 1, limit: 50 });
    expect(everyone.body.data.total).toBeGreaterThanOrEqual(4);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
  });
});

describe('admin user detail, update, disable and reset', () => {
  let user: Session;
  beforeAll(async () => {
    user = await newUser('detail');
  });

  it('answers the detail with the subscription, the Profile, and 404 USER_NOT_FOUND for nobody', async () => {
    const detail = await as('GET', `/users/${user.sub}`);
    const profile = await as('GET', `/users/${user.sub}/profile`);
    const subscription = await as('GET', `/users/${user.sub}/subscription`);
    const nobody = await as('GET', `/users/${randomUUID()}`);
    const nobodysResumes = await as('GET', `/users/${randomUUID()}/resumes`);

    expect(detail.status).toBe(200);
    expect(detail.body.data.user).toMatchObject({
      id: user.sub,
      email: user.email,
      locale: 'en',
      emailVerified: expect.any(Boolean),
      plan: 'free',
    });
    // The seeded admin holds subscriptions:view; a user who never paid has none.
    expect(detail.body.data).toHaveProperty('subscription', null);
    expect(profile.body.data).toMatchObject({ id: user.sub, email: user.email, status: 'active' });
    expect(subscription.status).toBe(200);
    expect(subscription.body.data).toBeNull();
    expect([nobody.status, nobody.body.error.code]).toEqual([404, 'USER_NOT_FOUND']);
    expect(nobodysResumes.body.error.code).toBe('USER_NOT_FOUND');
  });

  it('acts on the subscription with the billing rules: nothing to cancel or refund for a Free user', async () => {
    const sync = await as('POST', `/users/${user.sub}/subscription/sync`, {});
    const cancel = await as('POST', `/users/${user.sub}/subscription/cancel`, {});
    const refund = await as('POST', `/users/${user.sub}/subscription/refund`);
    const badReason = await as('POST', `/users/${user.sub}/subscription/cancel`, { reason: 'bored' });

    expect(sync.body.data).toMatchObject({ synced: true, subscription: { plan: 'free' } });
    expect([cancel.status, cancel.body.error.code]).toEqual([409, 'NO_ACTIVE_SUBSCRIPTION']);
    expect([refund.status, refund.body.error.code]).toEqual([409, 'NOT_REFUNDABLE']);
    expect(badReason.status).toBe(400);
  });

  it('updates names and language, and refuses a bad body leaving the Profile unchanged', async () => {
    const updated = await as('PUT', `/users/${user.sub}`, { lastName: 'Hopper', locale: 'pt-BR' });
    const bad = await as('PUT', `/users/${user.sub}`, { lastName: 'Nope', role: 'admin' });
    const empty = await as('PUT', `/users/${user.sub}`, {});
    const found = await as('GET', `/users?search=HOPPER`);
    const profile = await as('GET', `/users/${user.sub}/profile`);

    expect(updated.status).toBe(200);
    expect(updated.body.data.user).toMatchObject({ firstName: 'Ada', lastName: 'Hopper', locale: 'pt-BR' });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(empty.status).toBe(400);
    expect(profile.body.data).toMatchObject({ lastName: 'Hopper', locale: 'pt-BR' });
    expect(found.body.data.users.map((u: { id: string }) => u.id)).toContain(user.sub);
  });

  it('disables a user: their next request is refused; enabling lets them back', async () => {
    const before = await api('GET', '/me', { token: user.accessToken });
    const disabled = await as('PUT', `/users/${user.sub}`, { status: 'disabled' });
    const refused = await api('GET', '/me', { token: user.accessToken });
    const enabled = await as('PUT', `/users/${user.sub}`, { status: 'active' });
    const back = await api('GET', '/me', { token: user.accessToken });

    expect(before.status).toBe(200);
    expect(disabled.body.data.user.status).toBe('disabled');
    expect([refused.status, refused.body.error.code]).toEqual([401, 'ACCOUNT_INACTIVE']);
    expect(enabled.body.data.user.status).toBe('active');
    expect(back.status).toBe(200);
  });

  it('resets the password: the code reaches the outbox, the old password stops working, the code sets a new one', async () => {
    const reset = await as('POST', `/users/${user.sub}/reset-password`, {});
    const oldPassword = await signInFails(user);
    await cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId: info.clientId,
        Username: user.email,
        ConfirmationCode: await codeFor(user.email),
        Password: 'Chosen-after-reset-3',
      }),
    );

    expect(reset.status).toBe(200);
    expect(oldPassword).toBe('PasswordResetRequiredException');
    expect((await signIn(user.email, 'Chosen-after-reset-3')).sub).toBe(user.sub);
  });
});

describe('admin: resumes, roles and deletion', () => {
  it("lists a user's resumes and reads one; another user's resume id is not found", async () => {
    const [owner, other] = await Promise.all([newUser('owner'), newUser('other')]);
    const id = await createResume(owner, 'Staff can read this');
    const otherId = await createResume(other, 'Not here');

    const list = await as('GET', `/users/${owner.sub}/resumes`);
    const one = await as('GET', `/users/${owner.sub}/resumes/${id}`);
    const foreign = await as('GET', `/users/${owner.sub}/resumes/${otherId}`);

    expect(list.body.data).toEqual([
      { id, title: 'Staff can read this', template: expect.any(String), updatedAt: expect.any(String) },
    ]);
    expect(one.body.data).toMatchObject({ id, title: 'Staff can read this' });
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'RESUME_NOT_FOUND']);
  });

  it('grants a staff role and revokes it, on the Profile and in the Cognito groups', async () => {
    const user = await newUser('promoted');
    const groups = async () =>
      (
        await cognitoAdmin.send(
          new AdminListGroupsForUserCommand({ UserPoolId: info.userPoolId, Username: user.sub }),
        )
      ).Groups?.map((g) => g.GroupName);

    const granted = await as('PUT', `/permissions/${user.sub}`, { role: 'support' });
    // The API reads the role from the Profile: the token the user already holds works at once.
    const asSupport = await api('GET', '/admin/health', { token: user.accessToken });
    const read = await as('GET', `/permissions/${user.sub}`);
    const groupsGranted = await groups();
    const changed = await as('PUT', `/permissions/${user.sub}`, { role: 'content_manager' });
    const groupsChanged = await groups();
    const revoked = await as('PUT', `/permissions/${user.sub}`, { role: null });
    const after = await as('GET', `/permissions/${user.sub}`);
    const asNobody = await api('GET', '/admin/health', { token: user.accessToken });
    const unknownRole = await as('PUT', `/permissions/${user.sub}`, { role: 'owner' });

    expect(granted.body.data).toMatchObject({ userId: user.sub, role: 'support' });
    expect(read.body.data.role).toBe('support');
    expect(read.body.data.permissions).toContain('subscriptions:cancel');
    expect(groupsGranted).toEqual(['support']);
    expect(changed.body.data.role).toBe('content_manager');
    expect(groupsChanged).toEqual(['content_manager']);
    expect(revoked.body.data).toEqual({ userId: user.sub, role: null, permissions: [] });
    expect(after.body.data.role).toBeNull();
    expect([asSupport.status, asNobody.status]).toEqual([200, 403]);
    expect(await groups()).toEqual([]);
    expect(unknownRole.status).toBe(400);
  });

  it('deletes a user fully (resumes, items, sign-in) and refuses to act on oneself', async () => {
    const user = await newUser('doomed');
    await createResume(user, 'Goes too');

    const deleted = await as('DELETE', `/users/${user.sub}`);
    const gone = await as('GET', `/users/${user.sub}`);
    const self = await Promise.all([
      as('DELETE', `/users/${admin.sub}`),
      as('PUT', `/users/${admin.sub}`, { status: 'disabled' }),
      as('PUT', `/permissions/${admin.sub}`, { role: null }),
    ]);

    expect(deleted.status).toBe(204);
    expect(gone.body.error.code).toBe('USER_NOT_FOUND');
    expect(await itemsOf(user.sub)).toEqual([]);
    expect(await signInFails(user)).toMatch(/UserNotFoundException|NotAuthorizedException/);
    expect(self.map((r) => [r.status, r.body.error.code])).toEqual(
      Array(3).fill([409, 'CANNOT_ACT_ON_SELF']),
    );
    expect((await api('GET', '/me', { token: admin.accessToken })).status).toBe(200);
  });

  it('bulk deletes, reporting each user that could not be deleted with its code', async () => {
    const [a, b] = await Promise.all([newUser('bulk'), newUser('bulk')]);
    await createResume(a, 'Bulk');
    const nobody = randomUUID();

    const result = await as('POST', '/users/bulk-delete', { userIds: [a.sub, nobody, b.sub, admin.sub] });
    const tooMany = await as('POST', '/users/bulk-delete', { userIds: [] });

    expect(result.body.data).toEqual({
      deleted: [a.sub, b.sub],
      failed: [
        { userId: nobody, code: 'USER_NOT_FOUND' },
        { userId: admin.sub, code: 'CANNOT_ACT_ON_SELF' },
      ],
    });
    expect(await itemsOf(a.sub)).toEqual([]);
    expect(await signInFails(b)).not.toBeNull();
    expect(tooMany.status).toBe(400);
  });
});

describe('admin health', () => {
  it('shows the table and every queue with its dead-letter depth', async () => {
    const { status, body } = await as('GET', '/health');

    expect(status).toBe(200);
    expect(body.data.table).toMatchObject({ name: info.tableName, status: 'ACTIVE' });
    expect(body.data.queues.map((q: { name: string }) => q.name).sort()).toEqual(
      queues.map((q) => q.name).sort(),
    );
    for (const queue of body.data.queues) {
      expect(queue).toEqual({
        name: expect.any(String),
        depth: expect.any(Number),
        inFlight: expect.any(Number),
        dlqDepth: expect.any(Number),
      });
      // Read for real, not zeros standing in for a failed read.
    }
    // Other suites share the cloud and may leave failed jobs behind: the status must follow the DLQs.
    const deadLetters = body.data.queues.some((q: { dlqDepth: number }) => q.dlqDepth > 0);
    expect(body.data.status).toBe(deadLetters ? 'degraded' : 'ok');
  });
});

describe('admin audit log', () => {
  it('reads a month newest first, a page at a time: who did what to whom, and how it ended', async () => {
    const target = randomUUID();
    await as('GET', `/users/${target}`);
    const month = new Date().toISOString().slice(0, 7);

    // Other suites share the cloud and its audit log: look through the month's pages for this entry.
    let found: Record<string, unknown> | undefined;
    let cursor: string | null = null;
    for (let page = 0; page < 20 && !found; page++) {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const { body } = await as('GET', `/audit?month=${month}&limit=200${query}`);
      found = body.data.entries.find((e: { target: { userId?: string } }) => e.target.userId === target);
      cursor = body.data.nextCursor;
      if (!cursor) break;
    }
    const first = await as('GET', '/audit?limit=1');
    const second = await as('GET', `/audit?limit=1&cursor=${encodeURIComponent(first.body.data.nextCursor)}`);
    const bad = await as('GET', '/audit?month=2026-13');

    expect(found).toMatchObject({
      actor: admin.sub,
      actorRole: 'admin',
      action: 'GET /api/admin/users/{id}',
      outcome: 'failed',
      status: 404,
    });
    expect(first.body.data.entries).toHaveLength(1);
    expect(second.body.data.entries[0].at <= first.body.data.entries[0].at).toBe(true);
    expect([bad.status, bad.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('admin: what the pages show about a user', () => {
  const profileOf = async (sub: string) =>
    (await db.send(new GetCommand({ TableName: info.tableName, Key: { pk: `USER#${sub}`, sk: 'PROFILE' } })))
      .Item;

  it("maps Cognito's email_verified: a sign-up confirmed with the e-mailed code is confirmed, in Cognito and the Profile", async () => {
    const user = await newUser('verified');

    const detail = await as('GET', `/users/${user.sub}`);
    const { UserAttributes = [] } = await cognitoAdmin.send(
      new AdminGetUserCommand({ UserPoolId: info.userPoolId, Username: user.sub }),
    );

    expect(UserAttributes.find((a) => a.Name === 'email_verified')?.Value).toBe('true');
    expect(detail.body.data.user.emailVerified).toBe(true);
    expect((await profileOf(user.sub))?.emailVerified).toBe(true);
  });

  it('backfills a Profile written as unconfirmed when Cognito says the address is verified', async () => {
    const user = await newUser('backfill');
    // A Profile as the post-confirmation trigger wrote it while the local Cognito never verified addresses.
    await db.send(
      new UpdateCommand({
        TableName: info.tableName,
        Key: { pk: `USER#${user.sub}`, sk: 'PROFILE' },
        UpdateExpression: 'SET emailVerified = :no',
        ExpressionAttributeValues: { ':no': false },
      }),
    );

    const detail = await as('GET', `/users/${user.sub}`);

    expect(detail.body.data.user.emailVerified).toBe(true);
    expect((await profileOf(user.sub))?.emailVerified).toBe(true);
  });

  it("shows an admin's plan as staff access (every paid feature), a plain user's as Free", async () => {
    const user = await newUser('planned');

    const list = await as('GET', `/users?search=${encodeURIComponent(admin.email)}`);
    const own = await as('GET', `/users/${admin.sub}`);
    const plain = await as('GET', `/users/${user.sub}`);

    expect(list.body.data.users.map((u: { plan: string }) => u.plan)).toEqual(['staff']);
    expect(own.body.data.user.plan).toBe('staff');
    expect(plain.body.data.user.plan).toBe('free');
  });

  it('names the audit entries: the target user by e-mail and name, the resume by title, and the reason given', async () => {
    const user = await newUser('named');
    const resumeId = await createResume(user, 'Staff Engineer CV');
    const reason = 'Ticket 99: checking what the user sees';

    await as('GET', `/users/${user.sub}/resumes/${resumeId}`);
    await as('GET', `/users/${user.sub}/impersonate-url?reason=${encodeURIComponent(reason)}`);
    const { entries } = (await as('GET', '/audit?limit=50')).body.data as {
      entries: {
        action: string;
        target: object;
        targetEmail?: string;
        resumeTitle?: string;
        reason?: string;
      }[];
    };

    expect(entries.find((e) => e.action === 'GET /api/admin/users/{id}/resumes/{resumeId}')).toMatchObject({
      target: { userId: user.sub, resumeId },
      targetEmail: user.email,
      targetName: 'Ada Lovelace',
      resumeTitle: 'Staff Engineer CV',
    });
    expect(entries.find((e) => e.action === 'GET /api/admin/users/{id}/impersonate-url')).toMatchObject({
      targetEmail: user.email,
      reason,
    });
  });
});
