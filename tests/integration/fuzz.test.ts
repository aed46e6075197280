import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import fc from 'fast-check';
import type { z } from 'zod';
import { type HttpRouteDef, httpRoutes } from '#functions/contract';
import { Profile } from '../../functions/adapters/table/entities.ts';
import { adminCancelSchema } from '../../functions/domain/admin/subscriptions.ts';
import { jsonResumeSchema } from '../../functions/domain/json-resume/schema/schema.ts';
import { validateJsonResume } from '../../functions/domain/json-resume/validate.ts';
import { photoUploadSchema } from '../../functions/domain/photos.ts';
import { changePasswordSchema, updateMeSchema } from '../../shared/account.ts';
import {
  adminUserUpdateSchema,
  bulkDeleteSchema,
  endImpersonationSchema,
  permissionCheckSchema,
  redeemImpersonationSchema,
  setStaffRoleSchema,
} from '../../shared/admin.ts';
import {
  assistantAskSchema,
  matchScoreRequestSchema,
  suggestionRequestSchema,
  tailoringApplySchema,
  tailoringRequestSchema,
} from '../../shared/ai.ts';
import { analyticsBatchSchema } from '../../shared/analytics.ts';
import {
  cancelRequestSchema,
  checkoutRequestSchema,
  emptyRequestSchema,
  portalRequestSchema,
} from '../../shared/billing.ts';
import { featureFlagNames } from '../../shared/flag-names.ts';
import { setFeatureFlagSchema } from '../../shared/flags.ts';
import { importUploadRequestSchema } from '../../shared/imports.ts';
import { permissionAreas } from '../../shared/permissions.ts';
import {
  createResumeSchema,
  DEFAULT_TEMPLATE_ID,
  duplicateResumeSchema,
  resumePatchSchema,
} from '../../shared/resume.ts';
import {
  describeMutation,
  type Mutation,
  mutationsOf,
  type Payload,
  render,
} from './support/body-mutations.ts';
import { api, db, info, newUser, type Session, signIn } from './support/client.ts';
import { waitForJob } from './support/jobs.ts';
import { arbitraryOf } from './support/schema-arbitrary.ts';

/**
 * Fuzzed bodies for every POST, PATCH and PUT route of the manifest (SECURITY.md: "Every endpoint rejects
 * malformed JSON, wrong types, over-long strings and oversized bodies with 400 … and leaves stored data
 * unchanged"). Each route's bodies are generated from the schema its handler parses them with, then
 * mutated (wrong types, extra and prototype keys, huge strings, deep nesting, odd unicode, numbers at the
 * edges, nulls, arrays for objects, text that is not JSON, wrong content types). Whatever is sent: never a
 * 5xx; a body the schema refuses is never a 2xx; and after every 4xx the items of the caller (and, on staff
 * routes, of the target user) are what they were before. A route of the manifest without a line in the
 * table below fails the first test.
 *
 * Runs are few per route and the seed is fixed, so the suite is quick and a failure replays: FUZZ_SEED
 * picks another seed, FUZZ_RUNS another number of runs (the failure message prints both, with the recipe).
 */

jest.setTimeout(120_000);

const SEED = Number(process.env.FUZZ_SEED ?? 21);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
/** FUZZ_STATS=1 prints, per route, how many calls got each status (to see the bodies reach the handler). */
const STATS = process.env.FUZZ_STATS === '1';
const statuses = new Map<string, Record<string, number>>();

/** The local mirror of the API's JSON body middleware (functions/lib/http.ts, functions/runtime/api-handler.ts). */
const MAX_BODY_BYTES = 256 * 1024;
const JSON_CONTENT_TYPE = /^application\/json\b/i;

interface Context {
  session?: Session;
  /** The user whose items the route may reach: the caller, or a staff route's target. */
  sub: string;
  resumeId: string;
  jobId: string;
  /** Users whose stored items must not change after a 4xx. */
  watched: string[];
}

/** What the handler reads the body with. */
type BodySchema =
  | { zod: z.ZodType }
  | { jsonSchema: object; accepts: (value: unknown) => boolean }
  /** The route reads no body: any JSON is as good as another (text that is not JSON is still refused). */
  | { ignored: true };

interface FuzzRoute {
  body: BodySchema;
  /**
   * Only bodies the schema refuses are sent: a valid one would refund, delete or flip a flag for everyone
   * (the whole point of the route), which the fuzz run must not do.
   */
  invalidOnly?: true;
  /** Valid bodies where the schema's refinements are beyond the generator (a permission's name). */
  bodies?: fc.Arbitrary<unknown>;
  /** Ids a valid body must carry to get past the not-found checks (the caller's own resume, the target). */
  fix?: (body: Record<string, unknown>, context: Context) => void;
}

const withResume = (body: Record<string, unknown>, { resumeId }: Context) => {
  if ('resumeId' in body) body.resumeId = resumeId;
};

/** Every POST, PATCH and PUT route of the manifest, with what its handler parses. */
const routes: Record<string, FuzzRoute> = {
  'PATCH /api/me': { body: { zod: updateMeSchema } },
  // A valid body names a current password no generator guesses: the answer is a 4xx, and nothing changes.
  'POST /api/me/password': { body: { zod: changePasswordSchema } },
  'POST /api/events': { body: { zod: analyticsBatchSchema } },
  'POST /api/resume/create/{userId}': {
    body: { zod: createResumeSchema },
    fix: (body, { sub }) => {
      if ('userId' in body) body.userId = sub;
    },
  },
  'PATCH /api/resume/{id}': {
    body: { zod: resumePatchSchema },
    // The handler's own checks past the schema: the id of the path, a known template, a real photo id.
    fix: (body, { resumeId }) => {
      if ('id' in body) body.id = resumeId;
      if ('template' in body) body.template = DEFAULT_TEMPLATE_ID;
      const info = body.personalInfo;
      if (isObject(info) && 'photo' in info) info.photo = '';
    },
  },
  'POST /api/resume/{id}/duplicate': { body: { zod: duplicateResumeSchema } },
  'POST /api/resume/import/json-resume': {
    body: { jsonSchema: jsonResumeSchema, accepts: (value) => validateJsonResume(value).ok },
  },
  // The pdf route reads no body; the fuzz user is Free, so a valid call is 403 PRO_REQUIRED.
  'POST /api/resume/{id}/pdf': { body: { ignored: true } },
  'POST /api/uploads': { body: { zod: importUploadRequestSchema } },
  'POST /api/photos': { body: { zod: photoUploadSchema } },
  'POST /api/ws/ticket': { body: { ignored: true } },
  'POST /api/billing/checkout': { body: { zod: checkoutRequestSchema } },
  'POST /api/billing/portal': { body: { zod: portalRequestSchema } },
  'POST /api/billing/cancel': { body: { zod: cancelRequestSchema } },
  'POST /api/billing/reactivate': { body: { zod: emptyRequestSchema } },
  'POST /api/billing/sync': { body: { zod: emptyRequestSchema } },
  'POST /api/billing/refund': { body: { zod: emptyRequestSchema }, invalidOnly: true },
  // Public: the signature on the raw body is its authentication, and no fuzz body carries one.
  'POST /api/webhooks/stripe': { body: { ignored: true } },
  'POST /api/match-score': { body: { zod: matchScoreRequestSchema }, fix: withResume },
  'POST /api/ai/suggestions': { body: { zod: suggestionRequestSchema }, fix: withResume },
  'POST /api/tailoring': { body: { zod: tailoringRequestSchema }, fix: withResume },
  'POST /api/tailoring/{jobId}/apply': { body: { zod: tailoringApplySchema } },
  'POST /api/assistant/{resumeId}/messages': { body: { zod: assistantAskSchema } },
  // Staff routes, as the seeded admin on a throwaway user of their own.
  'PUT /api/admin/users/{id}': { body: { zod: adminUserUpdateSchema } },
  'POST /api/admin/users/bulk-delete': {
    body: { zod: bulkDeleteSchema },
    invalidOnly: true,
    fix: (body, { sub }) => {
      if (Array.isArray(body.userIds)) body.userIds = [sub];
    },
  },
  'POST /api/admin/users/{id}/reset-password': { body: { zod: emptyRequestSchema } },
  'POST /api/admin/permissions/check': {
    body: { zod: permissionCheckSchema },
    bodies: fc.record(
      {
        permission: fc.constantFrom(
          ...Object.entries(permissionAreas).flatMap(([area, actions]) => actions.map((a) => `${area}:${a}`)),
        ),
        userId: fc.string({ minLength: 1, maxLength: 64 }),
      },
      { requiredKeys: ['permission'] },
    ),
    fix: (body, { sub }) => {
      if ('userId' in body) body.userId = sub;
    },
  },
  'PUT /api/admin/permissions/{userId}': { body: { zod: setStaffRoleSchema } },
  'POST /api/admin/users/{id}/subscription/sync': { body: { zod: emptyRequestSchema } },
  'POST /api/admin/users/{id}/subscription/cancel': { body: { zod: adminCancelSchema } },
  'POST /api/admin/users/{id}/subscription/refund': { body: { zod: emptyRequestSchema }, invalidOnly: true },
  // Flags change the product for everyone.
  'PUT /api/admin/flags/{flag}': { body: { zod: setFeatureFlagSchema }, invalidOnly: true },
  'POST /api/admin/impersonation/redeem': {
    body: { zod: redeemImpersonationSchema },
    fix: (body, { sub }) => {
      if ('targetUser' in body) body.targetUser = sub;
    },
  },
  'POST /api/admin/impersonation/end': { body: { zod: endImpersonationSchema } },
};

const key = (route: HttpRouteDef) => `${route.method} ${route.path}`;
const BODY_METHODS = new Set(['POST', 'PATCH', 'PUT']);
const bodyRoutes = httpRoutes.filter((route) => BODY_METHODS.has(route.method));

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Bodies the route's schema accepts, before any mutation: generated from its JSON Schema form (or the
 * table's own generator), the first of a few that the schema itself accepts (its refinements have no JSON
 * Schema form), else the first of them, so a refinement the generator cannot meet never stalls the run.
 */
function validBodies(entry: FuzzRoute): fc.Arbitrary<unknown> {
  const { body } = entry;
  if ('ignored' in body) return fc.jsonValue({ maxDepth: 2 });
  const generated = entry.bodies ?? arbitraryOf('zod' in body ? body.zod : body.jsonSchema);
  const payload = (value: unknown): Payload => ({
    body: JSON.stringify(value),
    contentType: 'application/json',
  });
  return fc
    .array(generated, { minLength: 8, maxLength: 8 })
    .map((candidates) => candidates.find((value) => accepts(body, payload(value))) ?? candidates[0]);
}

/**
 * Whether the API should accept this payload as a body (the middleware's size, content type and syntax
 * checks, then the handler's schema); an empty or `null` body reads as `{}`, as most handlers read it.
 */
function accepts(body: BodySchema, payload: Payload): boolean {
  const bytes = Buffer.from(payload.body);
  let value: unknown;
  if (bytes.byteLength > 0) {
    if (bytes.byteLength > MAX_BODY_BYTES || !JSON_CONTENT_TYPE.test(payload.contentType ?? '')) return false;
    try {
      value = JSON.parse(bytes.toString('utf8'));
    } catch {
      return false;
    }
  }
  if ('zod' in body) return body.zod.safeParse(value ?? {}).success;
  if ('jsonSchema' in body) return body.accepts(value ?? {});
  return true;
}

/** The route's path with its parameters filled from the context. */
function pathOf(route: HttpRouteDef, context: Context): string {
  const own = route.auth === 'staff' ? context.sub : context.resumeId;
  return route.path
    .replace('{userId}', context.sub)
    .replace('{id}', own)
    .replace('{resumeId}', context.resumeId)
    .replace('{jobId}', context.jobId)
    .replace('{flag}', featureFlagNames[0] ?? 'no-such-flag');
}

type Item = Record<string, unknown>;

/**
 * The user's stored items, in key order. Rate-limit windows are left out: they count calls, refused ones
 * included, by design (a limit that forgot refused calls could be probed for free).
 */
async function itemsOf(sub: string): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: info.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': Profile.partition({ sub }) },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((page.Items ?? []) as Item[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.filter((item) => !String(item.sk).startsWith('RATE#'));
}

const snapshot = (context: Context) => Promise.all(context.watched.map(itemsOf));

/** What changed between two snapshots, item by item: added, removed, or the attributes that differ. */
function changes(before: Item[][], after: Item[][]): string[] {
  const found: string[] = [];
  before.forEach((items, i) => {
    const old = new Map(items.map((item) => [`${item.pk} ${item.sk}`, item]));
    const now = new Map((after[i] ?? []).map((item) => [`${item.pk} ${item.sk}`, item]));
    for (const [id, item] of now) {
      const was = old.get(id);
      if (!was) found.push(`added ${id}`);
      else {
        const names = new Set([...Object.keys(was), ...Object.keys(item)]);
        const differ = [...names].filter((n) => JSON.stringify(was[n]) !== JSON.stringify(item[n]));
        if (differ.length > 0) found.push(`changed ${id}: ${differ.join(', ')}`);
      }
    }
    for (const id of old.keys()) if (!now.has(id)) found.push(`removed ${id}`);
  });
  return found;
}

async function send(route: HttpRouteDef, context: Context, payload: Payload) {
  const headers: Record<string, string> = {};
  if (context.session) headers.authorization = `Bearer ${context.session.accessToken}`;
  if (payload.contentType !== null) headers['content-type'] = payload.contentType;
  const response = await fetch(`${info.url}${pathOf(route, context)}`, {
    method: route.method,
    headers,
    body: payload.body,
  });
  const text = await response.text();
  let json: { data?: { jobId?: string }; error?: { code?: string } } | null = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the status says enough.
  }
  return { status: response.status, json, text };
}

const excerpt = (body: string | Uint8Array) => {
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  return text.length > 240 ? `${text.slice(0, 240)}… (${text.length} characters)` : text;
};

/** One fuzz run of a route: `runs` bodies, valid ones and mutations of them, each call judged. */
async function fuzz(route: HttpRouteDef, entry: FuzzRoute, context: Context) {
  const samples = validBodies(entry).chain((body) =>
    mutationsOf(body, { valid: !entry.invalidOnly }).map((mutation) => ({ body, mutation })),
  );
  const property = fc.asyncProperty(
    samples,
    async ({ body, mutation }: { body: unknown; mutation: Mutation }) => {
      const fixed = structuredClone(body);
      if (isObject(fixed)) entry.fix?.(fixed, context);
      const payload = render(fixed, mutation);
      const valid = accepts(entry.body, payload);
      // A refund, a deletion or a flag for everyone is never sent with a body the route would act on.
      if (entry.invalidOnly) fc.pre(!valid);
      const before = await snapshot(context);

      const response = await send(route, context, payload);
      const counts = statuses.get(key(route)) ?? {};
      const outcome = `${response.status} ${response.json?.error?.code ?? ''}`.trim();
      counts[outcome] = (counts[outcome] ?? 0) + 1;
      statuses.set(key(route), counts);

      const what = `${describeMutation(mutation)}; sent ${payload.contentType ?? 'no content type'}: ${excerpt(payload.body)}`;
      const answer = `${response.status} ${response.json?.error?.code ?? excerpt(response.text)}`;
      if (response.status >= 500) throw new Error(`5xx: ${answer} for ${what}`);
      if (!valid && !('ignored' in entry.body) && response.status < 400) {
        throw new Error(`a body the schema refuses was accepted: ${answer} for ${what}`);
      }
      if (response.status === 202 && context.session && response.json?.data?.jobId) {
        // The job's worker writes later: let it finish before the next call is judged.
        await waitForJob(context.session, response.json.data.jobId);
      }
      if (response.status >= 400) {
        const changed = changes(before, await snapshot(context));
        if (changed.length > 0)
          throw new Error(`${answer} changed stored items (${changed.join('; ')}) for ${what}`);
      }
    },
  );
  try {
    await fc.assert(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });
  } catch (error) {
    const replay = `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} jest … -t '${key(route)}'`;
    throw new Error(`${key(route)} (replay: ${replay})\n${(error as Error).message}`, { cause: error });
  }
}

let admin: Session;
const contexts = new Map<string, Context>();

/** A fresh user with one resume (and a job when the path names one), for one user route. */
async function userContext(route: HttpRouteDef): Promise<Context> {
  const session = await newUser('fuzz');
  const resume = await api('POST', `/resume/create/${session.sub}`, {
    token: session.accessToken,
    json: { userId: session.sub, title: 'Fuzzed' },
  });
  expect(resume.status).toBe(201);
  let jobId = 'no-such-job';
  if (route.path.includes('{jobId}')) {
    const upload = await api('POST', '/uploads', {
      token: session.accessToken,
      json: { contentType: 'application/pdf', size: 1000 },
    });
    expect(upload.status).toBe(200);
    jobId = upload.body.data.jobId;
  }
  return { session, sub: session.sub, resumeId: resume.body.data.id, jobId, watched: [session.sub] };
}

/** The seeded admin acting on a throwaway user of the route's own. */
async function staffContext(): Promise<Context> {
  const target = await newUser('fuzz-target');
  return {
    session: admin,
    sub: target.sub,
    resumeId: 'no-such-resume',
    jobId: 'no-such-job',
    watched: [admin.sub, target.sub],
  };
}

let flagsBefore: unknown;

beforeAll(async () => {
  const seeded = info.seedUsers.find((u) => u.role === 'admin');
  if (!seeded) throw new Error('no seeded admin');
  admin = await signIn(seeded.email, seeded.password);
  flagsBefore = (await api('GET', '/flags')).body;
  await Promise.all(
    bodyRoutes.map(async (route) => {
      const context =
        route.auth === 'staff'
          ? await staffContext()
          : route.auth === 'user'
            ? await userContext(route)
            : { sub: 'anonymous', resumeId: 'no-such-resume', jobId: 'no-such-job', watched: [] };
      contexts.set(key(route), context);
    }),
  );
});

describe('fuzzed bodies on every POST, PATCH and PUT route', () => {
  it('has a line for every such route of the manifest, and none for a route that is gone', () => {
    const missing = bodyRoutes.map(key).filter((cell) => !(cell in routes));
    const stale = Object.keys(routes).filter((cell) => !bodyRoutes.some((route) => key(route) === cell));

    expect(missing).toEqual([]);
    expect(stale).toEqual([]);
  });

  for (const route of bodyRoutes) {
    it(`${key(route)}: no 5xx, no invalid body accepted, nothing changed by a 4xx`, async () => {
      const entry = routes[key(route)];
      const context = contexts.get(key(route));
      if (!entry || !context) throw new Error(`no table line or context for ${key(route)}`);

      await fuzz(route, entry, context);
    });
  }

  it('left no one with more rights and every flag as it was', async () => {
    const users = [...contexts.values()].filter((c) => c.session && c.session !== admin);
    const sample = users.slice(0, 5);

    const answers = await Promise.all(
      sample.map((c) => api('GET', '/admin/users', { token: c.session?.accessToken })),
    );
    const me = await Promise.all(sample.map((c) => api('GET', '/me', { token: c.session?.accessToken })));
    const flags = await api('GET', '/flags');

    expect(sample.length).toBe(5);
    expect(answers.map((a) => a.status)).toEqual(sample.map(() => 403));
    expect(me.map((m) => m.body.data.role)).toEqual(sample.map(() => null));
    expect(flags.body).toEqual(flagsBefore);
  });
});

afterAll(() => {
  if (STATS)
    console.log([...statuses].map(([cell, counts]) => `${cell} ${JSON.stringify(counts)}`).join('\n'));
});
