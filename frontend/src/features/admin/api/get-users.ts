import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_USERS_DEFAULT_LIMIT, type AdminUserPage } from '#shared/admin';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export interface UsersQuery {
  page: number;
  search: string;
}

/** GET /admin/users?page&limit&search: one page of users (50 a page, as the spec says). */
export async function getUsers({ page, search }: UsersQuery, signal?: AbortSignal): Promise<AdminUserPage> {
  const params = new URLSearchParams({ page: String(page), limit: String(ADMIN_USERS_DEFAULT_LIMIT) });
  if (search) params.set('search', search);
  const { data } = await api.get<{ data: AdminUserPage }>(`admin/users?${params}`, { signal });
  return data;
}

export const getUsersQueryOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: adminKeys.users(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    // Typing in the search or paging keeps the current rows until the next page arrives.
    placeholderData: keepPreviousData,
  });

export function useUsers(query: UsersQuery) {
  return useQuery(getUsersQueryOptions(query));
}
