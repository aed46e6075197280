import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type Resume, resumeLanguages } from '#shared/resume';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/get-me.ts';
import { resumeKeys } from './keys.ts';

export const importJsonResumeSchema = z.strictObject({
  /** The parsed file; the server checks it against the JSON Resume schema. */
  document: z.record(z.string(), z.unknown()),
  /** Section titles and page size of the new resume follow this language. */
  language: z.enum(resumeLanguages),
  /** The file's name: the new resume is named after it. */
  fileName: z.string().max(255).optional(),
});
export type ImportJsonResumeInput = z.infer<typeof importJsonResumeSchema>;

/** POST /resume/import/json-resume?language=en|pt-BR&fileName=… (201): a new resume from a JSON Resume document. */
export async function importJsonResume(input: ImportJsonResumeInput): Promise<Resume> {
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
