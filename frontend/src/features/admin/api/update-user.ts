import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserDetail, AdminUserUpdate, SetStaffRole } from '#shared/admin';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, seg } from './keys.ts';

/** A user changed: their detail and every list page showing them are read again. */
export function invalidateUser(queryClient: QueryClient, id: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.user(id) }),
    queryClient.invalidateQueries({ queryKey: adminKeys.userLists() }),
  ]).then(() => undefined);
}

/** PUT /admin/users/{id}: profile fields or status (active / disabled). */
export async function updateUser(id: string, body: AdminUserUpdate): Promise<AdminUserDetail | undefined> {
  const answer = await api.request<{ data?: AdminUserDetail } | undefined>('PUT', `admin/users/${seg(id)}`, {
    body,
  });
  return answer?.data;
}

export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminUserUpdate) => updateUser(id, body),
    onSuccess: () => invalidateUser(queryClient, id),
  });
}

/** PUT /admin/permissions/{userId}: grant a staff role, or revoke it with null. */
export async function setStaffRole(id: string, body: SetStaffRole): Promise<void> {
  await api.request('PUT', `admin/permissions/${seg(id)}`, { body });
}

export function useSetStaffRole(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetStaffRole) => setStaffRole(id, body),
    onSuccess: () => invalidateUser(queryClient, id),
  });
}

/** POST /admin/users/{id}/reset-password: the user is e-mailed a code to choose a new password. */
export async function resetPassword(id: string): Promise<void> {
  await api.post(`admin/users/${seg(id)}/reset-password`, {});
}

export function useResetPassword(id: string) {
  return useMutation({ mutationFn: () => resetPassword(id) });
}
