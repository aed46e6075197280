import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminResume, AdminResumeSummary } from '#shared/admin';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, seg } from './keys.ts';

/** GET /admin/users/{id}/resumes: the user's resumes, most recently updated first. */
export async function getUserResumes(id: string, signal?: AbortSignal): Promise<AdminResumeSummary[]> {
  const { data } = await api.get<{ data: AdminResumeSummary[] }>(`admin/users/${seg(id)}/resumes`, {
    signal,
  });
  return [...data].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

export function useUserResumes(id: string, enabled = true) {
  return useQuery({
    queryKey: adminKeys.userResumes(id),
    queryFn: ({ signal }) => getUserResumes(id, signal),
    enabled,
  });
}

/** GET /admin/users/{id}/resumes/{resumeId}: one resume, for reading only. */
export async function getUserResume(
  id: string,
  resumeId: string,
  signal?: AbortSignal,
): Promise<AdminResume> {
  const { data } = await api.get<{ data: AdminResume }>(`admin/users/${seg(id)}/resumes/${seg(resumeId)}`, {
    signal,
  });
  return data;
}

export const getUserResumeQueryOptions = (id: string, resumeId: string) =>
  queryOptions({
    queryKey: adminKeys.userResume(id, resumeId),
    queryFn: ({ signal }) => getUserResume(id, resumeId, signal),
  });

export function useUserResume(id: string, resumeId: string) {
  return useQuery(getUserResumeQueryOptions(id, resumeId));
}
