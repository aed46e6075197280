import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage } from '#shared/admin';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** GET /admin/audit?month&cursor: one page of the month's audit entries, newest first. */
export async function getAudit(month: string, cursor?: string, signal?: AbortSignal): Promise<AuditPage> {
  const params = new URLSearchParams({ month });
  if (cursor) params.set('cursor', cursor);
  const { data } = await api.get<{ data: AuditPage }>(`admin/audit?${params}`, { signal });
  return data;
}

export function useAudit(month: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.audit(month),
    queryFn: ({ pageParam, signal }) => getAudit(month, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
