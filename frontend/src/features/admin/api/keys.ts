import type { AdminUsersQuery } from '#shared/admin';

/** Query keys of the admin service; a change to a user invalidates everything under `user(id)` and the lists. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: (days: number) => [...adminKeys.all, 'stats', days] as const,
  health: () => [...adminKeys.all, 'health'] as const,
  userLists: () => [...adminKeys.all, 'users'] as const,
  users: (query: Pick<AdminUsersQuery, 'page' | 'search'>) => [...adminKeys.userLists(), query] as const,
  user: (id: string) => [...adminKeys.all, 'user', id] as const,
  userResumes: (id: string) => [...adminKeys.user(id), 'resumes'] as const,
  userResume: (id: string, resumeId: string) => [...adminKeys.user(id), 'resume', resumeId] as const,
  audit: (month: string) => [...adminKeys.all, 'audit', month] as const,
  flags: () => [...adminKeys.all, 'flags'] as const,
};

/** Path segment for an id taken from the URL. */
export const seg = (value: string) => encodeURIComponent(value);
