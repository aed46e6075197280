import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type AdminStats, MAX_EVENTS_PER_MINUTE, MAX_EVENTS_PER_REQUEST } from '../../shared/analytics.ts';
import { api, db, info, newUser, type Session, signIn } from './support/client.ts';

// Several requests per test on a shared, busy machine.
jest.setTimeout(30_000);

// One admin sign-in and one plain user for the whole file; the rate-limit test signs up its own user so its
// window starts empty.
let admin: Session;
let user: Session;

beforeAll(async () => {
  [admin, user] = await Promise.all([signIn('admin@example.com', 'Admin-Pass-2026'), newUser('analytics')]);
});

const today = () => new Date().toISOString().slice(0, 10);

/** The events the table holds for one user today (one item per accepted batch), read from DynamoDB Local. */
async function storedEvents(sub: string): Promise<Record<string, unknown>[]> {
  const events: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: info.tableName,
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: 'userId = :sub',
        ExpressionAttributeValues: { ':pk': `EVENTS#${today()}`, ':sub': sub },
        ExclusiveStartKey,
      }),
    );
    for (const { events: batch, ...item } of page.Items ?? []) {
      for (const event of batch as Record<string, unknown>[]) events.push({ ...item, ...event });
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return events;
}

const send = (session: Session, json: unknown) =>
  api('POST', '/events', { token: session.accessToken, json });

/** A small RFC 4180 reader: quoted fields, doubled quotes, CRLF between records. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

describe('feature flags', () => {
  afterAll(async () => {
    // Other tests and screens expect the default.
    await api('PUT', '/admin/flags/coverLetter', { token: admin.accessToken, json: { enabled: false } });
  });

  it('serve defaults to anyone, and a change by staff is what the public route answers next', async () => {
    const before = await api('GET', '/flags');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ data: { coverLetter: false } });
    expect(before.headers.get('cache-control')).toMatch(/max-age=\d+/);

    const listed = await api('GET', '/admin/flags', { token: admin.accessToken });
    expect(listed.body.data).toEqual([{ name: 'coverLetter', enabled: false }]);

    const put = await api('PUT', '/admin/flags/coverLetter', {
      token: admin.accessToken,
      json: { enabled: true },
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({
      name: 'coverLetter',
      enabled: true,
      updatedBy: 'admin@example.com',
    });

    const after = await api('GET', '/flags');
    const state = await api('GET', '/admin/flags', { token: admin.accessToken });
    expect(after.body).toEqual({ data: { coverLetter: true } });
    expect(state.body.data[0]).toMatchObject({ enabled: true, updatedAt: put.body.data.updatedAt });
  });

  it('refuse an unknown flag (404), a bad body (400) and a user without system:featureFlags (403)', async () => {
    const unknown = await api('PUT', '/admin/flags/darkMode', {
      token: admin.accessToken,
      json: { enabled: true },
    });
    const bad = await api('PUT', '/admin/flags/coverLetter', {
      token: admin.accessToken,
      json: { enabled: 'yes', extra: 1 },
    });
    const plain = await api('PUT', '/admin/flags/coverLetter', {
      token: user.accessToken,
      json: { enabled: true },
    });

    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'NOT_FOUND']);
    expect([bad.status, bad.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect([plain.status, plain.body.error.code]).toEqual([403, 'FORBIDDEN']);
  });
});

describe('POST /api/events', () => {
  it('stores each event with the server time and the verified caller, whatever the client says', async () => {
    const started = new Date().toISOString();
    const response = await send(user, {
      events: [
        { name: 'page_view', path: '/dashboard', at: '2020-01-01T00:00:00.000Z' },
        {
          name: 'template_selected',
          path: '/resume/1',
          properties: { template: 'modern', pro: true, step: 2 },
        },
      ],
    });
    const stored = await storedEvents(user.sub);

    expect(response.status).toBe(204);
    expect(stored).toHaveLength(2);
    for (const item of stored) expect(String(item.at) >= started).toBe(true);
    expect(stored.map((e) => e.name).sort()).toEqual(['page_view', 'template_selected']);
    expect(stored.find((e) => e.name === 'template_selected')).toMatchObject({
      userId: user.sub,
      path: '/resume/1',
      properties: { template: 'modern', pro: true, step: 2 },
      ttl: expect.any(Number),
    });
    expect(stored.find((e) => e.name === 'page_view')).toMatchObject({
      clientAt: '2020-01-01T00:00:00.000Z',
    });
  });

  it('refuses a whole batch with an unknown name, an extra field or a query in the path, storing nothing', async () => {
    const before = (await storedEvents(user.sub)).length;
    const answers = await Promise.all(
      [
        [{ name: 'page_view' }, { name: 'hacked' }],
        [{ name: 'page_view', userId: 'someone-else' }],
        [{ name: 'page_view', path: '/search?q=me@example.com' }],
        [{ name: 'page_view', properties: { nested: { a: 1 } } }],
      ].map((events) => send(user, { events })),
    );
    const extraTop = await send(user, { events: [{ name: 'page_view' }], user: 'x' });
    const tooMany = await send(user, {
      events: Array.from({ length: MAX_EVENTS_PER_REQUEST + 1 }, () => ({ name: 'page_view' })),
    });
    const anonymous = await api('POST', '/events', { json: { events: [{ name: 'page_view' }] } });

    for (const answer of [...answers, extraTop, tooMany]) {
      expect([answer.status, answer.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(anonymous.status).toBe(401);
    expect(await storedEvents(user.sub)).toHaveLength(before);
  });

  it(`allows ${MAX_EVENTS_PER_MINUTE} events a minute per user, then 429 with Retry-After and nothing stored`, async () => {
    const batches = MAX_EVENTS_PER_MINUTE / MAX_EVENTS_PER_REQUEST;
    const batch = {
      events: Array.from({ length: MAX_EVENTS_PER_REQUEST }, () => ({ name: 'feature_used' })),
    };
    // The window is the clock's minute: a run that straddles two minutes is run again with a new user.
    for (let attempt = 0; ; attempt++) {
      const sender = await newUser('rate');
      const minute = Math.floor(Date.now() / 60_000);
      const statuses: number[] = [];
      for (let i = 0; i < batches; i++) statuses.push((await send(sender, batch)).status);
      const refused = await send(sender, { events: [{ name: 'feature_used' }] });
      if (Math.floor(Date.now() / 60_000) !== minute && attempt === 0) continue;

      expect(statuses).toEqual(Array.from({ length: batches }, () => 204));
      expect([refused.status, refused.body.error.code]).toEqual([429, 'EVENTS_RATE_LIMITED']);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(await storedEvents(sender.sub)).toHaveLength(MAX_EVENTS_PER_MINUTE);
      // Another user has a window of their own.
      expect((await send(user, { events: [{ name: 'feature_used' }] })).status).toBe(204);
      return;
    }
  });
});

describe('GET /api/admin/stats', () => {
  const stats = async () => {
    const response = await api<{ data: AdminStats }>('GET', '/admin/stats?days=2', {
      token: admin.accessToken,
    });
    expect(response.status).toBe(200);
    return response.body.data;
  };
  const last = (series: number[]) => series.at(-1) ?? 0;

  it('counts a resume created through the API and the events sent, per UTC day, with totals', async () => {
    const before = await stats();
    const created = await api('POST', `/resume/create/${user.sub}`, {
      token: user.accessToken,
      json: { userId: user.sub },
    });
    expect(created.status).toBe(201);
    expect(
      (await send(user, { events: [{ name: 'ai_coach_opened' }, { name: 'ai_coach_opened' }] })).status,
    ).toBe(204);
    const after = await stats();

    expect(after.days).toHaveLength(2);
    expect(after.days.at(-1)).toBe(today());
    expect(Object.keys(after.series).sort()).toEqual(
      [
        'aiTokensIn',
        'aiTokensOut',
        'aiUses',
        'imports',
        'pdfs',
        'proConversions',
        'resumesCreated',
        'signUps',
      ].sort(),
    );
    for (const series of Object.values(after.series)) expect(series).toHaveLength(2);
    expect(last(after.series.resumesCreated)).toBeGreaterThanOrEqual(last(before.series.resumesCreated) + 1);
    // The users this file signed up were counted by the confirmation trigger.
    expect(last(after.series.signUps)).toBeGreaterThanOrEqual(2);
    expect(after.events.ai_coach_opened ?? 0).toBeGreaterThanOrEqual(
      (before.events.ai_coach_opened ?? 0) + 2,
    );
    expect(after.events.page_view).toBeGreaterThanOrEqual(1);
    expect(after.totals.users).toBeGreaterThanOrEqual(3);
    expect(after.totals.resumes).toBeGreaterThanOrEqual(before.totals.resumes + 1);
    expect(after.totals.proUsers).toBeGreaterThanOrEqual(0);
  });

  it('refuses a days value out of range, and a plain user', async () => {
    const zero = await api('GET', '/admin/stats?days=0', { token: admin.accessToken });
    const many = await api('GET', '/admin/stats?days=91', { token: admin.accessToken });
    const plain = await api('GET', '/admin/stats', { token: user.accessToken });

    expect([zero.status, zero.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(many.status).toBe(400);
    expect(plain.status).toBe(403);
  });
});

describe('GET /api/admin/analytics/export', () => {
  it('answers a CSV attachment of the range, quoted as RFC 4180 says, formulas kept out of cell starts', async () => {
    const tricky = { note: 'a "quoted", comma\nand a line', formula: '=HYPERLINK("http://x.test","y")' };
    expect(
      (await send(user, { events: [{ name: 'error', path: '/editor', properties: tricky }] })).status,
    ).toBe(204);

    const response = await fetch(`${info.url}/api/admin/analytics/export?from=${today()}&to=${today()}`, {
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    const text = await response.text();
    const rows = parseCsv(text);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="analytics-events-${today()}-to-${today()}.csv"`,
    );
    expect(text.endsWith('\r\n')).toBe(true);
    expect(rows[0]).toEqual(['time', 'name', 'user_id', 'path', 'properties']);
    const mine = rows.filter((r) => r[2] === user.sub);
    expect(mine.length).toBeGreaterThanOrEqual(3);
    const error = mine.find((r) => r[1] === 'error');
    expect(error?.[3]).toBe('/editor');
    expect(JSON.parse(error?.[4] ?? '')).toEqual(tricky);
    // No cell of the export starts with a character a spreadsheet reads as a formula.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]/);
    const times = rows.slice(1).map((r) => r[0] ?? '');
    expect([...times].sort()).toEqual(times);
  });

  it('refuses a bad range (400) and a role without analytics:export (403)', async () => {
    const tooLong = await api('GET', '/admin/analytics/export?from=2026-01-01&to=2026-02-15', {
      token: admin.accessToken,
    });
    const backwards = await api('GET', '/admin/analytics/export?from=2026-01-02&to=2026-01-01', {
      token: admin.accessToken,
    });
    const notADay = await api('GET', '/admin/analytics/export?from=2026-02-30&to=2026-03-01', {
      token: admin.accessToken,
    });
    const plain = await api('GET', '/admin/analytics/export', { token: user.accessToken });

    for (const bad of [tooLong, backwards, notADay]) {
      expect([bad.status, bad.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect([plain.status, plain.body.error.code]).toEqual([403, 'FORBIDDEN']);
  });
});
