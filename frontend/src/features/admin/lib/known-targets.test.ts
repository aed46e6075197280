import { describe, expect, it } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import type { AuditEntry } from '#shared/admin';
import { adminKeys } from '../api/keys.ts';
import { knownEmails, knownResumeTitles } from './known-targets.ts';

const entry = (actor: string, actorEmail: string | null, target: string): AuditEntry => ({
  id: `${actor}-${target}`,
  at: '2026-11-27T12:00:00.000Z',
  actor,
  actorEmail,
  actorRole: 'admin',
  action: 'GET /api/admin/users/{id}',
  target: { userId: target },
  outcome: 'succeeded',
  status: 200,
});

describe('the audit log names target users it already knows', () => {
  it('from the entries, the cached user lists and the cached user pages, never from a resume key', () => {
    const client = new QueryClient();
    client.setQueryData(adminKeys.users({ page: 1, search: '' }), {
      users: [{ id: 'u-list', email: 'list@example.com' }],
    });
    client.setQueryData(adminKeys.user('u-page'), { user: { id: 'u-page', email: 'page@example.com' } });
    client.setQueryData(adminKeys.userResumes('u-page'), [{ id: 'r1' }]);
    const emails = knownEmails(client, [entry('u-admin', 'admin@example.com', 'u-list')]);
    expect(Object.fromEntries(emails)).toEqual({
      'u-admin': 'admin@example.com',
      'u-list': 'list@example.com',
      'u-page': 'page@example.com',
    });
    expect(emails.get('u-unknown')).toBeUndefined();
  });
});

describe('the audit log names target resumes it already knows', () => {
  it("from a user's cached resume list and a resume opened read-only", () => {
    const client = new QueryClient();
    client.setQueryData(adminKeys.userResumes('u1'), [
      { id: 'r1', title: 'Product Designer', template: 'simple', updatedAt: '2026-11-27T12:00:00.000Z' },
    ]);
    client.setQueryData(adminKeys.userResume('u1', 'r2'), { id: 'r2', title: 'Jordan’s Resume' });
    client.setQueryData(adminKeys.user('u1'), { user: { id: 'u1', email: 'a@example.com' } });
    expect(Object.fromEntries(knownResumeTitles(client))).toEqual({
      r1: 'Product Designer',
      r2: 'Jordan’s Resume',
    });
  });
});
