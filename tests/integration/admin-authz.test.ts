import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { type HttpRouteDef, httpRoutes } from '#functions/contract';
import { IMPERSONATION_HEADER } from '../../shared/admin.ts';
import { can } from '../../shared/permissions.ts';
import type { StaffRole } from '../../shared/roles.ts';
import { api, db, info, newUser, type Session, signIn } from './support/client.ts';

/** Staff say why they impersonate (the link is refused without it, and the reason is audited). */
const why = `reason=${encodeURIComponent('Support ticket 4711: checking a missing resume')}`;

/**
 * Staff authorization against the local cloud: the permission matrix over every staff route of the
 * manifest, impersonation as the server enforces it, a revoke that counts on the next request, and an
 * audit log that must be written before anything happens.
 */

// The domain and handlers run in this process too (expired grants, the failing audit write), against the
// local cloud's DynamoDB, Secrets Manager and Cognito keys.
Object.assign(process.env, {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: info.credentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: info.credentials.secretAccessKey,
  AWS_ENDPOINT_URL_DYNAMODB: info.endpoints.dynamodb,
  AWS_ENDPOINT_URL_SECRETS_MANAGER: info.endpoints.secretsManager,
  TABLE_NAME: info.tableName,
  IMPERSONATION_SECRET_ID: 'resume-builder-local/impersonation',
  JWT_ISSUER: info.issuer,
  JWKS_URI: `${info.endpoints.cognito}/${info.userPoolId}/.well-known/jwks.json`,
  USER_POOL_CLIENT_ID: info.clientId,
  USER_POOL_ID: info.userPoolId,
  ALLOWED_ORIGINS: info.url,
  LOG_LEVEL: 'SILENT',
});

jest.setTimeout(60_000);

type Role = StaffRole | 'user';
const sessions = {} as Record<Role, Session>;
let target: Session;
let targetResumeId: string;

const month = () => new Date().toISOString().slice(0, 7);
async function auditEntries(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: info.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `AUDIT#${month()}` },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * Give a user a staff role the way the product does: the admin's permissions route (Profile and group).
 * Until that route is deployed (an unknown route answers NOT_FOUND), the Profile's staffRole, which is what
 * the API reads, is written directly.
 */
async function grantRole(sub: string, role: StaffRole | null): Promise<void> {
  const answer = await api('PUT', `/admin/permissions/${sub}`, {
    token: sessions.admin.accessToken,
    json: { role },
  });
  if (answer.status === 404 && answer.body?.error?.code === 'NOT_FOUND') {
    await db.send(
      new UpdateCommand({
        TableName: info.tableName,
        Key: { pk: `USER#${sub}`, sk: 'PROFILE' },
        UpdateExpression: 'SET staffRole = :role',
        ExpressionAttributeValues: { ':role': role },
      }),
    );
    return;
  }
  expect(answer.status).toBe(200);
}

/** Run `work` over `items`, `limit` at a time (the local cloud shares two cores with everything else). */
async function inBatches<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += limit) {
    results.push(...(await Promise.all(items.slice(i, i + limit).map(work))));
  }
  return results;
}

beforeAll(async () => {
  const seeded = info.seedUsers.find((u) => u.role === 'admin');
  if (!seeded) throw new Error('no seeded admin');
  const [admin, support, contentManager, user, targetUser] = await Promise.all([
    signIn(seeded.email, seeded.password),
    newUser('authz-support'),
    newUser('authz-content'),
    newUser('authz-plain'),
    newUser('authz-target'),
  ]);
  Object.assign(sessions, { admin, support, content_manager: contentManager, user });
  target = targetUser;
  // The tokens are the ones from before the grant: the API reads the role from the Profile, not the token.
  await grantRole(support.sub, 'support');
  await grantRole(contentManager.sub, 'content_manager');
  const created = await api('POST', `/resume/create/${target.sub}`, {
    token: target.accessToken,
    json: { userId: target.sub, title: 'Target resume' },
  });
  expect(created.status).toBe(201);
  targetResumeId = created.body.data.id;
});

describe('the permission matrix over every staff route', () => {
  const staffRoutes = httpRoutes.filter((r) => r.auth === 'staff');
  const roles: Role[] = ['admin', 'support', 'content_manager', 'user'];
  // Path parameters name nobody, and no body is sent: an allowed call is refused by its own validation or
  // answers 404, so the matrix never deletes, resets or changes anything real.
  const nobody = `no-such-user-${randomUUID()}`;
  const pathOf = (route: HttpRouteDef) =>
    route.path
      .replace(/\{flag\}/, 'no-such-flag')
      .replace(/\{[^}]+\}/g, nobody)
      .replace(/^\/api/, '');

  it('lists the staff routes, each with the permission it needs', () => {
    expect(staffRoutes.length).toBeGreaterThanOrEqual(25);
    for (const route of staffRoutes) expect(route.permission).toBeDefined();
  });

  it('refuses every role without the permission with 403 FORBIDDEN, and lets every role with it through', async () => {
    const cells = staffRoutes.flatMap((route) => roles.map((role) => ({ route, role })));
    const results = await inBatches(cells, 6, async ({ route, role }) => {
      // Not through api(): an allowed export answers CSV.
      const response = await fetch(`${info.url}/api${pathOf(route)}`, {
        method: route.method,
        headers: { authorization: `Bearer ${sessions[role].accessToken}` },
      });
      const text = await response.text();
      const json = response.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : null;
      const answer = { status: response.status, body: json };
      const allowed = role !== 'user' && route.permission !== undefined && can(role, route.permission);
      return {
        cell: `${role} ${route.method} ${route.path}`,
        allowed,
        status: answer.status,
        code: answer.body?.error?.code ?? null,
      };
    });

    const wrong = results.filter((r) =>
      r.allowed ? r.status === 403 : r.status !== 403 || r.code !== 'FORBIDDEN',
    );
    expect(wrong).toEqual([]);
    // Both kinds of cell are exercised: every role is refused somewhere, staff are let through somewhere.
    expect(results.filter((r) => !r.allowed).length).toBeGreaterThan(staffRoutes.length);
    expect(results.filter((r) => r.allowed).length).toBeGreaterThan(staffRoutes.length);
  });

  it("audits a plain user's refusals once a minute, with their count, not once per request", async () => {
    const entries = await auditEntries();
    const refusedForUser = entries.filter((e) => e.actor === sessions.user.sub && e.outcome === 'refused');

    // Every staff route was refused within a few seconds: one entry (two if a minute turned over).
    expect(refusedForUser.length).toBeGreaterThanOrEqual(1);
    expect(refusedForUser.length).toBeLessThanOrEqual(2);
    expect(refusedForUser.reduce((sum, e) => sum + Number(e.count), 0)).toBe(staffRoutes.length);
    expect(refusedForUser.every((e) => e.status === 403)).toBe(true);
  });

  it('a flood of staff calls by a plain user adds to the count, not to the log', async () => {
    const flooder = await newUser('authz-flooder');
    const before = (await auditEntries()).length;
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => api('GET', '/admin/users', { token: flooder.accessToken })),
    );
    expect(answers.every((a) => a.status === 403)).toBe(true);
    const mine = (await auditEntries()).filter((e) => e.actor === flooder.sub);
    expect(mine.length).toBeLessThanOrEqual(2);
    expect(mine.reduce((sum, e) => sum + Number(e.count), 0)).toBe(40);
    expect((await auditEntries()).length - before).toBeLessThanOrEqual(2);
  });
});

describe('staff act only below their rank', () => {
  // Each case has its own targets: before the rule, the refused calls did happen.
  let otherAdmin: Session;
  let peerSupport: Session;
  let contentManager: Session;
  let plain: Session;
  beforeAll(async () => {
    [otherAdmin, peerSupport, contentManager, plain] = await Promise.all([
      newUser('rank-admin'),
      newUser('rank-support'),
      newUser('rank-content'),
      newUser('rank-plain'),
    ]);
    await grantRole(otherAdmin.sub, 'admin');
    await grantRole(peerSupport.sub, 'support');
    await grantRole(contentManager.sub, 'content_manager');
  });

  const call = (role: 'admin' | 'support', method: string, path: string, json?: unknown) =>
    api(method, `/admin${path}`, {
      token: sessions[role].accessToken,
      ...(json === undefined ? {} : { json }),
    });
  const profileOf = async (sub: string) =>
    (await db.send(new GetCommand({ TableName: info.tableName, Key: { pk: `USER#${sub}`, sk: 'PROFILE' } })))
      .Item ?? {};

  it('refuses support every action on an admin, another support and a content manager with 403 STAFF_TARGET_FORBIDDEN', async () => {
    const targets = [otherAdmin, peerSupport, contentManager];
    const answers = await Promise.all(
      targets.flatMap((t) => [
        call('support', 'PUT', `/users/${t.sub}`, { status: 'disabled' }),
        call('support', 'PUT', `/users/${t.sub}`, { firstName: 'Mallory' }),
        call('support', 'POST', `/users/${t.sub}/reset-password`, {}),
        call('support', 'POST', `/users/${t.sub}/subscription/sync`, {}),
        call('support', 'POST', `/users/${t.sub}/subscription/cancel`, {}),
        call('support', 'GET', `/users/${t.sub}/impersonate-url?${why}`),
      ]),
    );

    expect(answers.map((a) => [a.status, a.body?.error?.code])).toEqual(
      answers.map(() => [403, 'STAFF_TARGET_FORBIDDEN']),
    );
    for (const t of targets) {
      expect(await profileOf(t.sub)).toMatchObject({ status: 'active', firstName: 'Ada' });
    }
    // The admin can still sign in and use the API.
    expect((await api('GET', '/admin/health', { token: otherAdmin.accessToken })).status).toBe(200);
    const refused = (await auditEntries()).filter(
      (e) =>
        e.actor === sessions.support.sub &&
        (e.target as { userId?: string })?.userId === otherAdmin.sub &&
        e.outcome === 'refused',
    );
    expect(refused.map((e) => e.status)).toEqual(Array(6).fill(403));
    expect(refused.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'PUT /api/admin/users/{id}',
        'POST /api/admin/users/{id}/reset-password',
        'GET /api/admin/users/{id}/impersonate-url',
      ]),
    );
  });

  it('refuses an admin every action on another admin', async () => {
    const answers = await Promise.all([
      call('admin', 'PUT', `/users/${otherAdmin.sub}`, { status: 'disabled' }),
      call('admin', 'PUT', `/users/${otherAdmin.sub}`, { lastName: 'Mallory' }),
      call('admin', 'POST', `/users/${otherAdmin.sub}/reset-password`, {}),
      call('admin', 'PUT', `/permissions/${otherAdmin.sub}`, { role: null }),
      call('admin', 'POST', `/users/${otherAdmin.sub}/subscription/sync`, {}),
      call('admin', 'POST', `/users/${otherAdmin.sub}/subscription/cancel`, {}),
      call('admin', 'POST', `/users/${otherAdmin.sub}/subscription/refund`, {}),
      call('admin', 'GET', `/users/${otherAdmin.sub}/impersonate-url?${why}`),
      call('admin', 'DELETE', `/users/${otherAdmin.sub}`),
    ]);
    const bulk = await call('admin', 'POST', '/users/bulk-delete', { userIds: [otherAdmin.sub] });

    expect(answers.map((a) => [a.status, a.body?.error?.code])).toEqual(
      answers.map(() => [403, 'STAFF_TARGET_FORBIDDEN']),
    );
    expect(bulk.body.data).toEqual({
      deleted: [],
      failed: [{ userId: otherAdmin.sub, code: 'STAFF_TARGET_FORBIDDEN' }],
    });
    expect(await profileOf(otherAdmin.sub)).toMatchObject({
      status: 'active',
      lastName: 'Lovelace',
      staffRole: 'admin',
    });
    const refusedBulk = (await auditEntries()).filter(
      (e) =>
        e.actor === sessions.admin.sub &&
        e.action === 'POST /api/admin/users/bulk-delete' &&
        (e.target as { userId?: string })?.userId === otherAdmin.sub &&
        e.outcome === 'refused',
    );
    expect(refusedBulk).toHaveLength(1);
  });

  it('lets an admin act on support and content managers, and support on plain users', async () => {
    const renamedSupport = await call('admin', 'PUT', `/users/${peerSupport.sub}`, { lastName: 'Hopper' });
    const renamedContent = await call('admin', 'PUT', `/users/${contentManager.sub}`, { lastName: 'Hopper' });
    const renamedPlain = await call('support', 'PUT', `/users/${plain.sub}`, { lastName: 'Hopper' });
    const disabledPlain = await call('support', 'PUT', `/users/${plain.sub}`, { status: 'disabled' });

    expect([renamedSupport.status, renamedContent.status, renamedPlain.status]).toEqual([200, 200, 200]);
    expect(disabledPlain.body.data.user).toMatchObject({ status: 'disabled', lastName: 'Hopper' });
  });
});

describe('a revoked staff role', () => {
  it('counts on the very next request with the same token', async () => {
    const helper = await newUser('authz-revoked');
    await grantRole(helper.sub, 'support');
    const path = `/admin/users/${target.sub}/impersonate-url?${why}`;
    const before = await api('GET', path, { token: helper.accessToken });

    await grantRole(helper.sub, null);
    const after = await api('GET', path, { token: helper.accessToken });

    expect(before.status).toBe(200);
    expect(after.status).toBe(403);
    expect(after.body.error.code).toBe('FORBIDDEN');
  });
});

describe('impersonation', () => {
  const asAdmin = (method: string, path: string, json?: unknown) =>
    api(method, `/admin${path}`, {
      token: sessions.admin.accessToken,
      ...(json === undefined ? {} : { json }),
    });
  const asTarget = (method: string, path: string, session: string, json?: unknown) =>
    api(method, path, {
      token: sessions.admin.accessToken,
      headers: { [IMPERSONATION_HEADER]: session },
      ...(json === undefined ? {} : { json }),
    });

  async function issue(): Promise<{ grant: string; url: URL; expiresAt: string }> {
    const answer = await asAdmin('GET', `/users/${target.sub}/impersonate-url?${why}`);
    expect(answer.status).toBe(200);
    const url = new URL(answer.body.data.url);
    return { grant: url.searchParams.get('impersonate') ?? '', url, expiresAt: answer.body.data.expiresAt };
  }
  async function redeem(grant: string): Promise<{ session: string; grantId: string }> {
    const answer = await asAdmin('POST', '/impersonation/redeem', { grant, targetUser: target.sub });
    expect(answer.status).toBe(200);
    const session = answer.body.data.session as string;
    const payload = JSON.parse(Buffer.from(session.split('.')[0] ?? '', 'base64url').toString('utf8'));
    return { session, grantId: payload.g };
  }

  it('issues a 15-minute link to the target, redeemed once into a read-only session that reads their data', async () => {
    const issued = await issue();
    const { session, grantId } = await redeem(issued.grant);
    const again = await asAdmin('POST', '/impersonation/redeem', {
      grant: issued.grant,
      targetUser: target.sub,
    });

    const resumes = await asTarget('GET', `/resume/all/${target.sub}`, session);
    const me = await asTarget('GET', '/me', session);

    expect(`${issued.url.origin}${issued.url.pathname}`).toBe(`${info.url}/resumes`);
    expect(issued.url.searchParams.get('targetUser')).toBe(target.sub);
    const minutes = (Date.parse(issued.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('IMPERSONATION_USED');
    expect(resumes.status).toBe(200);
    expect(resumes.body.data.map((r: { id: string }) => r.id)).toEqual([targetResumeId]);
    expect(me.body.data.user).toMatchObject({ id: target.sub, email: target.email });
    expect(me.body.data.role).toBeNull();

    // Audited: the issue and the redemption as staff actions, each read under the grant's id.
    const entries = await auditEntries();
    const byAdmin = entries.filter((e) => e.actor === sessions.admin.sub);
    expect(byAdmin).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'GET /api/admin/users/{id}/impersonate-url',
          target: { userId: target.sub },
          reason: 'Support ticket 4711: checking a missing resume',
          outcome: 'succeeded',
          actorRole: 'admin',
        }),
        expect.objectContaining({
          action: 'POST /api/admin/impersonation/redeem',
          target: { userId: target.sub },
          outcome: 'succeeded',
        }),
        expect.objectContaining({
          action: 'POST /api/admin/impersonation/redeem',
          outcome: 'failed',
          status: 409,
        }),
        expect.objectContaining({
          action: 'IMPERSONATE GET /api/resume/all/{userId}',
          impersonationId: grantId,
          target: { userId: target.sub },
          outcome: 'succeeded',
          status: 200,
        }),
        expect.objectContaining({ action: 'IMPERSONATE GET /api/me', impersonationId: grantId }),
      ]),
    );
  });

  it('refuses every write while impersonating, before it runs', async () => {
    const { session, grantId } = await redeem((await issue()).grant);
    const before = await api('GET', `/resume/id/${targetResumeId}`, { token: target.accessToken });

    const writes = await Promise.all([
      asTarget('PATCH', `/resume/${targetResumeId}`, session, { title: 'Changed by staff' }),
      asTarget('DELETE', `/resume/${targetResumeId}`, session),
      asTarget('POST', `/resume/${targetResumeId}/duplicate`, session),
      asTarget('POST', `/resume/create/${target.sub}`, session, { userId: target.sub }),
      asTarget('PATCH', '/me', session, { firstName: 'Mallory' }),
      asTarget('DELETE', '/me', session, { password: 'whatever-1' }),
      asTarget('POST', '/billing/cancel', session),
    ]);
    const afterwards = await api('GET', `/resume/id/${targetResumeId}`, { token: target.accessToken });
    const me = await api('GET', '/me', { token: target.accessToken });

    expect(writes.map((w) => [w.status, w.body.error?.code])).toEqual(
      writes.map(() => [403, 'IMPERSONATION_READ_ONLY']),
    );
    expect(afterwards.body.data).toEqual(before.body.data);
    expect(me.body.data.user.firstName).toBe('Ada');
    const refused = (await auditEntries()).filter(
      (e) => e.impersonationId === grantId && e.outcome === 'refused',
    );
    expect(refused.map((e) => e.action)).toEqual(
      expect.arrayContaining(['IMPERSONATE PATCH /api/resume/{id}']),
    );
    // The resume the refused write named is a resume, not a user.
    expect(refused.find((e) => e.action === 'IMPERSONATE PATCH /api/resume/{id}')?.target).toEqual({
      resumeId: targetResumeId,
    });
  });

  it('asks why: a link without a reason of 10 characters or more is refused, and none is issued', async () => {
    const none = await asAdmin('GET', `/users/${target.sub}/impersonate-url`);
    const short = await asAdmin(
      'GET',
      `/users/${target.sub}/impersonate-url?reason=${encodeURIComponent(' ticket 1 ')}`,
    );

    expect([none.status, none.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect([short.status, short.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(none.body.data).toBeUndefined();
  });

  it('refuses a forged or tampered grant or session, and someone else’s grant', async () => {
    const { grant } = await issue();
    const [payload = '', signature = ''] = grant.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const retargeted = `${Buffer.from(JSON.stringify({ ...claims, t: sessions.user.sub })).toString('base64url')}.${signature}`;
    const forged = `${payload}.${Buffer.alloc(32, 7).toString('base64url')}`;

    const tamperedGrant = await asAdmin('POST', '/impersonation/redeem', {
      grant: retargeted,
      targetUser: sessions.user.sub,
    });
    const forgedGrant = await asAdmin('POST', '/impersonation/redeem', {
      grant: forged,
      targetUser: target.sub,
    });
    const othersGrant = await api('POST', '/admin/impersonation/redeem', {
      token: sessions.support.accessToken,
      json: { grant, targetUser: target.sub },
    });
    const { session } = await redeem(grant);
    const flipped = `${session.slice(0, -2)}${session.endsWith('AA') ? 'BB' : 'AA'}`;
    const tamperedSession = await asTarget('GET', `/resume/all/${target.sub}`, flipped);
    const madeUp = await asTarget('GET', '/me', `${payload}.${signature}`);
    // A session only works with the token of the staff member it was issued to.
    const borrowed = await api('GET', '/me', {
      token: sessions.support.accessToken,
      headers: { [IMPERSONATION_HEADER]: session },
    });
    const plainUser = await api('GET', '/me', {
      token: sessions.user.accessToken,
      headers: { [IMPERSONATION_HEADER]: session },
    });

    for (const refused of [
      tamperedGrant,
      forgedGrant,
      othersGrant,
      tamperedSession,
      madeUp,
      borrowed,
      plainUser,
    ]) {
      expect([refused.status, refused.body.error.code]).toEqual([403, 'IMPERSONATION_INVALID']);
    }
  });

  it('refuses oneself and staff members as targets', async () => {
    const self = await asAdmin('GET', `/users/${sessions.admin.sub}/impersonate-url?${why}`);
    const staff = await asAdmin('GET', `/users/${sessions.support.sub}/impersonate-url?${why}`);
    const unknown = await asAdmin('GET', `/users/no-such-user-${randomUUID()}/impersonate-url?${why}`);

    expect([self.status, self.body.error.code]).toEqual([409, 'CANNOT_ACT_ON_SELF']);
    expect([staff.status, staff.body.error.code]).toEqual([403, 'STAFF_TARGET_FORBIDDEN']);
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'USER_NOT_FOUND']);
  });

  it('expires: an expired grant is not redeemed, and a session stops at its grant’s expiry', async () => {
    const { issueGrant } = await import('../../functions/domain/impersonation.ts');
    // Signed with the cloud's real key, issued 16 minutes ago: no waiting.
    const old = await issueGrant({
      staffSub: sessions.admin.sub,
      targetSub: target.sub,
      now: new Date(Date.now() - 16 * 60_000),
    });
    const late = await asAdmin('POST', '/impersonation/redeem', { grant: old.grant, targetUser: target.sub });

    const { session, grantId } = await redeem((await issue()).grant);
    const during = await asTarget('GET', '/me', session);
    // The grant's row is the server's record of the expiry; move it into the past.
    await db.send(
      new UpdateCommand({
        TableName: info.tableName,
        Key: { pk: `IMPERSONATION#${grantId}`, sk: 'GRANT' },
        UpdateExpression: 'SET expires = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    const after = await asTarget('GET', '/me', session);

    expect([late.status, late.body.error.code]).toEqual([403, 'IMPERSONATION_EXPIRED']);
    expect(during.status).toBe(200);
    expect([after.status, after.body.error.code]).toEqual([403, 'IMPERSONATION_EXPIRED']);
  });

  it('ends: once ended, the session is refused', async () => {
    const { session } = await redeem((await issue()).grant);
    const during = await asTarget('GET', `/resume/all/${target.sub}`, session);

    const ended = await asAdmin('POST', '/impersonation/end', { session });
    const after = await asTarget('GET', `/resume/all/${target.sub}`, session);

    expect(during.status).toBe(200);
    expect(ended.status).toBe(204);
    expect([after.status, after.body.error.code]).toEqual([403, 'IMPERSONATION_INVALID']);
  });
});

const { documentClient } = await import('../../functions/adapters/dynamo.ts');

describe('an audit log that cannot be written', () => {
  const sent: { command: string; pk: unknown }[] = [];
  const FAULT = 'authz-test-audit-fault';

  beforeAll(() => {
    // Fail only writes to the audit log's keys, as an outage or a missing permission would.
    documentClient.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { Item?: Record<string, unknown> };
        const rawPk = input.Item?.pk as { S?: string } | string | undefined;
        const pk = typeof rawPk === 'object' ? rawPk?.S : rawPk;
        sent.push({ command: context.commandName ?? '', pk });
        if (typeof pk === 'string' && pk.startsWith('AUDIT#')) {
          throw Object.assign(new Error('injected audit failure'), { name: 'InternalServerError' });
        }
        return next(args);
      },
      { step: 'initialize', name: FAULT },
    );
  });
  afterAll(() => {
    documentClient.middlewareStack.remove(FAULT);
  });

  const event = (routeKey: string, pathParameters: Record<string, string>, token: string) => {
    const [method = 'GET', path = ''] = routeKey.split(' ');
    return {
      version: '2.0',
      routeKey,
      rawPath: path,
      rawQueryString: '',
      headers: { authorization: `Bearer ${token}` },
      pathParameters,
      requestContext: { http: { method, path }, requestId: randomUUID() },
      isBase64Encoded: false,
    } as unknown as APIGatewayProxyEventV2;
  };

  it('stops the action: 503 AUDIT_UNAVAILABLE, and the user is not deleted', async () => {
    const victim = await newUser('authz-victim');
    const { handler } = await import('../../functions/handlers/admin.ts');

    const answer = await handler(
      event('DELETE /api/admin/users/{id}', { id: victim.sub }, sessions.admin.accessToken),
      {} as Context,
    );

    expect(answer.statusCode).toBe(503);
    expect(JSON.parse(String(answer.body)).error.code).toBe('AUDIT_UNAVAILABLE');
    const profile = await db.send(
      new GetCommand({ TableName: info.tableName, Key: { pk: `USER#${victim.sub}`, sk: 'PROFILE' } }),
    );
    expect(profile.Item?.status).toBe('active');
  });

  it('stops the action: no impersonation grant is issued', async () => {
    const { handler } = await import('../../functions/handlers/impersonation.ts');
    sent.length = 0;

    const answer = await handler(
      event('GET /api/admin/users/{id}/impersonate-url', { id: target.sub }, sessions.admin.accessToken),
      {} as Context,
    );

    expect(answer.statusCode).toBe(503);
    expect(JSON.parse(String(answer.body)).error.code).toBe('AUDIT_UNAVAILABLE');
    expect(sent.some((s) => String(s.pk).startsWith('AUDIT#'))).toBe(true);
    expect(sent.some((s) => String(s.pk).startsWith('IMPERSONATION#'))).toBe(false);
  });
});
