import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Resume, type ResumePatch, resumePatchSchema } from '#shared/resume';
import { api } from '../../../lib/api-client.ts';
import { resumeKeys } from './keys.ts';

export interface UpdateResumeInput {
  id: string;
  patch: ResumePatch;
}

/** PATCH /resume/{id}?lean=true: the body holds only resumePatchSchema fields; the answer is id and updatedAt. */
export async function updateResume({
  id,
  patch,
}: UpdateResumeInput): Promise<{ id: string; updatedAt: string }> {
  const body = resumePatchSchema.parse(patch);
  const { data } = await api.patch<{ data: { id: string; updatedAt: string } }>(
    `resume/${encodeURIComponent(id)}?lean=true`,
    body,
  );
  return data;
}

export function useUpdateResume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateResume,
    onSuccess: ({ updatedAt }, { id, patch }) => {
      // The lean answer has no resume: apply the patch to the cached copy instead of refetching it.
      queryClient.setQueryData<Resume>(resumeKeys.detail(id), (old) => {
        if (!old) return old;
        const { personalInfo, sectionTitle, settings, ...rest } = resumePatchSchema.parse(patch);
        return {
          ...old,
          ...rest,
          // Nested objects are patched field by field, as the server does.
          personalInfo: { ...old.personalInfo, ...definedOnly(personalInfo) },
          sectionTitle: { ...old.sectionTitle, ...definedOnly(sectionTitle) },
          settings: { ...old.settings, ...definedOnly(settings) },
          id: old.id,
          profileId: old.profileId,
          updatedAt,
        };
      });
      return queryClient.invalidateQueries({ queryKey: resumeKeys.lists() });
    },
  });
}

function definedOnly<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}
