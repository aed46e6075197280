import { type ResumePatch, resumePatchSchema } from '#shared/resume';
import { api } from '../../../lib/api-client.ts';

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
 * and the answer is id, updatedAt and the new revision.
 */
export async function updateResume({ id, patch, revision }: UpdateResumeInput): Promise<UpdatedResume> {
  const body = resumePatchSchema.parse(patch);
  const { data } = await api.patch<{ data: UpdatedResume }>(
    `resume/${encodeURIComponent(id)}?lean=true`,
    body,
    revision === undefined ? {} : { headers: { 'If-Match': String(revision) } },
  );
  return data;
}
