import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { z } from 'zod';
import type { Job, JobStatus } from '#shared/jobs';
import type { JobContext } from '../lib/job-message.ts';

// The worker is tested against a fake domain: the job store is a map, and every write goes through the
// same status rule as the real conditional writes (tests/integration/jobs.test.ts checks those).

process.env.LOG_LEVEL = 'SILENT';

class FakeJobFinishedError extends Error {
  readonly status: JobStatus;
  constructor(jobId: string, status: JobStatus) {
    super(`Job ${jobId} is already ${status}.`);
    this.status = status;
  }
}

const store = new Map<string, Job>();
/** The attempt each job's item holds (jobs.ts keeps it beside the job). */
const attempts = new Map<string, { receive: number; startedAt: string }>();
const at = '2026-11-23T10:00:00.000Z';
const finished = (status: JobStatus) => status === 'succeeded' || status === 'failed';

const getJob = jest.fn(async (_sub: string, jobId: string) => {
  const job = store.get(jobId);
  if (!job) {
    const { AppError } = await import('../lib/app-error.ts');
    throw new AppError('JOB_NOT_FOUND', 'Job not found.');
  }
  return job;
});
const readJob = jest.fn(async (sub: string, jobId: string) => {
  const job = await getJob(sub, jobId);
  const attempt = attempts.get(jobId);
  return attempt ? { job, attempt } : { job };
});
const beginAttempt = jest.fn(async (_sub: string, jobId: string, receive: number) => {
  const job = store.get(jobId);
  if (job && finished(job.status)) throw new FakeJobFinishedError(jobId, job.status);
  attempts.set(jobId, { receive, startedAt: at });
});
const endAttempt = jest.fn(async (_sub: string, jobId: string) => {
  attempts.delete(jobId);
});
const update = (jobId: string, patch: Partial<Job>) => {
  const job = store.get(jobId);
  if (!job) throw new Error('missing');
  if (finished(job.status)) throw new FakeJobFinishedError(jobId, job.status);
  const next = { ...job, ...patch };
  store.set(jobId, next);
  return next;
};
const finishJob = jest.fn(async (_sub: string, jobId: string, result: unknown) =>
  update(jobId, { status: 'succeeded', result }),
);
const failJob = jest.fn(async (_sub: string, jobId: string, errorCode: string) =>
  update(jobId, { status: 'failed', errorCode }),
);

jest.unstable_mockModule('../domain/jobs.ts', () => ({
  getJob,
  readJob,
  beginAttempt,
  endAttempt,
  finishJob,
  failJob,
  JobFinishedError: FakeJobFinishedError,
}));

const { jobWorker } = await import('./job-worker.ts');
const { jobMessageSchema, JobError } = await import('../lib/job-message.ts');
const { AppError } = await import('../lib/app-error.ts');

const schema = jobMessageSchema.extend({ resumeId: z.string() });
type Message = z.infer<typeof schema>;
const work = jest.fn<(message: Message, context: JobContext) => Promise<unknown>>();
// pdf-render's queue has maxReceiveCount 3 in the manifest.
const handler = jobWorker({ queue: 'pdf-render', schema, failureCode: 'PDF_RENDER_FAILED', work });

function seed(id: string, status: JobStatus = 'queued'): void {
  store.set(id, { id, type: 'pdf-render', status, steps: [], createdAt: at, updatedAt: at });
}
function record(body: unknown, receiveCount = 1, messageId = `m-${Math.random()}`): SQSRecord {
  return {
    messageId,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    attributes: { ApproximateReceiveCount: String(receiveCount) },
  } as unknown as SQSRecord;
}
const event = (...records: SQSRecord[]): SQSEvent => ({ Records: records });
const message = (jobId: string) => ({ jobId, sub: 'u1', resumeId: 'r1' });

beforeEach(() => {
  store.clear();
  attempts.clear();
  jest.clearAllMocks();
});

describe('jobWorker', () => {
  it('refuses an invalid body as a reported failure, not a throw, and does no work', async () => {
    const bad = record({ jobId: 'j1' }, 1, 'bad');
    const notJson = record('{not json', 1, 'not-json');

    const response = await handler(event(bad, notJson));

    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'bad' }, { itemIdentifier: 'not-json' }]);
    expect(work).not.toHaveBeenCalled();
  });

  it('fails the job on the last receive of a body that still names its job', async () => {
    seed('j1');
    const response = await handler(event(record({ jobId: 'j1', sub: 'u1' }, 3, 'm1')));

    expect(response.batchItemFailures).toEqual([]);
    expect(store.get('j1')).toMatchObject({ status: 'failed', errorCode: 'PDF_RENDER_FAILED' });
  });

  it('runs the work and stores its result as the job result', async () => {
    seed('j1');
    work.mockResolvedValueOnce({ url: 'https://example.test/a.pdf' });

    const response = await handler(event(record(message('j1'))));

    expect(response.batchItemFailures).toEqual([]);
    expect(work).toHaveBeenCalledWith(
      message('j1'),
      expect.objectContaining({ receiveCount: 1, lastReceive: false }),
    );
    expect(store.get('j1')).toMatchObject({
      status: 'succeeded',
      result: { url: 'https://example.test/a.pdf' },
    });
  });

  it('reports a failure before the last receive for SQS to deliver again, leaving the job unfinished', async () => {
    seed('j1');
    seed('j2');
    work.mockRejectedValueOnce(new Error('chromium crashed')).mockResolvedValueOnce('ok');

    const response = await handler(event(record(message('j1'), 2, 'm1'), record(message('j2'), 1, 'm2')));

    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    expect(store.get('j1')?.status).toBe('queued');
    expect(store.get('j2')?.status).toBe('succeeded');
    expect(failJob).not.toHaveBeenCalled();
  });

  it('on the last receive marks the job failed with its code and acknowledges the message', async () => {
    seed('j1');
    seed('j2');
    seed('j3');
    work
      .mockRejectedValueOnce(new Error('chromium crashed'))
      .mockRejectedValueOnce(new JobError('PDF_TOO_LARGE', 'too many pages'))
      .mockRejectedValueOnce(new AppError('PRO_REQUIRED', 'lapsed'));

    const response = await handler(
      event(record(message('j1'), 3), record(message('j2'), 3), record(message('j3'), 4)),
    );

    expect(response.batchItemFailures).toEqual([]);
    expect(store.get('j1')).toMatchObject({ status: 'failed', errorCode: 'PDF_RENDER_FAILED' });
    expect(store.get('j2')).toMatchObject({ status: 'failed', errorCode: 'PDF_TOO_LARGE' });
    expect(store.get('j3')).toMatchObject({ status: 'failed', errorCode: 'PRO_REQUIRED' });
    expect(work.mock.calls.map(([, context]) => context.lastReceive)).toEqual([true, true, true]);
  });

  it('fails a job whose earlier delivery was stopped mid-work (killed) with the stopped code, without working again', async () => {
    const stopping = jobWorker({
      queue: 'pdf-render',
      schema,
      failureCode: 'PDF_RENDER_FAILED',
      stoppedCode: 'PDF_TOO_LARGE',
      work,
    });
    seed('j1');
    // The first delivery's work never returns: its function is killed (out of memory) and says nothing.
    work.mockImplementationOnce(() => new Promise(() => undefined));
    void stopping(event(record(message('j1'), 1, 'm1')));
    await new Promise((resolve) => setImmediate(resolve));

    const response = await stopping(event(record(message('j1'), 2, 'm1')));

    expect(response.batchItemFailures).toEqual([]);
    expect(store.get('j1')).toMatchObject({ status: 'failed', errorCode: 'PDF_TOO_LARGE' });
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs again after an attempt that failed and said so: only a silent attempt is a stopped one', async () => {
    seed('j1');
    work.mockRejectedValueOnce(new Error('DynamoDB throttled')).mockResolvedValueOnce('ok');

    const first = await handler(event(record(message('j1'), 1, 'm1')));
    const second = await handler(event(record(message('j1'), 2, 'm1')));

    expect(first.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    expect(second.batchItemFailures).toEqual([]);
    expect(store.get('j1')).toMatchObject({ status: 'succeeded', result: 'ok' });
    expect(work).toHaveBeenCalledTimes(2);
  });

  it('retries when even marking the job failed fails, so the user still sees the end later', async () => {
    seed('j1');
    work.mockRejectedValueOnce(new Error('boom'));
    failJob.mockRejectedValueOnce(new Error('DynamoDB throttled'));

    const response = await handler(event(record(message('j1'), 3, 'm1')));

    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
  });

  it.each(['succeeded', 'failed'] as const)('skips a redelivered message of a %s job', async (status) => {
    seed('j1', status);

    const response = await handler(event(record(message('j1'), 2)));

    expect(response.batchItemFailures).toEqual([]);
    expect(work).not.toHaveBeenCalled();
    expect(finishJob).not.toHaveBeenCalled();
    expect(failJob).not.toHaveBeenCalled();
    expect(store.get('j1')?.status).toBe(status);
  });

  it('acknowledges work that finds its job finished by another delivery meanwhile', async () => {
    seed('j1');
    work.mockImplementationOnce(async () => {
      store.set('j1', { ...(store.get('j1') as Job), status: 'succeeded' });
      return 'late';
    });

    const response = await handler(event(record(message('j1'))));

    expect(response.batchItemFailures).toEqual([]);
    expect(store.get('j1')?.result).toBeUndefined();
  });

  it('acknowledges a message whose job does not exist, without working', async () => {
    const response = await handler(event(record(message('gone'))));

    expect(response.batchItemFailures).toEqual([]);
    expect(work).not.toHaveBeenCalled();
  });

  it('refuses a queue the manifest does not declare and a failure code that is not a code', () => {
    expect(() => jobWorker({ queue: 'fax' as 'import', schema, failureCode: 'X', work })).toThrow(/No queue/);
    expect(() => jobWorker({ queue: 'import', schema, failureCode: 'oops', work })).toThrow();
  });
});
