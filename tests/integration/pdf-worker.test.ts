import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { SQSEvent } from 'aws-lambda';
import { shortResume } from '../../shared/sample-resumes.ts';
import { readPdf } from '../support/pdf-text.ts';
import { info, newUser, type Session } from './support/client.ts';

// The pdf-render worker in this process, against the local cloud's DynamoDB and S3, with test seams the
// deployed handler does not have: Chromium killed or hung right before printing.

Object.assign(process.env, {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: info.credentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: info.credentials.secretAccessKey,
  AWS_ENDPOINT_URL_DYNAMODB: info.endpoints.dynamodb,
  AWS_ENDPOINT_URL_S3: info.endpoints.s3,
  TABLE_NAME: info.tableName,
  UPLOADS_BUCKET: 'local-uploads',
  EXPORTS_BUCKET: 'local-exports',
  // The failures below are on purpose; their error logs would only bury real ones.
  LOG_LEVEL: 'SILENT',
});
const { createJob, getJob } = await import('../../functions/domain/jobs.ts');
const { createResumeFromContent } = await import('../../functions/domain/resumes.ts');
const { renderPdf } = await import('../../functions/domain/pdf-render.ts');
const { browserPid, closeBrowser } = await import('../../functions/adapters/chromium.ts');
const { pdfRenderWorker } = await import('../../functions/handlers/pdf-render.ts');
const { s3Client } = await import('../../functions/adapters/s3.ts');
const { documentClient } = await import('../../functions/adapters/dynamo.ts');

jest.setTimeout(30_000);

let owner: Session;
/** Requests that reached this server: the page must never make one. */
let hits: string[] = [];
let server: Server;
let origin = '';
/** Every Chromium this file saw: none may be alive at the end. */
const pids = new Set<number>();

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  owner = await newUser('pdf-worker');
  server = createServer((request, response) => {
    hits.push(request.url ?? '');
    response.end('no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  const last = browserPid();
  if (last) pids.add(last);
  await closeBrowser();
  await new Promise((resolve) => server.close(resolve));
  // Their keep-alive sockets would hold the test process open.
  s3Client.destroy();
  documentClient.destroy();
  const deadline = Date.now() + 5_000;
  while ([...pids].some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  expect([...pids].filter(alive)).toEqual([]);
});

function record(body: object, receiveCount: number, messageId = `m-${Math.random()}`): SQSEvent {
  return {
    Records: [
      {
        messageId,
        receiptHandle: messageId,
        body: JSON.stringify(body),
        attributes: {
          ApproximateReceiveCount: String(receiveCount),
          SentTimestamp: String(Date.now()),
          SenderId: 'test',
          ApproximateFirstReceiveTimestamp: String(Date.now()),
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:local-pdf-render',
        awsRegion: 'us-east-1',
      },
    ],
  };
}

async function newJob() {
  const resume = await createResumeFromContent(
    owner.sub,
    { ...shortResume, template: 'modern' },
    { limit: null, paidAccess: async () => true },
  );
  const job = await createJob(owner.sub, 'pdf-render');
  return { message: { jobId: job.id, sub: owner.sub, resumeId: resume.id }, resume };
}

describe('the page makes no request', () => {
  it('prints an SSRF attempt in a field as text, and nothing reaches the network', async () => {
    hits = [];
    const bait = `<img src="${origin}/latest/meta-data/"> <link rel="stylesheet" href="${origin}/x.css">`;
    const rendered = await renderPdf({
      resume: { ...shortResume, personalInfo: { ...shortResume.personalInfo, summary: bait } },
      title: 'SSRF',
    });
    const pid = browserPid();
    if (pid) pids.add(pid);
    expect(rendered.blockedRequests).toEqual([]);
    expect(hits).toEqual([]);
    expect((await readPdf(rendered.bytes)).text.replace(/\s+/g, '')).toContain(bait.replace(/\s+/g, ''));
  });

  it('refuses (and reports) a request that gets past the CSP of the page', async () => {
    hits = [];
    // The page's own CSP stops what its content could ask for; a navigation is what the interception
    // layer alone has to stop.
    const rendered = await renderPdf(
      { resume: shortResume, title: 'Blocked' },
      {
        hooks: {
          beforePrint: async (page) => {
            await page.goto(`${origin}/navigate`).catch(() => undefined);
          },
        },
      },
    );
    expect(rendered.blockedRequests).toEqual([`${origin}/navigate`]);
    expect(hits).toEqual([]);
    // That page left our shell: start the next test from a fresh browser.
    const pid = browserPid();
    if (pid) pids.add(pid);
    await closeBrowser();
  });
});

describe('the pdf-render worker', () => {
  it('retries a render whose Chromium crashed, then fails the job visibly on the last receive', async () => {
    const { message } = await newJob();
    let prints = 0;
    const worker = pdfRenderWorker({
      hooks: {
        beforePrint: (page) => {
          prints += 1;
          const child = page.browser().process();
          if (child?.pid) pids.add(child.pid);
          child?.kill('SIGKILL');
        },
      },
    });

    const first = await worker(record(message, 1));
    expect(first.batchItemFailures).toHaveLength(1);
    expect(prints).toBe(2);
    expect((await getJob(owner.sub, message.jobId)).status).toBe('running');

    const last = await worker(record(message, 3));
    expect(last.batchItemFailures).toEqual([]);
    expect(await getJob(owner.sub, message.jobId)).toMatchObject({
      status: 'failed',
      errorCode: 'PDF_RENDER_FAILED',
    });
    // The killed browsers are gone (a loaded machine may take a moment to reap them), and the next render
    // starts a new one.
    const deadline = Date.now() + 10_000;
    while ([...pids].some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect([...pids].filter(alive)).toEqual([]);
    const again = await renderPdf({ resume: shortResume, title: 'After the crash' });
    expect(again.pages).toBe(1);
  });

  it('gives up on a page that hangs, closes it, and fails the job with a timeout', async () => {
    const { message } = await newJob();
    const worker = pdfRenderWorker({
      timeoutMs: 1_500,
      hooks: { beforePrint: () => new Promise<void>(() => undefined) },
    });
    const result = await worker(record(message, 3));
    expect(result.batchItemFailures).toEqual([]);
    expect(await getJob(owner.sub, message.jobId)).toMatchObject({
      status: 'failed',
      errorCode: 'PDF_RENDER_TIMEOUT',
    });
  });

  it('does not render twice when SQS delivers the same message again', async () => {
    const { message } = await newJob();
    let prints = 0;
    const worker = pdfRenderWorker({
      hooks: {
        beforePrint: () => {
          prints += 1;
        },
      },
    });
    expect((await worker(record(message, 1, 'once'))).batchItemFailures).toEqual([]);
    const done = await getJob(owner.sub, message.jobId);
    expect(done.status).toBe('succeeded');

    expect((await worker(record(message, 2, 'once'))).batchItemFailures).toEqual([]);
    expect(prints).toBe(1);
    expect(await getJob(owner.sub, message.jobId)).toEqual(done);
  });

  it('fails the job at once when its resume is gone', async () => {
    const job = await createJob(owner.sub, 'pdf-render');
    const worker = pdfRenderWorker();
    const message = { jobId: job.id, sub: owner.sub, resumeId: '00000000-0000-4000-8000-000000000000' };
    expect((await worker(record(message, 1))).batchItemFailures).toEqual([]);
    expect(await getJob(owner.sub, job.id)).toMatchObject({
      status: 'failed',
      errorCode: 'RESUME_NOT_FOUND',
    });
  });
});
