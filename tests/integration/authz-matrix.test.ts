import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type HttpRouteDef, httpRoutes } from '#functions/contract';
import { api, info, newUser, type Session } from './support/client.ts';
import { makePro } from './support/jobs.ts';

/**
 * The authorization matrix of every route of the manifest (SECURITY.md): without a token, as another user,
 * and as a Free user on a Pro route. Every route must be classified below: a route added to the manifest
 * without a line here fails the first test, so none is left uncovered. The staff routes' roles and ranks are
 * checked cell by cell in admin-authz.test.ts; here they are checked without a token.
 */

jest.setTimeout(120_000);

/** What a user route reaches: another user's item named in its path or body, or only the caller's own data. */
type Reach = 'path' | 'body' | 'self';

interface UserRoute {
  reach: Reach;
  /** Paid access needed: a Free user gets 403 PRO_REQUIRED. */
  pro?: boolean;
  /** A valid-looking body, made with the ids it names. */
  body?: (ids: Ids) => unknown;
  /** The query string the route requires. */
  query?: string;
}

interface Ids {
  sub: string;
  resumeId: string;
  jobId: string;
  photoId: string;
}

const jobAd = 'We are hiring a backend engineer with TypeScript, PostgreSQL, AWS and Kubernetes. '.repeat(4);

/** Every user route, classified. */
const userRoutes: Record<string, UserRoute> = {
  'GET /api/me': { reach: 'self' },
  'PATCH /api/me': { reach: 'self', body: () => ({ firstName: 'Matrix' }) },
  'DELETE /api/me': { reach: 'self', body: () => ({ password: 'not-the-password-1' }) },
  'POST /api/me/password': {
    reach: 'self',
    body: () => ({ currentPassword: 'not-the-password-1', newPassword: 'violet ferry at noon' }),
  },
  'GET /api/me/social-connections': { reach: 'self' },
  'DELETE /api/me/social-connections/{provider}': { reach: 'self' },
  'POST /api/events': { reach: 'self', body: () => ({ events: [{ name: 'page_view', path: '/' }] }) },
  'POST /api/resume/create/{userId}': { reach: 'path', body: ({ sub }) => ({ userId: sub }) },
  'GET /api/resume/all/{userId}': { reach: 'path' },
  'GET /api/resume/id/{id}': { reach: 'path' },
  'PATCH /api/resume/{id}': { reach: 'path', body: () => ({ title: 'Taken over' }) },
  'DELETE /api/resume/{id}': { reach: 'path' },
  'POST /api/resume/{id}/duplicate': { reach: 'path' },
  'POST /api/resume/import/json-resume': {
    reach: 'self',
    body: () => ({ basics: { name: 'Matrix Person', email: 'matrix@example.com' } }),
  },
  'GET /api/resume/{id}/export': { reach: 'path', query: '?format=json-resume' },
  'POST /api/resume/{id}/pdf': { reach: 'path', pro: true },
  'GET /api/jobs/{jobId}': { reach: 'path' },
  'POST /api/uploads': { reach: 'self', body: () => ({ contentType: 'application/pdf', size: 1000 }) },
  'POST /api/photos': { reach: 'self', body: () => ({ contentType: 'image/png', size: 100 }) },
  'GET /api/photos/{photoId}': { reach: 'path' },
  'POST /api/ws/ticket': { reach: 'self' },
  'POST /api/billing/checkout': { reach: 'self', body: () => ({ planType: 'proLifetime' }) },
  'POST /api/billing/portal': { reach: 'self' },
  'GET /api/billing/subscription': { reach: 'self' },
  'POST /api/billing/cancel': { reach: 'self' },
  'POST /api/billing/reactivate': { reach: 'self' },
  'POST /api/billing/sync': { reach: 'self' },
  'POST /api/billing/refund': { reach: 'self' },
  'POST /api/match-score': { reach: 'body', body: ({ resumeId }) => ({ resumeId, jobDescription: jobAd }) },
  'GET /api/ai/usage': { reach: 'self' },
  'POST /api/ai/suggestions': { reach: 'body', body: ({ resumeId }) => ({ resumeId, target: 'summary' }) },
  'POST /api/tailoring': { reach: 'body', body: ({ resumeId }) => ({ resumeId, jobDescription: jobAd }) },
  'POST /api/tailoring/{jobId}/apply': {
    reach: 'path',
    body: () => ({ accepted: ['change-1'], title: 'Tailored' }),
  },
  'GET /api/assistant/{resumeId}': { reach: 'path', pro: true },
  'POST /api/assistant/{resumeId}/messages': {
    reach: 'path',
    pro: true,
    body: () => ({ message: 'Is my summary good?', requestId: 'req-matrix-0001' }),
  },
  'DELETE /api/assistant/{resumeId}': { reach: 'path' },
};

/** Public routes and what they answer without a token. */
const publicRoutes: Record<string, number> = {
  'GET /api/health': 200,
  'GET /api/flags': 200,
  // The signature on the raw body is its authentication: none is 400.
  'POST /api/webhooks/stripe': 400,
};

const key = (route: HttpRouteDef) => `${route.method} ${route.path}`;

/** The route's path with its parameters filled from `ids`. */
const pathOf = (route: HttpRouteDef, ids: Ids) =>
  route.path
    .replace('{userId}', ids.sub)
    .replace('{id}', ids.resumeId)
    .replace('{resumeId}', ids.resumeId)
    .replace('{jobId}', ids.jobId)
    .replace('{photoId}', ids.photoId)
    .replace('{provider}', 'google')
    .replace(/\{[^}]+\}/g, 'no-such-thing')
    .replace(/^\/api/, '');

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A user with a resume, a job and a photo of their own, every one readable by them. */
async function owner(tag: string): Promise<{ session: Session; ids: Ids }> {
  const session = await newUser(tag);
  const token = session.accessToken;
  const resume = await api('POST', `/resume/create/${session.sub}`, {
    token,
    json: { userId: session.sub, title: 'Owned resume' },
  });
  expect(resume.status).toBe(201);
  const upload = await api('POST', '/uploads', {
    token,
    json: { contentType: 'application/pdf', size: 1000 },
  });
  expect(upload.status).toBe(200);
  const photo = await api('POST', '/photos', {
    token,
    json: { contentType: 'image/png', size: png.byteLength },
  });
  expect(photo.status).toBe(200);
  const form = new FormData();
  for (const [name, value] of Object.entries(photo.body.data.fields as Record<string, string>)) {
    form.append(name, value);
  }
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo');
  const stored = await fetch(photo.body.data.url, {
    method: 'POST',
    body: form,
    headers: { origin: info.url },
  });
  expect(stored.status).toBeLessThan(300);
  return {
    session,
    ids: {
      sub: session.sub,
      resumeId: resume.body.data.id,
      jobId: upload.body.data.jobId,
      photoId: photo.body.data.photoId,
    },
  };
}

/** A call as `session` (or with no token), its status and error code; bodies of any type are read. */
async function call(route: HttpRouteDef, ids: Ids, session?: Session) {
  const entry = userRoutes[key(route)];
  const body = entry?.body?.(ids);
  const response = await fetch(`${info.url}/api${pathOf(route, ids)}${entry?.query ?? ''}`, {
    method: route.method,
    headers: {
      ...(session ? { authorization: `Bearer ${session.accessToken}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : null;
  return {
    cell: key(route),
    status: response.status,
    code: (json?.error?.code as string | undefined) ?? null,
  };
}

let alice: { session: Session; ids: Ids };
let mallory: Session;

beforeAll(async () => {
  [alice, mallory] = await Promise.all([owner('matrix-alice'), newUser('matrix-mallory')]);
  // Paid access, so that no PRO_REQUIRED hides what another user's ids would reach.
  await makePro(mallory);
});

describe('the authorization matrix of every route', () => {
  it('classifies every route of the manifest', () => {
    const unclassified = httpRoutes
      .filter((route) => {
        if (route.auth === 'staff') return false;
        if (route.auth === 'public') return !(key(route) in publicRoutes);
        return !(key(route) in userRoutes);
      })
      .map(key);
    const stale = [...Object.keys(userRoutes), ...Object.keys(publicRoutes)].filter(
      (cell) => !httpRoutes.some((route) => key(route) === cell),
    );

    expect(unclassified).toEqual([]);
    expect(stale).toEqual([]);
  });

  it('answers every user and staff route 401 without a token, and public routes as they should', async () => {
    const results = await Promise.all(httpRoutes.map((route) => call(route, alice.ids)));

    const wrong = results.filter((result) => {
      const expected = publicRoutes[result.cell];
      if (expected !== undefined) return result.status !== expected;
      // API Gateway's JWT authorizer answers before the function, with its own body.
      return result.status !== 401;
    });
    expect(wrong).toEqual([]);
  });

  it("never lets another user reach a user's resume, job, photo or conversation: 404, as if it did not exist, and nothing changes", async () => {
    const reaching = httpRoutes.filter((route) => {
      const entry = userRoutes[key(route)];
      return route.auth === 'user' && entry !== undefined && entry.reach !== 'self';
    });
    const before = await api('GET', `/resume/id/${alice.ids.resumeId}`, { token: alice.session.accessToken });

    const results = [];
    for (const route of reaching) results.push(await call(route, alice.ids, mallory));

    expect(reaching.length).toBeGreaterThanOrEqual(15);
    // The ids are real: their owner reads every one of them.
    const ownReads = reaching.filter((route) => route.method === 'GET' && !userRoutes[key(route)]?.pro);
    const own = await Promise.all(ownReads.map((route) => call(route, alice.ids, alice.session)));
    expect(own.filter((r) => r.status !== 200)).toEqual([]);
    expect(own.length).toBeGreaterThanOrEqual(5);
    expect(results.filter((r) => r.status !== 404)).toEqual([]);
    const after = await api('GET', `/resume/id/${alice.ids.resumeId}`, { token: alice.session.accessToken });
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
    const list = await api('GET', `/resume/all/${alice.ids.sub}`, { token: alice.session.accessToken });
    expect(list.body.data).toHaveLength(1);
    const photo = await fetch(`${info.url}/api/photos/${alice.ids.photoId}`, {
      headers: { authorization: `Bearer ${alice.session.accessToken}` },
    });
    expect(photo.status).toBe(200);
  });

  it('refuses a Free user every Pro route with 403 PRO_REQUIRED, and no other route', async () => {
    const free = await owner('matrix-free');
    const userRouteDefs = httpRoutes.filter(
      (route) => route.auth === 'user' && key(route) !== 'DELETE /api/me',
    );

    const results = [];
    for (const route of userRouteDefs) results.push(await call(route, free.ids, free.session));

    const refused = results.filter((r) => r.code === 'PRO_REQUIRED').map((r) => r.cell);
    const pro = userRouteDefs.filter((route) => userRoutes[key(route)]?.pro).map(key);
    expect(refused.sort()).toEqual(pro.sort());
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
  });
});
