import type { TailoringRequest } from '#shared/ai';
import { api } from '../../../lib/api-client.ts';
import { track } from '../../analytics/index.ts';

/**
 * POST /tailoring: starts a tailoring job (202 with its id). 400 RESUME_INCOMPLETE lists the missing parts
 * in the error's issues.
 */
export async function startTailoring(input: TailoringRequest, signal?: AbortSignal): Promise<string> {
  const { data } = await api.post<{ data: { jobId: string } }>('tailoring', input, { signal });
  track('feature_used', { feature: 'tailoring' });
  return data.jobId;
}
