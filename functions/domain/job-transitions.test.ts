import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { Job } from '#shared/jobs';
import type { JobMove } from '../adapters/table/jobs.ts';

// The moves of a job as rules over an in-memory jobs repository that holds the conditions the table holds
// (status among `from`, the step's job types): what the domain asks for, and how it tells a finished job, a
// missing one and a step of another job type apart once the write is refused.

process.env.LOG_LEVEL = 'SILENT';

const jobs = new Map<string, Record<string, unknown>>();
const moves: JobMove[] = [];

class JobWriteRefused extends Error {}

jest.unstable_mockModule('../adapters/table/jobs.ts', () => ({
  JOB_TTL_SECONDS: 604_800,
  JobWriteRefused,
  insertJob: async (_sub: string, job: Job) => {
    jobs.set(job.id, { ...job });
  },
  readJobItem: async (_sub: string, jobId: string) => {
    const job = jobs.get(jobId);
    return job ? { ...job } : null;
  },
  setAttempt: async () => undefined,
  removeAttempt: async () => undefined,
  moveJob: async (_sub: string, jobId: string, move: JobMove) => {
    moves.push(move);
    const job = jobs.get(jobId);
    const type = job?.type as string | undefined;
    const stepTypes = Object.entries(move.values ?? {})
      .filter(([name]) => name.startsWith(':type'))
      .map(([, value]) => value);
    const typeHolds = !move.extra?.includes('#type') || stepTypes.includes(type);
    if (!job || !move.from.includes(job.status as Job['status']) || !typeHolds) {
      throw new JobWriteRefused('refused');
    }
    // The attributes a move sets by name (`#result = :result`, `#errorCode = :errorCode`).
    const set = Object.values(move.names ?? {}).flatMap((name) =>
      move.values && `:${name}` in move.values ? [[name, move.values[`:${name}`]]] : [],
    );
    const next = { ...job, ...Object.fromEntries(set), status: move.to };
    jobs.set(jobId, next);
    return next;
  },
}));
jest.unstable_mockModule('./job-events.ts', () => ({ pushJob: async () => undefined }));

const { createJob, failJob, finishJob, JobFinishedError, startStep } = await import('./jobs.ts');

beforeEach(() => {
  jobs.clear();
  moves.length = 0;
});

describe('job moves', () => {
  it('moves a queued job to running and on to succeeded, from the statuses the rules allow', async () => {
    const job = await createJob('u1', 'pdf-render');

    await expect(startStep('u1', job.id, 'rendering')).resolves.toMatchObject({ status: 'running' });
    await expect(finishJob('u1', job.id, { url: 'x' })).resolves.toMatchObject({ status: 'succeeded' });
    expect(moves.map((m) => [m.to, m.from])).toEqual([
      ['running', ['queued', 'running']],
      ['succeeded', ['queued', 'running']],
    ]);
  });

  it('refuses to move a finished job with JobFinishedError, naming its status', async () => {
    const job = await createJob('u1', 'pdf-render');
    await failJob('u1', job.id, 'PDF_RENDER_FAILED');

    const refusal = await startStep('u1', job.id, 'storing').catch((e: unknown) => e);

    expect(refusal).toBeInstanceOf(JobFinishedError);
    expect((refusal as InstanceType<typeof JobFinishedError>).status).toBe('failed');
  });

  it("answers VALIDATION_FAILED for a step of another job type, and JOB_NOT_FOUND for a job that isn't there", async () => {
    const job = await createJob('u1', 'pdf-render');

    await expect(startStep('u1', job.id, 'parsing')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(startStep('u1', 'gone', 'rendering')).rejects.toMatchObject({ code: 'JOB_NOT_FOUND' });
  });
});
