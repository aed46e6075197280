import type { MatchScore, MatchScoreRequest } from '#shared/ai';
import { api } from '../../../lib/api-client.ts';

/** POST /match-score: the deterministic score of a saved resume against a job description (not metered). */
export async function postMatchScore(input: MatchScoreRequest, signal?: AbortSignal): Promise<MatchScore> {
  const { data } = await api.post<{ data: MatchScore }>('match-score', input, { signal });
  return data;
}
