import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffRole } from '#shared/roles';
import { api } from '../../../lib/api-client.ts';

export interface UsageCounter {
  used: number;
  /** null: unlimited (Pro). */
  limit: number | null;
}

/** GET /me: the account, its plan usage and staff role. */
export interface Me {
  user: { id: string; email: string; firstName: string; lastName: string };
  profile: Record<string, unknown> | null;
  subscription: Record<string, unknown> | null;
  usage: { resumes: UsageCounter; aiSuggestions: UsageCounter };
  role: StaffRole | null;
}

export const meQueryKey = ['me'] as const;

export async function getMe(signal?: AbortSignal): Promise<Me> {
  const { data } = await api.get<{ data: Me }>('me', { signal });
  return data;
}

export const getMeQueryOptions = () =>
  queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal) });

export function useMe() {
  return useQuery(getMeQueryOptions());
}
