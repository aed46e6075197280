import { useMutation } from '@tanstack/react-query';
import type { ImpersonateUrl } from '#shared/admin';
import { api } from '../../../lib/api-client.ts';
import { seg } from './keys.ts';

/** GET /admin/users/{id}/impersonate-url: a signed, single-use link to the user's read-only view. */
export async function getImpersonateUrl(id: string, resumeId?: string): Promise<ImpersonateUrl> {
  const params = new URLSearchParams(resumeId ? { type: 'resume', resumeId } : { type: 'resumes' });
  const { data } = await api.get<{ data: ImpersonateUrl }>(
    `admin/users/${seg(id)}/impersonate-url?${params}`,
  );
  return data;
}

export function useImpersonateUrl(id: string) {
  return useMutation({ mutationFn: (resumeId?: string) => getImpersonateUrl(id, resumeId) });
}
