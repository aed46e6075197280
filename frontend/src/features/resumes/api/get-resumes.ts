import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Resume } from '#shared/resume';
import { api } from '../../../lib/api-client.ts';
import { resumeKeys } from './keys.ts';

/** GET /resume/all/{userId}: the user's resumes, most recently updated first. */
export async function getResumes(userId: string, signal?: AbortSignal): Promise<Resume[]> {
  const { data } = await api.get<{ data: Resume[] }>(`resume/all/${encodeURIComponent(userId)}`, { signal });
  return [...data].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

export const getResumesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: resumeKeys.list(userId),
    queryFn: ({ signal }) => getResumes(userId, signal),
  });

export function useResumes(userId: string) {
  return useQuery(getResumesQueryOptions(userId));
}
