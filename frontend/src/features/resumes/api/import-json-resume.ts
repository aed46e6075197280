import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Resume } from '#shared/resume';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/get-me.ts';
import type { ImportJsonResumeInput } from './input-schemas.ts';
import { resumeKeys } from './keys.ts';

export type { ImportJsonResumeInput } from './input-schemas.ts';

/** POST /resume/import/json-resume?language=en|pt-BR&fileName=… (201): a new resume from a JSON Resume document. */
export async function importJsonResume(input: ImportJsonResumeInput): Promise<Resume> {
  const { importJsonResumeSchema } = await import('./input-schemas.ts');
  const { document, language, fileName } = importJsonResumeSchema.parse(input);
  const query = new URLSearchParams({ language, ...(fileName ? { fileName } : {}) }).toString();
  const { data } = await api.post<{ data: Resume }>(`resume/import/json-resume?${query}`, document);
  return data;
}

export function useImportJsonResume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importJsonResume,
    onSuccess: (resume) => {
      queryClient.setQueryData(resumeKeys.detail(resume.id), resume);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: resumeKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}
