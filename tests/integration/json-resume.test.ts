import { readFileSync } from 'node:fs';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { JsonResume } from '../../functions/domain/json-resume/document.ts';
import { fromJsonResume } from '../../functions/domain/json-resume/from-json-resume.ts';
import { toJsonResume } from '../../functions/domain/json-resume/to-json-resume.ts';
import { validateJsonResume } from '../../functions/domain/json-resume/validate.ts';
import { importedResumeTitle, titleDate } from '../../shared/resume-title.ts';
import { api, db, info, newUser, type Session } from './support/client.ts';

const fixtures = [
  ['sample', 'en'],
  ['full', 'en'],
  ['pt-br', 'pt-BR'],
  ['odd', 'en'],
] as const;
const fixture = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../fixtures/json-resume/${name}.resume.json`, import.meta.url), 'utf8'),
  ) as JsonResume;

const importDocument = (s: Session, document: unknown, query = '') =>
  api('POST', `/resume/import/json-resume${query}`, { token: s.accessToken, json: document });
const exportDocument = (s: Session, id: string, query = '?format=json-resume') =>
  fetch(`${info.url}/api/resume/${id}/export${query}`, {
    headers: { authorization: `Bearer ${s.accessToken}` },
  });

describe('JSON Resume import and export', () => {
  let pro: Session;
  beforeAll(async () => {
    pro = await newUser('jsonresume');
    // Four fixtures are more than the Free plan's three resumes.
    await db.send(
      new PutCommand({
        TableName: info.tableName,
        Item: {
          pk: `USER#${pro.sub}`,
          sk: 'SUBSCRIPTION',
          subscriptionType: 'proLifetime',
          status: 'active',
          profileId: pro.sub,
        },
      }),
    );
  });

  it.each(fixtures)(
    'imports the %s fixture through the API and exports it back with every field that has a home',
    async (name, language) => {
      const document = fixture(name);
      const expected = fromJsonResume(document, { language });

      const imported = await importDocument(pro, document, `?language=${language}`);
      const exported = await exportDocument(pro, imported.body.data.id);
      const exportedDocument = (await exported.json()) as JsonResume;

      expect(imported.status).toBe(201);
      const { id, profileId, updatedAt, revision, ...content } = imported.body.data;
      expect({ profileId, revision, etag: imported.headers.get('etag') }).toEqual({
        profileId: pro.sub,
        revision: 1,
        etag: '"1"',
      });
      // Named by its job title and the day (no file name was given), not "<first name>'s Resume".
      const title = importedResumeTitle({
        jobTitle: expected.personalInfo.jobTitle,
        dateLabel: titleDate(new Date(), language, 'UTC'),
        language,
      });
      expect(content).toEqual({ ...expected, title });
      expect(exported.status).toBe(200);
      expect(exported.headers.get('content-type')).toMatch(/^application\/json\b/);
      expect(exported.headers.get('content-disposition')).toMatch(
        /^attachment; filename="[A-Za-z0-9 ._-]+\.json"/,
      );
      // The export is a valid document, and what the mapping (tested field by field in
      // functions/domain/json-resume/json-resume.test.ts) makes of the fixture: nothing is lost between the file and the API.
      expect(validateJsonResume(exportedDocument).ok).toBe(true);
      expect(exportedDocument).toEqual(toJsonResume(expected));
      expect(exportedDocument.basics?.name).toBe(document.basics?.name?.trim().split(/\s+/).join(' '));
      expect(exportedDocument.work?.map((w) => w.name)).toEqual(document.work?.map((w) => w.name));
      expect(exportedDocument.meta?.resumeBuilder?.language).toBe(language);
    },
  );

  it('names the download after the title, folding accents, with the exact title as UTF-8 too', async () => {
    const imported = await importDocument(pro, fixture('pt-br'), '?language=pt-BR');
    const title = imported.body.data.title as string;

    const exported = await exportDocument(pro, imported.body.data.id);

    // Named by its job title and the day (no file name was given), with an accent to fold.
    expect(title).toMatch(/^Engenheira de Dados Sênior · \d{1,2} de [a-z]{3}\. de \d{4}$/);
    expect(exported.headers.get('content-disposition')).toBe(
      `attachment; filename="${title.normalize('NFD').replace(/\p{M}/gu, '').replace('·', '-')}.json"; filename*=UTF-8''${encodeURIComponent(`${title}.json`)}`,
    );
  });

  it.each([
    ['a wrong type', { basics: { name: 42 } }, 'basics.name'],
    ['a list that is not a list', { work: 'everywhere' }, 'work'],
    ['a malformed date', { work: [{ name: 'ACME', startDate: 'last spring' }] }, 'work.0.startDate'],
    ['a malformed e-mail', { basics: { email: 'not-an-email' } }, 'basics.email'],
    ['not an object', ['a', 'b'], ''],
  ])(
    'refuses a document with %s with 400 VALIDATION_FAILED naming the field',
    async (_name, document, path) => {
      const free = await newUser('badjson');

      const res = await importDocument(free, document);

      expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(res.body.error.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
      expect((await api('GET', `/resume/all/${free.sub}`, { token: free.accessToken })).body.data).toEqual(
        [],
      );
    },
  );

  it('refuses an unknown language and counts imports against the Free limit', async () => {
    const free = await newUser('freejson');

    const badLanguage = await importDocument(free, fixture('sample'), '?language=fr');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await importDocument(free, fixture('sample'))).status);
    const fourth = await importDocument(free, fixture('sample'));

    expect([badLanguage.status, badLanguage.body.error.issues[0].path]).toEqual([400, 'language']);
    expect(statuses).toEqual([201, 201, 201, 403]);
    expect(fourth.body.error.code).toBe('RESUME_LIMIT_REACHED');
  });

  it("refuses other export formats with 400 and someone else's resume with 404", async () => {
    const other = await newUser('otherjson');
    const { body } = await importDocument(pro, fixture('sample'));

    const pdf = await exportDocument(pro, body.data.id, '?format=pdf');
    const none = await exportDocument(pro, body.data.id, '');
    const foreign = await exportDocument(other, body.data.id);
    const impossible = await exportDocument(pro, 'x'.repeat(2000));

    expect([pdf.status, ((await pdf.json()) as { error: { code: string } }).error.code]).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);
    expect(none.status).toBe(400);
    expect([foreign.status, impossible.status]).toEqual([404, 404]);
  });
});
