import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type Me, meQueryKey } from '../../../lib/get-me.ts';
import { track } from '../../analytics/index.ts';
import { resumeKeys } from './keys.ts';

/** DELETE /resume/{id} (204). */
export async function deleteResume(id: string): Promise<void> {
  await api.delete(`resume/${encodeURIComponent(id)}`);
}

export function useDeleteResume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteResume,
    onSuccess: (_data, id) => {
      track('resume_deleted');
      queryClient.removeQueries({ queryKey: resumeKeys.detail(id) });
      // The slot is free at once on the server: the plan usage shows it before /me is read again.
      queryClient.setQueryData<Me>(meQueryKey, (me) =>
        me
          ? {
              ...me,
              usage: {
                ...me.usage,
                resumes: { ...me.usage.resumes, used: Math.max(0, me.usage.resumes.used - 1) },
              },
            }
          : me,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: resumeKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
    },
  });
}
