import { describe, expect, test } from '@jest/globals';
import { functionNames, httpRoutes, maxReceiveCount, queueNames } from '#functions/contract';
import { functions, type QueueDef, queues } from '#infra/app-manifest';
import { staffRoutesWithoutPermission, visibilityTimeoutProblems } from '#infra/manifest-rules';

const queue = (overrides: Partial<QueueDef>): QueueDef => ({
  name: 'pdf-render',
  consumer: 'jobs',
  batchSize: 1,
  maxReceiveCount: 3,
  visibilityTimeoutSeconds: 60,
  ...overrides,
});

describe('queue visibility timeout (at least six times its consumer timeout)', () => {
  test('every consumed queue of the manifest satisfies it', () => {
    expect(visibilityTimeoutProblems(queues, functions)).toEqual([]);
  });

  test('exactly six times is enough; one second less is reported with the numbers', () => {
    const consumers = { jobs: { timeoutSeconds: 10 } };

    const atLimit = visibilityTimeoutProblems([queue({ visibilityTimeoutSeconds: 60 })], consumers);
    const below = visibilityTimeoutProblems([queue({ visibilityTimeoutSeconds: 59 })], consumers);

    expect(atLimit).toEqual([]);
    expect(below).toEqual(["pdf-render: visibilityTimeoutSeconds 59 < 6 × jobs's timeoutSeconds 10 (60)"]);
  });

  test('a queue without a consumer is not checked; an unknown consumer is reported', () => {
    const problems = visibilityTimeoutProblems(
      [
        queue({ name: 'import', consumer: undefined, visibilityTimeoutSeconds: 1 }),
        queue({ name: 'tailoring' }),
      ],
      {},
    );

    expect(problems).toEqual(['tailoring: consumer jobs is not a manifest function']);
  });
});

describe('staff routes fail closed', () => {
  test('every staff route of the manifest names the permission it needs', () => {
    expect(staffRoutesWithoutPermission(httpRoutes)).toEqual([]);
  });

  test('a staff route without a permission is reported', () => {
    expect(
      staffRoutesWithoutPermission([
        { method: 'GET', path: '/api/admin/open', function: 'admin', auth: 'staff' },
        { method: 'GET', path: '/api/admin/ok', function: 'admin', auth: 'staff', permission: 'users:view' },
        { method: 'GET', path: '/api/me', function: 'me', auth: 'user' },
      ]),
    ).toEqual(['GET /api/admin/open']);
  });
});

describe('the manifest builds on the functions’ runtime contract', () => {
  test('it gives every function of the contract an entry, and no other', () => {
    expect(Object.keys(functions).sort()).toEqual([...functionNames].sort());
  });

  test('it declares every queue of the contract with the receives the worker expects', () => {
    expect(queues.map((q) => q.name).sort()).toEqual([...queueNames].sort());
    for (const q of queues) expect(q.maxReceiveCount).toBe(maxReceiveCount[q.name]);
  });
});
