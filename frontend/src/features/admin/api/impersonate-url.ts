import { useMutation } from '@tanstack/react-query';
import type { ImpersonateUrl } from '#shared/admin';
import { api } from '../../../lib/api-client.ts';
import { seg } from './keys.ts';

/**
 * GET /admin/users/{id}/impersonate-url: a signed, single-use link to the user's read-only view, with the
 * staff member's reason (kept in the audit log).
 */
export async function getImpersonateUrl(
  id: string,
  reason: string,
  resumeId?: string,
): Promise<ImpersonateUrl> {
  const params = new URLSearchParams(resumeId ? { type: 'resume', resumeId } : { type: 'resumes' });
  params.set('reason', reason);
  const { data } = await api.get<{ data: ImpersonateUrl }>(
    `admin/users/${seg(id)}/impersonate-url?${params}`,
  );
  return data;
}

export function useImpersonateUrl(id: string) {
  return useMutation({
    mutationFn: ({ reason, resumeId }: { reason: string; resumeId?: string }) =>
      getImpersonateUrl(id, reason, resumeId),
  });
}
