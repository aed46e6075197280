import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuggestionRequest, SuggestionResponse } from '#shared/ai';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/get-me.ts';
import { track } from '../../analytics/index.ts';
import { aiKeys } from './keys.ts';

/**
 * POST /ai/suggestions: alternatives for the summary or one experience description, written from the saved
 * resume. Metered: 403 AI_LIMIT_REACHED at the Free plan's limit.
 */
export async function requestSuggestions(
  input: SuggestionRequest,
  signal?: AbortSignal,
): Promise<SuggestionResponse> {
  track('ai_suggestion_requested', { target: input.target });
  const { data } = await api.post<{ data: SuggestionResponse }>('ai/suggestions', input, { signal });
  return data;
}

/** The mutation; the answer's usage replaces the cached one, and the account's counters are read again. */
export function useRequestSuggestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SuggestionRequest) => requestSuggestions(input),
    onSuccess: (answer) => {
      queryClient.setQueryData(aiKeys.usage(), answer.usage);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      void queryClient.invalidateQueries({ queryKey: aiKeys.usage() });
    },
  });
}
