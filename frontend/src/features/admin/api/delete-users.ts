import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkDeleteResult } from '#shared/admin';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, seg } from './keys.ts';

/** DELETE /admin/users/{id}: the account and everything in it. */
export async function deleteUser(id: string): Promise<void> {
  await api.delete(`admin/users/${seg(id)}`);
}

export function useDeleteUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteUser(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: adminKeys.user(id) });
      return queryClient.invalidateQueries({ queryKey: adminKeys.userLists() });
    },
  });
}

/** POST /admin/users/bulk-delete: each user deleted or listed as failed with its code. */
export async function bulkDeleteUsers(userIds: string[]): Promise<BulkDeleteResult> {
  const { data } = await api.post<{ data: BulkDeleteResult }>('admin/users/bulk-delete', { userIds });
  return data;
}

export function useBulkDeleteUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteUsers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.userLists() }),
  });
}
