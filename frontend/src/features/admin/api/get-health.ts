import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminHealth } from '#shared/admin';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** GET /admin/health: the table and every queue with its dead-letter depth. */
export async function getHealth(signal?: AbortSignal): Promise<AdminHealth> {
  const { data } = await api.get<{ data: AdminHealth }>('admin/health', { signal });
  return data;
}

export const getHealthQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.health(), queryFn: ({ signal }) => getHealth(signal) });

export function useHealth(enabled = true) {
  return useQuery({ ...getHealthQueryOptions(), enabled });
}
