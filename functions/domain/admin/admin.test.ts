import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { env, queueNames } from '#functions/contract';
import { documentClient } from '../../adapters/dynamo.ts';
import { healthClients } from '../../adapters/health.ts';

// What never reaches the emulators, and the branches the local cloud cannot show (no staff role lacks
// subscriptions:view; its queues do not fail). The calls themselves: tests/integration/admin-api.test.ts.

process.env.LOG_LEVEL = 'SILENT';
const { health } = await import('./health.ts');
const { setStaffRole } = await import('./staff-roles.ts');
const { deleteUser, matchesSearch, updateUser, userDetail } = await import('./users.ts');

beforeAll(() => {
  process.env.TABLE_NAME = 'unit-test-table';
});
afterEach(() => {
  jest.restoreAllMocks();
});

const profile = {
  id: 'u1',
  userId: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  locale: 'en',
  resumeCount: 2,
  aiUsageCount: 1,
  status: 'active',
  emailVerified: true,
  staffRole: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};

/** A table holding one Profile and no Subscription. */
function fakeTable() {
  return jest.spyOn(documentClient, 'send').mockImplementation((async (command: {
    constructor: { name: string };
    input: { Key?: Record<string, unknown> };
  }) => {
    if (command.constructor.name === 'GetCommand' && command.input.Key?.sk === 'PROFILE') {
      return { Item: { pk: 'USER#u1', sk: 'PROFILE', ...profile } };
    }
    return {};
  }) as never);
}

describe('matchesSearch', () => {
  it.each([
    ['ADA@', true],
    ['example.com', true],
    ['lovelace', true],
    ['ada love', true],
    ['  Ada  ', true],
    ['', true],
    ['grace', false],
  ])('%j → %s', (search, expected) => {
    expect(matchesSearch(profile, search)).toBe(expected);
  });
});

describe('user detail', () => {
  it('carries the subscription only for a role holding subscriptions:view', async () => {
    fakeTable();
    const withView = await userDetail({ sub: 'staff', role: 'support' }, 'u1');
    const without = await userDetail({ sub: 'staff', role: null }, 'u1');

    expect(withView).toHaveProperty('subscription', null);
    expect(without).not.toHaveProperty('subscription');
    expect(without.user).toMatchObject({ id: 'u1', plan: 'free', role: null, resumeCount: 2 });
  });
});

describe('not on oneself', () => {
  it('refuses update, delete and role changes of the caller before touching anything', async () => {
    const send = fakeTable();
    const me = { sub: 'u1', role: 'admin' } as const;

    await expect(updateUser(me, 'u1', { status: 'disabled' })).rejects.toMatchObject({
      code: 'CANNOT_ACT_ON_SELF',
      status: 409,
    });
    await expect(deleteUser(me, 'u1')).rejects.toMatchObject({ code: 'CANNOT_ACT_ON_SELF' });
    await expect(setStaffRole(me, 'u1', null)).rejects.toMatchObject({ code: 'CANNOT_ACT_ON_SELF' });
    expect(send).not.toHaveBeenCalled();
  });
});

describe('health', () => {
  const urls = Object.fromEntries(
    queueNames.map((name) => [name, { url: `q/${name}`, dlqUrl: `dlq/${name}` }]),
  );
  const describeTable = () =>
    jest.spyOn(healthClients.dynamo, 'send').mockImplementation((async () => ({
      Table: { TableStatus: 'ACTIVE', ItemCount: 7, TableSizeBytes: 900 },
    })) as never);

  it('is ok with every queue read and empty dead-letter queues', async () => {
    process.env[env.queueStatsUrls] = JSON.stringify(urls);
    describeTable();
    jest.spyOn(healthClients.sqs, 'send').mockImplementation((async () => ({
      Attributes: { ApproximateNumberOfMessages: '0', ApproximateNumberOfMessagesNotVisible: '1' },
    })) as never);

    const report = await health();

    expect(report.status).toBe('ok');
    expect(report.table).toEqual({ name: 'unit-test-table', status: 'ACTIVE', itemCount: 7, sizeBytes: 900 });
    expect(report.queues).toHaveLength(queueNames.length);
    expect(report.queues[0]).toMatchObject({ depth: 0, inFlight: 1, dlqDepth: 0 });
  });

  it('is degraded, never an error, when a dead-letter queue holds messages or a queue cannot be read', async () => {
    process.env[env.queueStatsUrls] = JSON.stringify({ ...urls, [queueNames[0] ?? '']: { url: 'q/x' } });
    describeTable();
    jest.spyOn(healthClients.sqs, 'send').mockImplementation((async (command: {
      input: { QueueUrl: string };
    }) => {
      if (command.input.QueueUrl === `dlq/${queueNames[1]}`)
        return { Attributes: { ApproximateNumberOfMessages: '3' } };
      return { Attributes: {} };
    }) as never);

    const report = await health();

    expect(report.status).toBe('degraded');
    expect(report.queues.find((q) => q.name === queueNames[1])?.dlqDepth).toBe(3);
    expect(report.queues.find((q) => q.name === queueNames[0])).toEqual({
      name: queueNames[0],
      depth: 0,
      inFlight: 0,
      dlqDepth: 0,
      unavailable: true,
    });
  });
});
