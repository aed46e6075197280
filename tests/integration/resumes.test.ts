import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { api, db, info, newUser, type Session } from './support/client.ts';

const storedResume = async (sub: string, id: string) =>
  (
    await db.send(
      new GetCommand({ TableName: info.tableName, Key: { pk: `USER#${sub}`, sk: `RESUME#${id}` } }),
    )
  ).Item;
const storedProfile = async (sub: string) =>
  (await db.send(new GetCommand({ TableName: info.tableName, Key: { pk: `USER#${sub}`, sk: 'PROFILE' } })))
    .Item;

const create = (s: Session, body: Record<string, unknown> = {}) =>
  api('POST', `/resume/create/${s.sub}`, { token: s.accessToken, json: { userId: s.sub, ...body } });

describe('resume service', () => {
  let alice: Session;
  let bob: Session;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([newUser('alice'), newUser('bob')]);
  });

  it('creates a resume with the spec defaults and digits-only phone', async () => {
    const res = await create(alice, {
      firstName: 'Alice',
      lastName: 'Smith',
      phoneNumber: '+1 (555) 010-9999',
    });

    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      title: 'My Resume',
      profileId: alice.sub,
      template: 'simple',
      personalInfo: { firstName: 'Alice', lastName: 'Smith', phone: '15550109999' },
      experience: [],
      education: [],
      skills: [],
      sectionTitle: {
        personalInfo: 'Personal Information',
        experience: 'Work Experience',
        objectives: 'Profile',
      },
    });
    expect(res.body.data).toMatchObject({
      first_name: 'Alice',
      last_name: 'Smith',
      phoneNumber: '15550109999',
      job_title: '',
      professional_summary: '',
    });
    expect(await storedResume(alice.sub, res.body.data.id)).toMatchObject({ title: 'My Resume' });
  });

  it('reads, lists, updates (lean and full) and deletes', async () => {
    const { body } = await create(alice, { title: 'Backend' });
    const id = body.data.id as string;

    const read = await api('GET', `/resume/id/${id}`, { token: alice.accessToken });
    expect(read.status).toBe(200);
    expect(read.body.data.title).toBe('Backend');

    const lean = await api('PATCH', `/resume/${id}?lean=true`, {
      token: alice.accessToken,
      json: { title: 'Backend engineer', experience: [{ id: 'e1', company: 'ACME', position: 'Dev' }] },
    });
    expect(lean.status).toBe(200);
    expect(Object.keys(lean.body.data).sort()).toEqual(['id', 'revision', 'updatedAt']);
    expect(lean.body.data.revision).toBe(2);
    expect(lean.body.data.updatedAt > body.data.updatedAt).toBe(true);

    const full = await api('PATCH', `/resume/${id}`, {
      token: alice.accessToken,
      json: { template: 'simple' },
    });
    expect(full.body.data).toMatchObject({
      title: 'Backend engineer',
      experience: [{ id: 'e1', company: 'ACME', position: 'Dev', current: false, description: '' }],
    });

    const list = await api('GET', `/resume/all/${alice.sub}`, { token: alice.accessToken });
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { id: string }) => r.id)).toContain(id);

    const deleted = await api('DELETE', `/resume/${id}`, { token: alice.accessToken });
    expect(deleted.status).toBe(204);
    expect(await storedResume(alice.sub, id)).toBeUndefined();
    expect((await api('GET', `/resume/id/${id}`, { token: alice.accessToken })).status).toBe(404);
    expect((await api('DELETE', `/resume/${id}`, { token: alice.accessToken })).body.error.code).toBe(
      'RESUME_NOT_FOUND',
    );
  });

  it('normalises lists: non-object entries dropped', async () => {
    const { body } = await create(alice);
    const res = await api('PATCH', `/resume/${body.data.id}`, {
      token: alice.accessToken,
      json: { skills: ['x', 3, null, { id: 's1', name: 'Go', skillLevelId: 'expert' }, [1]] },
    });

    expect(res.status).toBe(200);
    expect(res.body.data.skills).toEqual([{ id: 's1', name: 'Go', skillLevelId: 'expert', keywords: '' }]);
    await api('DELETE', `/resume/${body.data.id}`, { token: alice.accessToken });
  });

  it('refuses a list field sent as a non-list with 400 and keeps the stored list', async () => {
    const { body } = await create(alice);
    const id = body.data.id as string;
    const education = [{ id: 'ed1', school: 'USP', degree: 'bachelor' }];
    await api('PATCH', `/resume/${id}`, { token: alice.accessToken, json: { education } });
    const before = await storedResume(alice.sub, id);

    const res = await api('PATCH', `/resume/${id}`, {
      token: alice.accessToken,
      json: { title: 'Changed', education: 'nope' },
    });

    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(await storedResume(alice.sub, id)).toEqual(before);
    expect(before?.education).toMatchObject(education);
    await api('DELETE', `/resume/${id}`, { token: alice.accessToken });
  });

  it("answers 404 for someone else's resume on read, update and delete, and changes nothing", async () => {
    const { body } = await create(bob, { title: 'Bob only' });
    const id = body.data.id as string;

    const read = await api('GET', `/resume/id/${id}`, { token: alice.accessToken });
    const patch = await api('PATCH', `/resume/${id}`, { token: alice.accessToken, json: { title: 'pwned' } });
    const del = await api('DELETE', `/resume/${id}`, { token: alice.accessToken });
    const list = await api('GET', `/resume/all/${bob.sub}`, { token: alice.accessToken });
    const createForBob = await api('POST', `/resume/create/${bob.sub}`, {
      token: alice.accessToken,
      json: { userId: bob.sub },
    });

    expect([read.status, patch.status, del.status, list.status, createForBob.status]).toEqual([
      404, 404, 404, 404, 404,
    ]);
    expect(await storedResume(bob.sub, id)).toMatchObject({ title: 'Bob only' });
    expect((await storedProfile(bob.sub))?.resumeCount).toBe(1);
  });

  it.each([
    ['unknown field', { json: { title: 'x', admin: true } }, 'VALIDATION_FAILED'],
    ['a body id other than the path id', { json: { id: 'other-id' } }, 'VALIDATION_FAILED'],
    ['wrong type', { json: { title: 42 } }, 'VALIDATION_FAILED'],
    [
      'nested unknown field',
      { json: { personalInfo: { firstName: 'A', isAdmin: true } } },
      'VALIDATION_FAILED',
    ],
    ['over-long string', { json: { title: 'x'.repeat(201) } }, 'VALIDATION_FAILED'],
    ['malformed JSON', { raw: '{"title": "x",' }, 'MALFORMED_JSON'],
    ['non-JSON content type', { raw: 'title=x', contentType: 'text/plain' }, 'UNSUPPORTED_MEDIA_TYPE'],
    ['oversized body', { json: { title: 'x', pad: 'y'.repeat(300 * 1024) } }, 'PAYLOAD_TOO_LARGE'],
  ])('rejects a PATCH with %s with 400 %s and leaves the resume unchanged', async (_name, input, code) => {
    const { body } = await create(bob, { title: 'Stable' });
    const before = await storedResume(bob.sub, body.data.id);

    const res = await api('PATCH', `/resume/${body.data.id}`, { token: bob.accessToken, ...input });

    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
    expect(await storedResume(bob.sub, body.data.id)).toEqual(before);
    await api('DELETE', `/resume/${body.data.id}`, { token: bob.accessToken });
  });

  it('patches personal information field by field, leaving the other fields as stored', async () => {
    const { body } = await create(bob, { firstName: 'Bob', lastName: 'Stone', city: 'Recife' });

    const res = await api('PATCH', `/resume/${body.data.id}`, {
      token: bob.accessToken,
      json: { personalInfo: { jobTitle: 'Engineer' }, sectionTitle: { skills: 'Strengths' }, experience: [] },
    });
    const empty = await api('PATCH', `/resume/${body.data.id}`, {
      token: bob.accessToken,
      json: { personalInfo: {} },
    });

    expect(res.body.data.personalInfo).toMatchObject({
      firstName: 'Bob',
      lastName: 'Stone',
      city: 'Recife',
      jobTitle: 'Engineer',
    });
    expect(res.body.data.sectionTitle).toMatchObject({ skills: 'Strengths', education: 'Education' });
    expect(empty.status).toBe(200);
    await api('DELETE', `/resume/${body.data.id}`, { token: bob.accessToken });
  });

  it('never takes profileId or updatedAt from the body', async () => {
    const { body } = await create(bob);
    const res = await api('PATCH', `/resume/${body.data.id}`, {
      token: bob.accessToken,
      json: { profileId: alice.sub, updatedAt: '1999-01-01T00:00:00.000Z', title: 'Mine' },
    });

    expect(res.status).toBe(200);
    expect(res.body.data.profileId).toBe(bob.sub);
    expect(res.body.data.updatedAt).not.toBe('1999-01-01T00:00:00.000Z');
    await api('DELETE', `/resume/${body.data.id}`, { token: bob.accessToken });
  });

  it('rejects a create with unknown fields or a foreign userId in the body', async () => {
    const unknown = await create(bob, { resumeCount: 0 });
    const foreign = await api('POST', `/resume/create/${bob.sub}`, {
      token: bob.accessToken,
      json: { userId: alice.sub },
    });

    expect(unknown.body.error.code).toBe('VALIDATION_FAILED');
    expect(foreign.body.error.code).toBe('VALIDATION_FAILED');
  });
});

describe('Free plan limit', () => {
  it('refuses the fourth resume and frees a slot on delete', async () => {
    const carol = await newUser('carol');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(carol)).body.data.id);

    const fourth = await create(carol);
    expect(fourth.status).toBe(403);
    expect(fourth.body.error.code).toBe('RESUME_LIMIT_REACHED');
    expect(
      (await api('GET', `/resume/all/${carol.sub}`, { token: carol.accessToken })).body.data,
    ).toHaveLength(3);

    await api('DELETE', `/resume/${ids[0]}`, { token: carol.accessToken });
    expect((await create(carol)).status).toBe(201);
  });

  it('holds under concurrent creates: exactly three of eight succeed', async () => {
    const dave = await newUser('dave');

    const results = await Promise.all(Array.from({ length: 8 }, () => create(dave)));

    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 403)).toHaveLength(5);
    expect((await storedProfile(dave.sub))?.resumeCount).toBe(3);
  });

  it('does not limit admins (paid access)', async () => {
    const admin = info.seedUsers.find((u) => u.role === 'admin');
    if (!admin) throw new Error('no seeded admin');
    const { signIn } = await import('./support/client.ts');
    const session = await signIn(admin.email, admin.password);
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await create(session)).status);

    expect(results).toEqual([201, 201, 201, 201]);
    const me = await api('GET', '/me', { token: session.accessToken });
    expect(me.body.data.role).toBe('admin');
    expect(me.body.data.usage.resumes.limit).toBeNull();
  });
});
