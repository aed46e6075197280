import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job } from '#shared/jobs';
import { api } from '../api-client.ts';
import { jobKeys } from './keys.ts';

/** GET /jobs/{jobId}: the caller's job (someone else's is 404 JOB_NOT_FOUND). */
export async function getJob(jobId: string, signal?: AbortSignal): Promise<Job> {
  const { data } = await api.get<{ data: Job }>(`jobs/${encodeURIComponent(jobId)}`, { signal });
  return data;
}

export const getJobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: jobKeys.detail(jobId),
    queryFn: ({ signal }) => getJob(jobId, signal),
  });

/** The job as last fetched; `useJob` (use-job.ts) follows it as it progresses. */
export function useJobQuery(jobId: string) {
  return useQuery(getJobQueryOptions(jobId));
}
