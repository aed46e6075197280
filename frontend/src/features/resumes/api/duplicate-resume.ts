import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Resume } from '#shared/resume';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/get-me.ts';
import { MAX_TITLE_LENGTH } from '../lib/resume-files.ts';
import { resumeKeys } from './keys.ts';

export const duplicateResumeSchema = z.strictObject({
  id: z.string().min(1),
  /** The copy's title; the server keeps the original's when it is left out. */
  title: z.string().max(MAX_TITLE_LENGTH).optional(),
});
export type DuplicateResumeInput = z.infer<typeof duplicateResumeSchema>;

/** POST /resume/{id}/duplicate (201): a new resume with the same content, counted against the plan. */
export async function duplicateResume(input: DuplicateResumeInput): Promise<Resume> {
  const { id, title } = duplicateResumeSchema.parse(input);
  const { data } = await api.post<{ data: Resume }>(
    `resume/${encodeURIComponent(id)}/duplicate`,
    title === undefined ? {} : { title },
  );
  return data;
}

export function useDuplicateResume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateResume,
    onSuccess: (resume) => {
      queryClient.setQueryData(resumeKeys.detail(resume.id), resume);
    },
    // The count changes on success, and a limit error means the cached usage was stale.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: resumeKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}
