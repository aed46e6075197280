import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TailoringApply } from '#shared/ai';
import type { Resume } from '#shared/resume';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/get-me.ts';
import { resumeKeys } from '../../resumes/index.ts';

/**
 * POST /tailoring/{jobId}/apply: a new resume with the accepted changes (the original is untouched).
 * 409 TAILORING_OUTDATED when the resume changed since the analysis, 403 RESUME_LIMIT_REACHED at the limit.
 */
export async function applyTailoring(jobId: string, input: TailoringApply): Promise<Resume> {
  const { data } = await api.post<{ data: Resume }>(`tailoring/${encodeURIComponent(jobId)}/apply`, input);
  return data;
}

export function useApplyTailoring(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TailoringApply) => applyTailoring(jobId, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: resumeKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
