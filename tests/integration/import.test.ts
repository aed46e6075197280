import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetQueueAttributesCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { importResultSchema } from '../../shared/imports.ts';
import { makePdf, makePdfBomb, makeZip } from '../support/make-files.ts';
import { api, info, newUser, type Session } from './support/client.ts';
import { waitForJob } from './support/jobs.ts';

// The whole import path through the local cloud: POST /api/uploads, the browser's POST to s3rver, the
// object-created event on the import queue, the worker, and the resume it saves.

const s3 = new S3Client({
  endpoint: info.endpoints.s3,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: info.credentials,
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});
const sqs = new SQSClient({
  endpoint: info.endpoints.sqs,
  region: 'us-east-1',
  credentials: info.credentials,
});

const fixture = (name: string) =>
  new Uint8Array(readFileSync(resolve(import.meta.dirname, '../fixtures/import/files', name)));
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

interface Upload {
  jobId: string;
  url: string;
  fields: Record<string, string>;
  maxBytes: number;
}

const requestUpload = (s: Session, json: object) =>
  api<{ data: Upload; error: { code: string } }>('POST', '/uploads', { token: s.accessToken, json });

/** The browser's part: the form fields, then the file, POSTed straight to the bucket. */
async function postToBucket(upload: Upload, bytes: Uint8Array, type: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'resume');
  const response = await fetch(upload.url, { method: 'POST', body: form, headers: { origin: info.url } });
  expect(response.status).toBeLessThan(300);
}

/** Upload a file as the browser would and follow its job to the end. */
async function importFile(s: Session, bytes: Uint8Array, contentType: string, language?: string) {
  const { status, body } = await requestUpload(s, { contentType, size: bytes.byteLength, language });
  expect(status).toBe(200);
  await postToBucket(body.data, bytes, contentType);
  return { upload: body.data, job: await waitForJob(s, body.data.jobId, 60_000) };
}

const importQueue = () => info.queues.import ?? { url: '', dlqUrl: '' };

/** Messages in a queue, visible or being worked on. */
async function depth(queueUrl: string): Promise<number> {
  const { Attributes } = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return (
    Number(Attributes?.ApproximateNumberOfMessages) +
    Number(Attributes?.ApproximateNumberOfMessagesNotVisible)
  );
}

/** Send a message to the import queue and wait until the worker has acknowledged it. */
async function sendAndDrain(body: unknown) {
  await sqs.send(new SendMessageCommand({ QueueUrl: importQueue().url, MessageBody: JSON.stringify(body) }));
  const deadline = Date.now() + 20_000;
  while ((await depth(importQueue().url)) > 0) {
    if (Date.now() > deadline) throw new Error('the import queue did not drain');
    await new Promise((r) => setTimeout(r, 200));
  }
}

const stepNames = (job: { steps: { name: string }[] }) => job.steps.map((s) => s.name);

// Each import starts a parsing thread and may wait on the queue poller.
jest.setTimeout(60_000);

let ana: Session;
let ben: Session;
beforeAll(async () => {
  [ana, ben] = await Promise.all([newUser('import-ana'), newUser('import-ben')]);
});

describe('POST /api/uploads', () => {
  it("answers a presigned form for a server-made key under the caller's prefix, pinned type and size", async () => {
    const { status, body } = await requestUpload(ana, { contentType: PDF, size: 1000 });
    const upload = body.data;
    const policy = JSON.parse(Buffer.from(upload.fields.Policy ?? '', 'base64').toString('utf8'));
    const job = await api('GET', `/jobs/${upload.jobId}`, { token: ana.accessToken });

    expect(status).toBe(200);
    expect(upload.fields.key).toBe(`users/${ana.sub}/imports/${upload.jobId}.pdf`);
    expect(upload.maxBytes).toBe(10 * 1024 * 1024);
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['eq', '$Content-Type', PDF],
        ['content-length-range', 1, 10 * 1024 * 1024],
      ]),
    );
    // Five minutes, give or take the clock.
    const expires = Date.parse(policy.expiration) - Date.now();
    expect(expires).toBeGreaterThan(4 * 60_000);
    expect(expires).toBeLessThanOrEqual(5 * 60_000);
    expect(job.body.data).toMatchObject({
      type: 'import',
      status: 'running',
      steps: [{ name: 'uploading' }],
    });
  });

  it('refuses other types, oversized files and a key chosen by the client', async () => {
    const responses = await Promise.all([
      requestUpload(ana, { contentType: 'image/png', size: 10 }),
      requestUpload(ana, { contentType: PDF, size: 10 * 1024 * 1024 + 1 }),
      requestUpload(ana, { contentType: PDF, size: 10, key: `users/${ben.sub}/imports/x.pdf` }),
    ]);
    for (const response of responses) {
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('needs a signed-in caller', async () => {
    const response = await api('POST', '/uploads', { json: { contentType: PDF, size: 10 } });
    expect(response.status).toBe(401);
  });
});

describe('the import worker', () => {
  it('turns an uploaded PDF into a resume through the four steps, then deletes the upload', async () => {
    const { upload, job } = await importFile(ana, fixture('openresume-resume.pdf'), PDF);

    expect(job.status).toBe('succeeded');
    expect(stepNames(job)).toEqual(['uploading', 'parsing', 'saving', 'finalizing']);
    const result = importResultSchema.parse(job.result);
    expect(result.kind).toBe('pdf');
    const resume = await api('GET', `/resume/id/${result.resumeId}`, { token: ana.accessToken });
    expect(resume.status).toBe(200);
    expect(resume.body.data.personalInfo.email).toMatch(/@/);
    expect(resume.body.data.experience.length).toBeGreaterThan(0);
    await expect(
      s3.send(new HeadObjectCommand({ Bucket: 'local-uploads', Key: upload.fields.key })),
    ).rejects.toMatchObject({ name: 'NotFound' });
  });

  it('reads a scanned PDF with OCR, says so, and leaves the scan and its fields to check on the resume', async () => {
    const dana = await newUser('import-dana');
    const scan = new Uint8Array(
      readFileSync(resolve(import.meta.dirname, '../fixtures/ocr/maya-chen.scan.pdf')),
    );
    const { job } = await importFile(dana, scan, PDF);

    expect(job.status).toBe('succeeded');
    const result = importResultSchema.parse(job.result);
    expect(result.ocr).toBe(true);
    const { body } = await api('GET', `/resume/id/${result.resumeId}`, { token: dana.accessToken });
    const resume = body.data;
    expect(resume.personalInfo).toMatchObject({ firstName: 'Maya', email: 'maya.chen.rn@example.com' });
    expect(resume.experience.length).toBeGreaterThan(0);
    // What to check is kept with the resume, list items named by id (not by index): a reorder keeps it.
    expect(resume.importReview.scan).toBe(true);
    expect(resume.importReview.uncertain).toHaveLength(result.uncertain.length);
    const ids = new Set(resume.experience.map((item: { id: string }) => item.id));
    for (const path of resume.importReview.uncertain as string[]) {
      const [section, ...rest] = path.split('.');
      if (section === 'personalInfo') expect(rest).toHaveLength(1);
      else expect(ids.has(rest.slice(0, -1).join('.'))).toBe(true);
    }
  });

  it('imports a JSON Resume file in the language asked for', async () => {
    const json = { basics: { name: 'Bruna Lima', email: 'bruna@example.com' }, work: [{ name: 'Acme' }] };
    const bytes = new TextEncoder().encode(JSON.stringify(json));
    const { job } = await importFile(ben, bytes, 'application/json', 'pt-BR');
    const result = importResultSchema.parse(job.result);
    const resume = await api('GET', `/resume/id/${result.resumeId}`, { token: ben.accessToken });

    expect(resume.body.data.personalInfo.firstName).toBe('Bruna');
    expect(resume.body.data.settings.language).toBe('pt-BR');
  });

  it('refuses a PNG uploaded as a PDF with IMPORT_INVALID_TYPE', async () => {
    const { job } = await importFile(ana, png, PDF);
    expect(job).toMatchObject({ status: 'failed', errorCode: 'IMPORT_INVALID_TYPE' });
  });

  it('refuses a DOCX zip bomb, a 20-page PDF and a password-protected PDF with their codes', async () => {
    const bomb = makeZip([{ name: 'word/document.xml', data: new Uint8Array(80 * 1024 * 1024) }]);
    const [bombed, long, locked] = await Promise.all([
      importFile(ana, bomb, DOCX),
      importFile(ana, makePdf(20), PDF),
      importFile(ana, makePdf(1, { encrypted: true }), PDF),
    ]);
    expect(bombed.job).toMatchObject({ status: 'failed', errorCode: 'IMPORT_ARCHIVE_TOO_LARGE' });
    expect(long.job).toMatchObject({ status: 'failed', errorCode: 'IMPORT_TOO_MANY_PAGES' });
    expect(locked.job).toMatchObject({ status: 'failed', errorCode: 'IMPORT_ENCRYPTED' });
  });

  it('refuses a 1.5 MB PDF whose content stream inflates to 1.6 GB with IMPORT_TOO_COMPLEX, at once', async () => {
    const bomb = makePdfBomb(1_600_000_000);
    const started = Date.now();

    const { job } = await importFile(ana, bomb, PDF);

    expect(job).toMatchObject({ status: 'failed', errorCode: 'IMPORT_TOO_COMPLEX' });
    // Refused by the stream count, not by the 20 s parse timeout it used to reach.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("does nothing with an upload key under another user's prefix", async () => {
    // Ben asks for an upload; an event then names Ben's job under Ana's prefix (a forged or misrouted key).
    const { body } = await requestUpload(ben, { contentType: PDF, size: 100 });
    const forged = {
      Records: [
        {
          eventName: 'ObjectCreated:Post',
          s3: {
            bucket: { name: 'local-uploads' },
            object: { key: `users/${ana.sub}/imports/${body.data.jobId}.pdf`, size: 100 },
          },
        },
      ],
    };
    const before = await api('GET', `/resume/all/${ana.sub}`, { token: ana.accessToken });
    await sendAndDrain(forged);
    const job = await api('GET', `/jobs/${body.data.jobId}`, { token: ben.accessToken });
    const after = await api('GET', `/resume/all/${ana.sub}`, { token: ana.accessToken });

    expect(job.body.data).toMatchObject({ status: 'running', steps: [{ name: 'uploading' }] });
    expect(after.body.data.length).toBe(before.body.data.length);
    // And Ana cannot read Ben's job.
    expect((await api('GET', `/jobs/${body.data.jobId}`, { token: ana.accessToken })).status).toBe(404);
  });

  it("acknowledges and drops S3's s3:TestEvent and events that are not an import upload", async () => {
    await sendAndDrain({ Service: 'Amazon S3', Event: 's3:TestEvent', Bucket: 'local-uploads' });
    await sendAndDrain({
      Records: [
        {
          eventName: 'ObjectCreated:Put',
          s3: { bucket: { name: 'local-uploads' }, object: { key: 'users/x/notes.txt' } },
        },
      ],
    });
    expect(await depth(importQueue().dlqUrl)).toBe(0);
  });

  it('refuses an upload at the Free limit before anything is uploaded', async () => {
    const carl = await newUser('import-carl');
    for (let i = 0; i < 3; i++) {
      await api('POST', `/resume/create/${carl.sub}`, {
        token: carl.accessToken,
        json: { userId: carl.sub },
      });
    }
    const response = await requestUpload(carl, { contentType: PDF, size: 100 });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('RESUME_LIMIT_REACHED');
  });
});
