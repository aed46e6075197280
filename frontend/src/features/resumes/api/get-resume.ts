import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Resume } from '#shared/resume';
import { api } from '../../../lib/api-client.ts';
import { resumeKeys } from './keys.ts';

/** GET /resume/id/{id}. */
export async function getResume(id: string, signal?: AbortSignal): Promise<Resume> {
  const { data } = await api.get<{ data: Resume }>(`resume/id/${encodeURIComponent(id)}`, { signal });
  return data;
}

export const getResumeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: resumeKeys.detail(id),
    queryFn: ({ signal }) => getResume(id, signal),
  });

export function useResume(id: string) {
  return useQuery(getResumeQueryOptions(id));
}

/** How long a resume fetched ahead of its page may wait to be taken: past it, the page asks again. */
const EARLY_TTL_MS = 10_000;
const early = new Map<string, { at: number; request: Promise<Resume> }>();

/**
 * Ask for a resume before its page can (the builder's route starts it while the builder's code downloads,
 * so the two travel side by side). The page takes it once with `takeEarlyResume`.
 */
export function fetchResumeEarly(id: string, now = Date.now()): void {
  if (early.has(id)) return;
  const request = getResume(id);
  // Whoever takes it handles a failure; one never taken must not surface as unhandled.
  request.catch(() => undefined);
  early.set(id, { at: now, request });
}

/** The early request for `id` if one is fresh, removed so that it is used once; else undefined. */
export function takeEarlyResume(id: string, now = Date.now()): Promise<Resume> | undefined {
  const entry = early.get(id);
  early.delete(id);
  return entry && now - entry.at <= EARLY_TTL_MS ? entry.request : undefined;
}
