import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Resume } from '#shared/resume';
import { api } from '../../../lib/api-client.ts';
import { resumeKeys } from './keys.ts';

/** GET /resume/id/{id}. */
export async function getResume(id: string, signal?: AbortSignal): Promise<Resume> {
  const { data } = await api.get<{ data: Resume }>(`resume/id/${encodeURIComponent(id)}`, { signal });
  return data;
}

export const getResumeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: resumeKeys.detail(id),
    queryFn: ({ signal }) => getResume(id, signal),
  });

export function useResume(id: string) {
  return useQuery(getResumeQueryOptions(id));
}
