import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { documentClient } from '../adapters/dynamo.ts';
import { AppError } from '../lib/app-error.ts';
import { auditTarget, listAuditEntries } from './audit.ts';

beforeAll(() => {
  process.env.TABLE_NAME = 'unit-table';
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('auditTarget', () => {
  it('names the user, resume and flag from the path, in the contract’s words', () => {
    expect(
      auditTarget('GET /api/admin/users/{id}/resumes/{resumeId}', { id: 'u1', resumeId: 'r1' }, undefined),
    ).toEqual({
      userId: 'u1',
      resumeId: 'r1',
    });
    expect(
      auditTarget('GET /api/admin/permissions/{userId}', { userId: 'u2' }, { userId: 'ignored' }),
    ).toEqual({
      userId: 'u2',
    });
    expect(auditTarget('PUT /api/admin/flags/{flag}', { flag: 'coverLetter' }, null)).toEqual({
      flag: 'coverLetter',
    });
  });

  it("reads a user route's {id} as the resume it names, never as a user", () => {
    expect(auditTarget('PATCH /api/resume/{id}', { id: 'r2' }, { title: 'x' })).toEqual({ resumeId: 'r2' });
    expect(auditTarget('GET /api/resume/id/{id}', { id: 'r3' }, undefined)).toEqual({ resumeId: 'r3' });
    expect(auditTarget('GET /api/assistant/{resumeId}', { resumeId: 'r4' }, undefined)).toEqual({
      resumeId: 'r4',
    });
    expect(auditTarget('GET /api/jobs/{jobId}', { jobId: 'j1' }, undefined)).toEqual({});
  });

  it('takes a user from the body when the path names none, and a bounded list of ids', () => {
    const route = 'POST /api/admin/permissions/check';
    expect(auditTarget(route, undefined, { userId: 'u3', permission: 'users:view' })).toEqual({
      userId: 'u3',
    });
    expect(auditTarget(route, undefined, { grant: 'g', targetUser: 'u4' })).toEqual({ userId: 'u4' });
    const many = Array.from({ length: 150 }, (_, i) => `u${i}`);
    expect(auditTarget(route, undefined, { userIds: [...many, 7] }).userIds).toHaveLength(100);
    expect(auditTarget(route, undefined, 'not an object')).toEqual({});
  });
});

describe('listAuditEntries', () => {
  it('reads one month newest first and hands back an opaque cursor that only fits that month', async () => {
    const send = jest.spyOn(documentClient, 'send').mockImplementation((async () => ({
      Items: [
        {
          pk: 'AUDIT#2026-11',
          sk: '2026-11-25T10:00:00.000Z#e1',
          id: 'e1',
          at: '2026-11-25T10:00:00.000Z',
          actor: 'staff',
          actorEmail: 'staff@example.com',
          actorRole: 'support',
          action: 'GET /api/admin/users',
          target: {},
          outcome: 'succeeded',
          status: 200,
        },
      ],
      LastEvaluatedKey: { pk: 'AUDIT#2026-11', sk: '2026-11-25T10:00:00.000Z#e1' },
    })) as never);

    const page = await listAuditEntries({ month: '2026-11', limit: 1 });
    await listAuditEntries({ month: '2026-11', cursor: page.nextCursor ?? '' });

    const queries = send.mock.calls.map(([c]) => (c as { input: Record<string, unknown> }).input);
    expect(queries[0]).toMatchObject({ ScanIndexForward: false, Limit: 1 });
    expect(queries[1]?.ExclusiveStartKey).toEqual({ pk: 'AUDIT#2026-11', sk: '2026-11-25T10:00:00.000Z#e1' });
    expect(page.entries[0]).toMatchObject({
      id: 'e1',
      actorRole: 'support',
      outcome: 'succeeded',
      status: 200,
    });
    await expect(
      listAuditEntries({ month: '2026-10', cursor: page.nextCursor ?? '' }),
    ).rejects.toBeInstanceOf(AppError);
    await expect(listAuditEntries({ cursor: 'garbage' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(send.mock.calls[0]?.[0]?.constructor.name).toBe('QueryCommand');
  });
});
