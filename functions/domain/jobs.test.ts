import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { documentClient } from '../adapters/dynamo.ts';
import { failJob, getJob, startStep } from './jobs.ts';

// The conditions themselves run against DynamoDB Local in tests/integration/jobs.test.ts; these check what
// never reaches DynamoDB.

beforeAll(() => {
  process.env.TABLE_NAME = 'unit-test-table';
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('job ids', () => {
  it.each(['x'.repeat(65), 'a#b', 'JOB#x', '', '../x'])('%j is 404 without calling DynamoDB', async (id) => {
    const spy = jest.spyOn(documentClient, 'send');
    await expect(getJob('u1', id)).rejects.toMatchObject({ code: 'JOB_NOT_FOUND', status: 404 });
    await expect(startStep('u1', id, 'rendering')).rejects.toMatchObject({ code: 'JOB_NOT_FOUND' });
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('failJob', () => {
  it('refuses an error code that is not a stable code, before writing', async () => {
    const spy = jest.spyOn(documentClient, 'send');
    await expect(failJob('u1', 'j1', 'Chromium crashed at 0x7f')).rejects.toThrow();
    expect(spy).not.toHaveBeenCalled();
  });
});
