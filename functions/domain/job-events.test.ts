import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Job } from '#shared/jobs';

// The notifier (connection registry + management API) is mocked: what is under test is that every job
// write that happened is pushed to its owner, and that a push never decides the fate of the write.

process.env.LOG_LEVEL = 'SILENT';

const sendToUser = jest.fn<(sub: string, message: unknown) => Promise<number>>();
jest.unstable_mockModule('./push.ts', () => ({
  sendToUser,
  sendToConnection: jest.fn(),
}));

const { pushJob } = await import('./job-events.ts');
const { documentClient } = await import('../adapters/dynamo.ts');
const { createJob, failJob, finishJob, JobFinishedError, startStep } = await import('./jobs.ts');
const { logger } = await import('../lib/logger.ts');

const at = '2026-11-23T10:00:00.000Z';
const job = (overrides: Partial<Job> = {}): Job => ({
  id: 'job-1',
  type: 'pdf-render',
  status: 'queued',
  steps: [],
  createdAt: at,
  updatedAt: at,
  ...overrides,
});

/** What DynamoDB answers an UpdateCommand with ReturnValues ALL_NEW: the item, keys included. */
const stored = (j: Job) => ({ pk: 'USER#u1', sk: `JOB#${j.id}`, entity: 'Job', version: 1, ttl: 1, ...j });

beforeAll(() => {
  process.env.TABLE_NAME = 'unit-test-table';
});
afterEach(() => {
  jest.restoreAllMocks();
  sendToUser.mockReset();
});

describe('pushJob', () => {
  it("sends {type: 'job', job} to the owner's connections", async () => {
    sendToUser.mockResolvedValue(2);

    await pushJob('u1', job());

    expect(sendToUser).toHaveBeenCalledWith('u1', { type: 'job', job: job() });
  });

  it('logs a failed push instead of throwing it', async () => {
    sendToUser.mockRejectedValue(new Error('management API down'));
    const warn = jest.spyOn(logger, 'warn');

    await expect(pushJob('u1', job())).resolves.toBeUndefined();

    expect(warn).toHaveBeenCalledWith(expect.stringContaining('push failed'), expect.anything());
  });
});

describe('job writes push the job', () => {
  it('pushes a created job, a started step, a success and a failure, each as written', async () => {
    sendToUser.mockResolvedValue(1);
    const running = job({ status: 'running', steps: [{ name: 'rendering', startedAt: at }] });
    const succeeded = job({ ...running, status: 'succeeded', result: { url: 'https://x.test/a.pdf' } });
    const failed = job({ ...running, status: 'failed', errorCode: 'PDF_RENDER_FAILED' });
    const send = jest.spyOn(documentClient, 'send');
    send
      .mockResolvedValueOnce({} as never)
      .mockResolvedValueOnce({ Attributes: stored(running) } as never)
      .mockResolvedValueOnce({ Attributes: stored(succeeded) } as never)
      .mockResolvedValueOnce({ Attributes: stored(failed) } as never);

    const created = await createJob('u1', 'pdf-render');
    await startStep('u1', 'job-1', 'rendering');
    await finishJob('u1', 'job-1', { url: 'https://x.test/a.pdf' });
    await failJob('u1', 'job-1', 'PDF_RENDER_FAILED');

    expect(sendToUser.mock.calls).toEqual([
      ['u1', { type: 'job', job: created }],
      ['u1', { type: 'job', job: running }],
      ['u1', { type: 'job', job: succeeded }],
      ['u1', { type: 'job', job: failed }],
    ]);
  });

  it('still succeeds when the push fails', async () => {
    sendToUser.mockRejectedValue(new Error('GoneException storm'));
    jest.spyOn(documentClient, 'send').mockResolvedValueOnce({} as never);

    await expect(createJob('u1', 'import')).resolves.toMatchObject({ type: 'import', status: 'queued' });
  });

  it('pushes nothing when the write is refused', async () => {
    const refused = Object.assign(new Error('refused'), { name: 'ConditionalCheckFailedException' });
    jest
      .spyOn(documentClient, 'send')
      .mockRejectedValueOnce(refused as never)
      .mockResolvedValueOnce({ Item: stored(job({ status: 'succeeded', result: null })) } as never);

    await expect(startStep('u1', 'job-1', 'rendering')).rejects.toBeInstanceOf(JobFinishedError);

    expect(sendToUser).not.toHaveBeenCalled();
  });
});
