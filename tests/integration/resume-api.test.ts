import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { api, db, info, newUser, type Session, signIn } from './support/client.ts';

const stored = async (sub: string, sk: string) =>
  (await db.send(new GetCommand({ TableName: info.tableName, Key: { pk: `USER#${sub}`, sk } }))).Item;
const storedResume = (sub: string, id: string) => stored(sub, `RESUME#${id}`);
const resumeCount = async (sub: string) => (await stored(sub, 'PROFILE'))?.resumeCount;

const create = (s: Session, body: Record<string, unknown> = {}) =>
  api('POST', `/resume/create/${s.sub}`, { token: s.accessToken, json: { userId: s.sub, ...body } });
const patch = (s: Session, id: string, json: unknown, ifMatch?: string) =>
  api('PATCH', `/resume/${id}`, {
    token: s.accessToken,
    json,
    ...(ifMatch === undefined ? {} : { headers: { 'if-match': ifMatch } }),
  });
const remove = (s: Session, id: string) => api('DELETE', `/resume/${id}`, { token: s.accessToken });

/** A Pro subscription written straight to the table, as the billing webhook would store it. */
async function subscribe(sub: string, state: { status: string; validUntil: string }) {
  await db.send(
    new PutCommand({
      TableName: info.tableName,
      Item: {
        pk: `USER#${sub}`,
        sk: 'SUBSCRIPTION',
        entity: 'Subscription',
        version: 1,
        profileId: sub,
        subscriptionType: 'proSubscription',
        ...state,
      },
    }),
  );
}
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** `count` experience entries of `chars` characters each. */
const bulky = (count: number, chars: number, tag: string) =>
  Array.from({ length: count }, (_, i) => ({
    id: `${tag}${i}`,
    company: `Company ${i}`,
    description: 'x'.repeat(chars),
  }));

describe('revisions', () => {
  let ana: Session;
  beforeAll(async () => {
    ana = await newUser('ana');
  });

  it('start at 1, go up by one on every write, and travel as an ETag', async () => {
    const created = await create(ana, { title: 'Revisions' });
    const id = created.body.data.id as string;

    const first = await patch(ana, id, { title: 'One' });
    const second = await patch(ana, id, { title: 'Two' }, '"2"');
    const read = await api('GET', `/resume/id/${id}`, { token: ana.accessToken });

    expect([created.body.data.revision, created.headers.get('etag')]).toEqual([1, '"1"']);
    expect([first.status, first.body.data.revision, first.headers.get('etag')]).toEqual([200, 2, '"2"']);
    expect([second.status, second.body.data.revision]).toEqual([200, 3]);
    expect([read.body.data.revision, read.headers.get('etag')]).toEqual([3, '"3"']);
    expect((await storedResume(ana.sub, id))?.revision).toBe(3);
    await remove(ana, id);
  });

  it('refuse a write based on a stale revision with 412 REVISION_CONFLICT and change nothing', async () => {
    const { body } = await create(ana);
    const id = body.data.id as string;
    await patch(ana, id, { title: 'Saved in another tab' });
    const before = await storedResume(ana.sub, id);

    const stale = await patch(ana, id, { title: 'Out of date' }, '1');
    const current = await patch(ana, id, { title: 'Up to date' }, 'W/"2"');

    expect(stale.status).toBe(412);
    expect(stale.body.error.code).toBe('REVISION_CONFLICT');
    expect(before).toMatchObject({ title: 'Saved in another tab', revision: 2 });
    expect([current.status, current.body.data.title, current.body.data.revision]).toEqual([
      200,
      'Up to date',
      3,
    ]);
    await remove(ana, id);
  });

  it('accept 3, "3" and W/"3"; refuse a malformed If-Match with 400; ignore a revision in the body', async () => {
    const { body } = await create(ana);
    const id = body.data.id as string;

    const bare = await patch(ana, id, { title: 'a' }, '1');
    const quoted = await patch(ana, id, { title: 'b' }, '"2"');
    const weak = await patch(ana, id, { title: 'c' }, 'W/"3"');
    const malformed = await patch(ana, id, { title: 'd' }, 'latest');
    const fromBody = await patch(ana, id, { title: 'e', revision: 99 });

    expect([bare.status, quoted.status, weak.status]).toEqual([200, 200, 200]);
    expect([malformed.status, malformed.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(fromBody.body.data.revision).toBe(5);
    await remove(ana, id);
  });

  it('read as 0 on a resume stored before revisions existed, and If-Match: 0 updates it', async () => {
    const id = randomUUID();
    await db.send(
      new PutCommand({
        TableName: info.tableName,
        Item: {
          pk: `USER#${ana.sub}`,
          sk: `RESUME#${id}`,
          entity: 'Resume',
          version: 1,
          id,
          profileId: ana.sub,
          title: 'Old resume',
          template: 'simple',
          personalInfo: {
            firstName: 'Ana',
            lastName: '',
            email: '',
            phone: '',
            jobTitle: '',
            summary: '',
            city: '',
            photo: '',
          },
          experience: [],
          education: [],
          skills: [],
          sectionTitle: {
            personalInfo: 'Personal Information',
            experience: 'Experience',
            education: 'Education',
            skills: 'Skills',
            objectives: 'Profile',
          },
          updatedAt: '2025-01-01T00:00:00.000Z',
          createdAt: '2025-01-01T00:00:00.000Z',
        },
      }),
    );

    const read = await api('GET', `/resume/id/${id}`, { token: ana.accessToken });
    const updated = await patch(ana, id, { title: 'Old resume, edited' }, '0');
    const again = await patch(ana, id, { title: 'Stale' }, '0');

    expect([read.body.data.revision, read.headers.get('etag')]).toEqual([0, '"0"']);
    expect(read.body.data.sectionTitle.experience).toBe('Experience');
    expect([updated.status, updated.body.data.revision]).toEqual([200, 1]);
    expect(again.status).toBe(412);
    expect(await storedResume(ana.sub, id)).toMatchObject({
      title: 'Old resume, edited',
      revision: 1,
      createdAt: '2025-01-01T00:00:00.000Z',
      personalInfo: { firstName: 'Ana' },
    });
  });

  it('let exactly one of several writes based on the same revision through', async () => {
    const { body } = await create(ana);
    const id = body.data.id as string;

    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => patch(ana, id, { title: `Tab ${i}` }, '1')),
    );

    expect(results.map((r) => r.status).sort()).toEqual([200, 412, 412, 412, 412]);
    expect((await storedResume(ana.sub, id))?.revision).toBe(2);
    await remove(ana, id);
  });

  it('without If-Match, concurrent writes to different fields all land (merged, none lost)', async () => {
    const { body } = await create(ana);
    const id = body.data.id as string;
    const changes = [
      { personalInfo: { firstName: 'Ana' } },
      { personalInfo: { lastName: 'Souza' } },
      { personalInfo: { city: 'Recife' } },
      { sectionTitle: { skills: 'Strengths' } },
      { settings: { accentColor: '#112233' } },
      { title: 'Merged' },
    ];

    const results = await Promise.all(changes.map((change) => patch(ana, id, change)));
    const item = await storedResume(ana.sub, id);

    expect(results.map((r) => r.status)).toEqual(changes.map(() => 200));
    expect(item).toMatchObject({
      title: 'Merged',
      revision: 1 + changes.length,
      personalInfo: { firstName: 'Ana', lastName: 'Souza', city: 'Recife' },
      sectionTitle: { skills: 'Strengths' },
      settings: { accentColor: '#112233', language: 'en' },
    });
    await remove(ana, id);
  });
});

describe('platform limits', () => {
  let bia: Session;
  beforeAll(async () => {
    bia = await newUser('bia');
  });

  it('refuses a resume over DynamoDB item size with 400 RESUME_TOO_LARGE and keeps the stored one', async () => {
    const { body } = await create(bia);
    const id = body.data.id as string;
    // Each body stays under the 256 KB body limit; together they would pass the 400 KB item limit.
    const first = await patch(bia, id, { experience: bulky(40, 5000, 'e') });
    const before = await storedResume(bia.sub, id);

    const second = await patch(bia, id, {
      projects: bulky(40, 5000, 'p').map(({ company, ...p }) => ({ ...p, name: company })),
    });

    expect(first.status).toBe(200);
    expect(second.status).toBe(400);
    expect(second.body.error.code).toBe('RESUME_TOO_LARGE');
    expect(await storedResume(bia.sub, id)).toEqual(before);
    await remove(bia, id);
  });

  it.each([
    ['a 2000-character id', 'a'.repeat(2000)],
    ['an id with characters ids never have', 'a.b~c'],
    ['an encoded slash', 'a%2Fb'],
  ])('answers %s with 404 RESUME_NOT_FOUND on read, update, delete and duplicate', async (_name, id) => {
    const results = await Promise.all([
      api('GET', `/resume/id/${id}`, { token: bia.accessToken }),
      patch(bia, id, { title: 'x' }),
      remove(bia, id),
      api('POST', `/resume/${id}/duplicate`, { token: bia.accessToken }),
    ]);

    expect(results.map((r) => [r.status, r.body?.error?.code])).toEqual(
      results.map(() => [404, 'RESUME_NOT_FOUND']),
    );
  });

  it('holds the Free limit under 10 concurrent creates: never a 500, never more than 3', async () => {
    const cleo = await newUser('cleo');

    const results = await Promise.all(Array.from({ length: 10 }, () => create(cleo)));
    const statuses = results.map((r) => r.status);
    const list = await api('GET', `/resume/all/${cleo.sub}`, { token: cleo.accessToken });

    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 403).map((r) => r.body.error.code)).toEqual(
      Array(7).fill('RESUME_LIMIT_REACHED'),
    );
    expect(list.body.data).toHaveLength(3);
    expect(await resumeCount(cleo.sub)).toBe(3);
  });

  it('answers concurrent deletes (the same resume several times, and different ones) without a 500', async () => {
    const dora = await newUser('dora');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(dora)).body.data.id);

    const results = await Promise.all(
      ids.flatMap((id) => [remove(dora, id), remove(dora, id), remove(dora, id)]),
    );
    const statuses = results.map((r) => r.status);

    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 204)).toHaveLength(3);
    expect(statuses.filter((s) => s === 404)).toHaveLength(6);
    expect(await resumeCount(dora.sub)).toBe(0);
    expect((await api('GET', `/resume/all/${dora.sub}`, { token: dora.accessToken })).body.data).toEqual([]);
  });
});

describe('templates need paid access', () => {
  it('refuses a Pro template to a Free user with 403 PRO_REQUIRED and an unknown one with 400', async () => {
    const free = await newUser('free');
    const { body } = await create(free);
    const id = body.data.id as string;
    const before = await storedResume(free.sub, id);

    const pro = await patch(free, id, { template: 'modern', title: 'Sneaky' });
    const unknown = await patch(free, id, { template: 'no-such-template' });
    const simple = await patch(free, id, { template: 'simple' });

    expect([pro.status, pro.body.error.code]).toEqual([403, 'PRO_REQUIRED']);
    expect([unknown.status, unknown.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(unknown.body.error.issues).toEqual([expect.objectContaining({ path: 'template' })]);
    expect(simple.status).toBe(200);
    expect(before).toMatchObject({ template: 'simple', revision: 1 });
  });

  it('lets a Pro user choose one, and keep it (but not pick another) once the subscription lapses', async () => {
    const pro = await newUser('pro');
    await subscribe(pro.sub, { status: 'active', validUntil: inDays(30) });
    const { body } = await create(pro);
    const id = body.data.id as string;

    const chosen = await patch(pro, id, { template: 'modern' });
    await subscribe(pro.sub, { status: 'expired', validUntil: inDays(-1) });
    const otherField = await patch(pro, id, { title: 'Still modern' });
    const echoed = await patch(pro, id, { template: 'modern', title: 'Saved whole' });
    const another = await patch(pro, id, { template: 'classic' });

    expect([chosen.status, chosen.body.data.template]).toEqual([200, 'modern']);
    expect([otherField.status, otherField.body.data.template]).toEqual([200, 'modern']);
    expect(echoed.status).toBe(200);
    expect([another.status, another.body.error.code]).toEqual([403, 'PRO_REQUIRED']);
    expect(await storedResume(pro.sub, id)).toMatchObject({ template: 'modern', title: 'Saved whole' });
  });

  it('gives a lapsed Pro user a copy in the Simple template, and an active Pro user a copy in theirs', async () => {
    const lapsed = await newUser('lapsed');
    await subscribe(lapsed.sub, { status: 'active', validUntil: inDays(30) });
    const { body } = await create(lapsed);
    const id = body.data.id as string;
    await patch(lapsed, id, { template: 'compact' });
    const whilePro = await api('POST', `/resume/${id}/duplicate`, { token: lapsed.accessToken });

    await subscribe(lapsed.sub, { status: 'expired', validUntil: inDays(-1) });
    const afterLapse = await api('POST', `/resume/${id}/duplicate`, { token: lapsed.accessToken });

    expect([whilePro.status, whilePro.body.data.template]).toEqual([201, 'compact']);
    expect([afterLapse.status, afterLapse.body.data.template]).toEqual([201, 'simple']);
    expect(await storedResume(lapsed.sub, id)).toMatchObject({ template: 'compact' });
  });

  it('lets an admin choose a Pro template', async () => {
    const seeded = info.seedUsers.find((u) => u.role === 'admin');
    if (!seeded) throw new Error('no seeded admin');
    const admin = await signIn(seeded.email, seeded.password);
    const { body } = await create(admin);

    const res = await patch(admin, body.data.id, { template: 'compact' });

    expect([res.status, res.body.data.template]).toEqual([200, 'compact']);
    await remove(admin, body.data.id);
  });
});

describe('personal photo', () => {
  it('must be empty or a photo id, never a URL', async () => {
    const eva = await newUser('eva');
    const { body } = await create(eva);
    const id = body.data.id as string;
    const photoId = `${randomUUID()}.png`;

    const url = await patch(eva, id, { personalInfo: { photo: 'http://169.254.169.254/latest/meta-data' } });
    const traversal = await patch(eva, id, { personalInfo: { photo: '../other-user/x.png' } });
    const ok = await patch(eva, id, { personalInfo: { photo: photoId } });
    const cleared = await patch(eva, id, { personalInfo: { photo: '' } });

    expect([url.status, url.body.error.issues]).toEqual([
      400,
      [expect.objectContaining({ path: 'personalInfo.photo' })],
    ]);
    expect(traversal.status).toBe(400);
    expect([ok.status, ok.body.data.personalInfo.photo]).toEqual([200, photoId]);
    expect([cleared.status, cleared.body.data.personalInfo.photo]).toEqual([200, '']);
  });
});

describe('duplicate', () => {
  it('copies a resume under a new id at revision 1, with an optional title', async () => {
    const fay = await newUser('fay');
    const { body } = await create(fay, { title: 'Original', firstName: 'Fay' });
    const id = body.data.id as string;
    await patch(fay, id, {
      experience: [{ id: 'e1', company: 'ACME', position: 'Dev' }],
      settings: { accentColor: '#445566' },
    });
    await patch(fay, id, { sectionTitle: { experience: 'Career' } });
    const source = (await api('GET', `/resume/id/${id}`, { token: fay.accessToken })).body.data;

    const copy = await api('POST', `/resume/${id}/duplicate`, { token: fay.accessToken });
    const named = await api('POST', `/resume/${id}/duplicate`, {
      token: fay.accessToken,
      json: { title: 'For startups' },
    });
    const overLimit = await api('POST', `/resume/${id}/duplicate`, { token: fay.accessToken });

    expect(copy.status).toBe(201);
    const { id: copyId, updatedAt, revision, title, ...content } = copy.body.data;
    const { id: _id, updatedAt: _u, revision: _r, title: _t, ...sourceContent } = source;
    expect(copyId).not.toBe(id);
    expect([revision, title, copy.headers.get('etag')]).toEqual([1, 'Original', '"1"']);
    expect(content).toEqual(sourceContent);
    expect(updatedAt > source.updatedAt).toBe(true);
    expect([named.status, named.body.data.title]).toEqual([201, 'For startups']);
    expect([overLimit.status, overLimit.body.error.code]).toEqual([403, 'RESUME_LIMIT_REACHED']);
    expect(await resumeCount(fay.sub)).toBe(3);
    expect(await storedResume(fay.sub, copyId)).toMatchObject({ revision: 1, title: 'Original' });
  });

  it("answers 404 for someone else's resume and 400 for an unknown field, copying nothing", async () => {
    const [gil, hal] = await Promise.all([newUser('gil'), newUser('hal')]);
    const { body } = await create(gil);

    const foreign = await api('POST', `/resume/${body.data.id}/duplicate`, { token: hal.accessToken });
    const unknown = await api('POST', `/resume/${body.data.id}/duplicate`, {
      token: gil.accessToken,
      json: { title: 'x', profileId: hal.sub },
    });

    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'RESUME_NOT_FOUND']);
    expect([unknown.status, unknown.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect([await resumeCount(gil.sub), await resumeCount(hal.sub)]).toEqual([1, 0]);
  });
});
