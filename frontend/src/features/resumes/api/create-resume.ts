import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateResumeInput, Resume } from '#shared/resume';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/get-me.ts';
import { track } from '../../analytics/index.ts';
import { resumeKeys } from './keys.ts';

/**
 * POST /resume/create/{userId}; the body is checked against the shared schema before it leaves (the schema and
 * zod load then: the editor opens without them).
 */
export async function createResume(input: CreateResumeInput): Promise<Resume> {
  const { createResumeSchema } = await import('#shared/resume');
  const body = createResumeSchema.parse(input);
  const { data } = await api.post<{ data: Resume }>(`resume/create/${encodeURIComponent(body.userId)}`, body);
  track('resume_created', { template: data.template });
  return data;
}

export function useCreateResume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createResume,
    onSuccess: (resume) => {
      queryClient.setQueryData(resumeKeys.detail(resume.id), resume);
    },
    // Usage counts change on success, and a limit error may mean the cached count is stale.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: resumeKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}
