import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createResume, deleteResume, updateResume } from '../../domain/resumes.ts';
import { documentClient } from '../dynamo.ts';

// DynamoDB Local runs transactions one at a time, so conflicts and size refusals never happen there: these
// tests play DynamoDB's answers to the resumes repository and check what the API (functions/domain/resumes.ts)
// makes of them.

const conflict = () =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }],
  });
const conditionFailed = () =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
  });
const tooLarge = () =>
  Object.assign(new Error('Item size has exceeded the maximum allowed size'), {
    name: 'ValidationException',
  });

type Send = (command: unknown) => Promise<unknown>;
const send = (implementation: Send) =>
  jest
    .spyOn(documentClient, 'send')
    .mockImplementation(implementation as never) as unknown as jest.Mock<Send>;

const input = {
  userId: 'u1',
  firstName: '',
  lastName: '',
  professionalSummary: '',
  jobTitle: '',
  city: '',
  phoneNumber: '',
  email: '',
  locale: 'en' as const,
};
const paidAccess = async () => false;
const storedItem = { pk: 'USER#u1', sk: 'RESUME#r1', id: 'r1', profileId: 'u1', updatedAt: 'x', revision: 4 };

beforeAll(() => {
  process.env.TABLE_NAME = 'unit-test-table';
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('create', () => {
  it('retries a transaction cancelled by a conflict, then succeeds', async () => {
    let calls = 0;
    const spy = send(async () => {
      calls += 1;
      if (calls < 3) throw conflict();
      return {};
    });

    const resume = await createResume('u1', input, 3);

    expect(resume).toMatchObject({ profileId: 'u1', revision: 1 });
    // Three tries, then the day's resumesCreated counter (analytics).
    expect(spy).toHaveBeenCalledTimes(4);
    expect(spy.mock.calls.slice(0, 3).every(([command]) => command instanceof TransactWriteCommand)).toBe(
      true,
    );
  });

  it('answers 409 WRITE_CONFLICT, never a 500, when every try conflicts', async () => {
    const spy = send(async () => {
      throw conflict();
    });

    await expect(createResume('u1', input, 3)).rejects.toMatchObject({ code: 'WRITE_CONFLICT', status: 409 });
    expect(spy).toHaveBeenCalledTimes(8);
  });

  it('does not retry the plan limit: the count condition failing is RESUME_LIMIT_REACHED at once', async () => {
    const spy = send(async () => {
      throw conditionFailed();
    });

    await expect(createResume('u1', input, 3)).rejects.toMatchObject({ code: 'RESUME_LIMIT_REACHED' });
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

describe('delete', () => {
  it('retries a conflict, and a resume already gone is RESUME_NOT_FOUND', async () => {
    const answers = [conflict(), null, conditionFailed()];
    const spy = send(async () => {
      const next = answers.shift();
      if (next) throw next;
      return {};
    });

    await expect(deleteResume('u1', 'r1')).resolves.toBeUndefined();
    await expect(deleteResume('u1', 'r1')).rejects.toMatchObject({ code: 'RESUME_NOT_FOUND' });
    expect(spy).toHaveBeenCalledTimes(3);
  });
});

describe('update', () => {
  it("maps DynamoDB's own item-size refusal to 400 RESUME_TOO_LARGE", async () => {
    send(async (command) => {
      if (command instanceof GetCommand) return { Item: storedItem };
      if (command instanceof PutCommand) throw tooLarge();
      return {};
    });

    await expect(updateResume('u1', 'r1', { title: 'x' }, { paidAccess })).rejects.toMatchObject({
      code: 'RESUME_TOO_LARGE',
      status: 400,
    });
  });

  it('writes conditioned on the revision it read, one higher', async () => {
    const spy = send(async (command) => (command instanceof GetCommand ? { Item: storedItem } : {}));

    const resume = await updateResume('u1', 'r1', { title: 'x', revision: 99 }, { paidAccess });

    const put = spy.mock.calls.map(([c]) => c).find((c) => c instanceof PutCommand) as PutCommand;
    expect(resume.revision).toBe(5);
    expect(put.input).toMatchObject({
      Item: { pk: 'USER#u1', sk: 'RESUME#r1', title: 'x', revision: 5 },
      ConditionExpression: 'attribute_exists(pk) AND revision = :read',
      ExpressionAttributeValues: { ':read': 4 },
    });
  });

  it.each(['a'.repeat(65), 'a'.repeat(2000), 'a/b', 'a.b', ''])(
    'answers RESUME_NOT_FOUND for the impossible id %#, without asking DynamoDB',
    async (id) => {
      const spy = send(async () => ({}));

      await expect(updateResume('u1', id, { title: 'x' }, { paidAccess })).rejects.toMatchObject({
        code: 'RESUME_NOT_FOUND',
      });
      await expect(deleteResume('u1', id)).rejects.toMatchObject({ code: 'RESUME_NOT_FOUND' });
      expect(spy).not.toHaveBeenCalled();
    },
  );
});
