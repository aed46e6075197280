import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Resume, ResumePatch } from '#shared/resume';
import { ApiError, api } from '../../../lib/api-client.ts';
import { getResume } from './get-resume.ts';
import type { RenameResumeInput } from './input-schemas.ts';
import { resumeKeys } from './keys.ts';

export interface UpdateResumeInput {
  id: string;
  patch: ResumePatch;
  /** The revision the client last saw: the server refuses the write with 412 if it has moved on. */
  revision?: number;
}

export interface UpdatedResume {
  id: string;
  updatedAt: string;
  revision: number;
}

/**
 * PATCH /resume/{id}?lean=true with `If-Match: <revision>`; the body holds only resumePatchSchema fields
 * and the answer is id, updatedAt and the new revision. The schema (and zod) load with the first save: the
 * editor opens without them.
 */
export async function updateResume({ id, patch, revision }: UpdateResumeInput): Promise<UpdatedResume> {
  const { resumePatchSchema } = await import('#shared/resume');
  const body = resumePatchSchema.parse(patch);
  const { data } = await api.patch<{ data: UpdatedResume }>(
    `resume/${encodeURIComponent(id)}?lean=true`,
    body,
    revision === undefined ? {} : { headers: { 'If-Match': String(revision) } },
  );
  return data;
}

export type { RenameResumeInput } from './input-schemas.ts';

const isRevisionConflict = (error: unknown) =>
  error instanceof ApiError && (error.status === 412 || error.code === 'REVISION_CONFLICT');

/**
 * Rename from the list: PATCH the title alone with the card's revision. If the resume was saved meanwhile
 * (another tab's builder), the title does not clash with that edit, so the latest revision is read and the
 * rename sent once more; a second conflict is reported.
 */
export async function renameResume(input: RenameResumeInput): Promise<UpdatedResume> {
  const { renameResumeSchema } = await import('./input-schemas.ts');
  const { id, title, revision } = renameResumeSchema.parse(input);
  try {
    return await updateResume({ id, patch: { title }, revision });
  } catch (error) {
    if (!isRevisionConflict(error)) throw error;
    const latest = await getResume(id);
    return updateResume({ id, patch: { title }, revision: latest.revision });
  }
}

export function useRenameResume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameResume,
    onSuccess: (updated, { title }) => {
      // The card shows the new title at once instead of after the list refetch.
      queryClient.setQueriesData<Resume[]>({ queryKey: resumeKeys.lists() }, (list) =>
        list?.map((resume) =>
          resume.id === updated.id ? { ...resume, ...updated, title: title.trim() } : resume,
        ),
      );
    },
    onSettled: (_data, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: resumeKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: resumeKeys.detail(id) }),
      ]),
  });
}
