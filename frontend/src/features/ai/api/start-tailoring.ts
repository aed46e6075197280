import type { TailoringRequest } from '#shared/ai';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /tailoring: starts a tailoring job (202 with its id). 400 RESUME_INCOMPLETE lists the missing parts
 * in the error's issues.
 */
export async function startTailoring(input: TailoringRequest, signal?: AbortSignal): Promise<string> {
  const { data } = await api.post<{ data: { jobId: string } }>('tailoring', input, { signal });
  return data.jobId;
}
