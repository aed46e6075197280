import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '#shared/account';
import type { SubscriptionState } from '#shared/plans';
import type { StaffRole } from '#shared/roles';
import { api } from './api-client.ts';

export interface UsageCounter {
  used: number;
  /** null: unlimited (Pro). */
  limit: number | null;
}

export type { Profile };

/** GET /me (and the answer of PATCH /me): the account, its plan usage and staff role. */
export interface Me {
  user: { id: string; email: string; firstName: string; lastName: string };
  profile: Profile | null;
  subscription: (SubscriptionState & Record<string, unknown>) | null;
  usage: { resumes: UsageCounter; aiSuggestions: UsageCounter };
  role: StaffRole | null;
  permissions?: string[];
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
