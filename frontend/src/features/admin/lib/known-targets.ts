import type { QueryClient } from '@tanstack/react-query';
import type {
  AdminResume,
  AdminResumeSummary,
  AdminUserDetail,
  AdminUserPage,
  AuditEntry,
} from '#shared/admin';
import { adminKeys } from '../api/keys.ts';

/**
 * The e-mail addresses the client already holds, by user id: the audit entries' actors, and the users the
 * admin area has loaded (user pages and lists in the query cache). Nothing is fetched for this.
 */
export function knownEmails(queryClient: QueryClient, entries: readonly AuditEntry[]): Map<string, string> {
  const emails = new Map<string, string>();
  for (const entry of entries) if (entry.actorEmail) emails.set(entry.actor, entry.actorEmail);
  for (const [, page] of queryClient.getQueriesData<AdminUserPage>({ queryKey: adminKeys.userLists() }))
    for (const user of page?.users ?? []) emails.set(user.id, user.email);
  for (const [key, data] of queryClient.getQueriesData<AdminUserDetail>({
    queryKey: [...adminKeys.all, 'user'],
  })) {
    // Only a user's own key (['admin', 'user', id]) holds the user; the keys below it hold their resumes.
    if (key.length === 3 && data?.user?.email) emails.set(data.user.id, data.user.email);
  }
  return emails;
}

/** The titles of the resumes the admin area has loaded (a user's list, one opened read-only), by resume id. */
export function knownResumeTitles(queryClient: QueryClient): Map<string, string> {
  const titles = new Map<string, string>();
  for (const [key, data] of queryClient.getQueriesData<AdminResumeSummary[] | AdminResume>({
    queryKey: [...adminKeys.all, 'user'],
  })) {
    if (key[3] === 'resumes' && Array.isArray(data))
      for (const resume of data) titles.set(resume.id, resume.title);
    else if (key[3] === 'resume' && typeof key[4] === 'string' && data && !Array.isArray(data) && data.title)
      titles.set(key[4], data.title);
  }
  return titles;
}
