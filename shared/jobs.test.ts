import { describe, expect, it } from '@jest/globals';
import {
  canTransition,
  isStepOf,
  type JobStatus,
  jobSchema,
  jobSteps,
  statusesBefore,
  typesWithStep,
} from './jobs.ts';

describe('canTransition', () => {
  // Every cell of the matrix: rows are `from`, columns are `to`.
  const matrix: [JobStatus, Record<JobStatus, boolean>][] = [
    ['queued', { queued: false, running: true, succeeded: true, failed: true }],
    ['running', { queued: false, running: true, succeeded: true, failed: true }],
    ['succeeded', { queued: false, running: false, succeeded: false, failed: false }],
    ['failed', { queued: false, running: false, succeeded: false, failed: false }],
  ];
  const cells = matrix.flatMap(([from, row]) =>
    Object.entries(row).map(([to, allowed]) => [from, to as JobStatus, allowed] as const),
  );

  it.each(cells)('%s -> %s is %s', (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
  });

  it('gives each write the statuses it may start from', () => {
    expect(statusesBefore('running')).toEqual(['queued', 'running']);
    expect(statusesBefore('succeeded')).toEqual(['queued', 'running']);
    expect(statusesBefore('failed')).toEqual(['queued', 'running']);
    expect(statusesBefore('queued')).toEqual([]);
  });
});

describe('steps', () => {
  it('follow the spec for each job type', () => {
    expect(jobSteps.import).toEqual(['uploading', 'parsing', 'saving', 'finalizing']);
    expect(jobSteps.tailoring).toEqual([
      'parsing job description',
      'analyzing resume',
      'generating suggestions',
      'finalizing',
    ]);
    expect(jobSteps['cover-letter']).toEqual(['analyzing', 'matching', 'writing', 'finalizing']);
    expect(jobSteps['pdf-render']).toEqual(['rendering', 'storing']);
  });

  it('belong to their own type only', () => {
    expect(isStepOf('import', 'parsing')).toBe(true);
    expect(isStepOf('pdf-render', 'parsing')).toBe(false);
    expect(typesWithStep('finalizing')).toEqual(['import', 'tailoring', 'cover-letter']);
    expect(typesWithStep('rendering')).toEqual(['pdf-render']);
    expect(typesWithStep('nope')).toEqual([]);
  });
});

describe('jobSchema', () => {
  const at = '2026-11-23T10:00:00.000Z';
  const job = {
    id: 'j1',
    type: 'pdf-render',
    status: 'running',
    steps: [{ name: 'rendering', startedAt: at }],
    createdAt: at,
    updatedAt: at,
  };

  it('accepts a running job and a finished one with any JSON result', () => {
    expect(jobSchema.safeParse(job).success).toBe(true);
    expect(jobSchema.safeParse({ ...job, status: 'succeeded', result: { url: 'x', n: [1] } }).success).toBe(
      true,
    );
  });

  it('refuses a step of another type', () => {
    const parsed = jobSchema.safeParse({ ...job, steps: [{ name: 'parsing', startedAt: at }] });
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['steps.0.name']);
  });

  it('ties the error code to the failed status', () => {
    expect(jobSchema.safeParse({ ...job, status: 'failed', errorCode: 'PDF_RENDER_FAILED' }).success).toBe(
      true,
    );
    expect(jobSchema.safeParse({ ...job, status: 'failed' }).success).toBe(false);
    expect(jobSchema.safeParse({ ...job, errorCode: 'PDF_RENDER_FAILED' }).success).toBe(false);
    expect(jobSchema.safeParse({ ...job, status: 'failed', errorCode: 'not a code' }).success).toBe(false);
  });

  it('refuses unknown types, statuses and fields', () => {
    expect(jobSchema.safeParse({ ...job, type: 'fax' }).success).toBe(false);
    expect(jobSchema.safeParse({ ...job, status: 'paused' }).success).toBe(false);
    expect(jobSchema.safeParse({ ...job, sub: 'u1' }).success).toBe(false);
  });
});
