import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserDetail } from '#shared/admin';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, seg } from './keys.ts';

/** GET /admin/users/{id}: the user, and their subscription for roles that may see it. */
export async function getUser(id: string, signal?: AbortSignal): Promise<AdminUserDetail> {
  const { data } = await api.get<{ data: AdminUserDetail }>(`admin/users/${seg(id)}`, { signal });
  return data;
}

export const getUserQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminKeys.user(id), queryFn: ({ signal }) => getUser(id, signal) });

export function useAdminUser(id: string) {
  return useQuery(getUserQueryOptions(id));
}
