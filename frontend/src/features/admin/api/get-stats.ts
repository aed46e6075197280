import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '#shared/analytics';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** GET /admin/stats?days=N: daily metrics, event counts and totals. */
export async function getStats(days: number, signal?: AbortSignal): Promise<AdminStats> {
  const { data } = await api.get<{ data: AdminStats }>(`admin/stats?days=${days}`, { signal });
  return data;
}

export const getStatsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: adminKeys.stats(days),
    queryFn: ({ signal }) => getStats(days, signal),
    // Switching the range keeps the old charts on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useStats(days: number, enabled = true) {
  return useQuery({ ...getStatsQueryOptions(days), enabled });
}
