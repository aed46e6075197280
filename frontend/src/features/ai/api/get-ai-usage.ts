import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AiUsage } from '#shared/ai';
import { api } from '../../../lib/api-client.ts';
import { aiKeys } from './keys.ts';

/** GET /ai/usage: AI uses so far and the plan's limit (null: unlimited). */
export async function getAiUsage(signal?: AbortSignal): Promise<AiUsage> {
  const { data } = await api.get<{ data: AiUsage }>('ai/usage', { signal });
  return data;
}

export const getAiUsageQueryOptions = () =>
  queryOptions({ queryKey: aiKeys.usage(), queryFn: ({ signal }) => getAiUsage(signal) });

export function useAiUsage(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getAiUsageQueryOptions(), enabled: options.enabled ?? true });
}
