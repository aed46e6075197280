import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssistantAsk, AssistantMessage } from '#shared/ai';
import { api } from '../../../lib/api-client.ts';
import { aiKeys } from './keys.ts';

const path = (resumeId: string) => `assistant/${encodeURIComponent(resumeId)}`;

/** GET /assistant/{resumeId}: the conversation kept for this resume (403 PRO_REQUIRED without paid access). */
export async function getConversation(resumeId: string, signal?: AbortSignal): Promise<AssistantMessage[]> {
  const { data } = await api.get<{ data: { messages: AssistantMessage[] } }>(path(resumeId), { signal });
  return data.messages;
}

export const getConversationQueryOptions = (resumeId: string) =>
  queryOptions({
    queryKey: aiKeys.conversation(resumeId),
    queryFn: ({ signal }) => getConversation(resumeId, signal),
  });

export function useConversation(resumeId: string | null) {
  return useQuery({ ...getConversationQueryOptions(resumeId ?? ''), enabled: resumeId !== null });
}

/**
 * POST /assistant/{resumeId}/messages: answers once the whole reply is written; meanwhile its pieces are
 * pushed over the WebSocket, tagged with `requestId`.
 */
export async function askAssistant(resumeId: string, input: AssistantAsk): Promise<AssistantMessage> {
  const { data } = await api.post<{ data: { message: AssistantMessage } }>(
    `${path(resumeId)}/messages`,
    input,
  );
  return data.message;
}

/** DELETE /assistant/{resumeId}: forget the conversation (204). */
export async function clearConversation(resumeId: string): Promise<void> {
  await api.delete(path(resumeId));
}
