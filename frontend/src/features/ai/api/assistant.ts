import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AiEngine, AssistantAsk, AssistantMessage } from '#shared/ai';
import { api } from '../../../lib/api-client.ts';
import { aiKeys } from './keys.ts';

const path = (resumeId: string) => `assistant/${encodeURIComponent(resumeId)}`;

/** The conversation kept for a resume, and the engine that answers now (unknown: not said). */
export interface Conversation {
  messages: AssistantMessage[];
  engine?: AiEngine;
}

/** GET /assistant/{resumeId}: the conversation kept for this resume (403 PRO_REQUIRED without paid access). */
export async function getConversation(resumeId: string, signal?: AbortSignal): Promise<Conversation> {
  const { data } = await api.get<{ data: Conversation }>(path(resumeId), { signal });
  return data;
}

export const getConversationQueryOptions = (resumeId: string) =>
  queryOptions({
    queryKey: aiKeys.conversation(resumeId),
    queryFn: ({ signal }) => getConversation(resumeId, signal),
  });

/** The conversation's messages. */
export function useConversation(resumeId: string | null) {
  return useQuery({
    ...getConversationQueryOptions(resumeId ?? ''),
    enabled: resumeId !== null,
    select: (conversation) => conversation.messages,
  });
}

/** The engine that answers this conversation now, from the same request (null until known). */
export function useAssistantEngine(resumeId: string | null): AiEngine | null {
  const { data } = useQuery({
    ...getConversationQueryOptions(resumeId ?? ''),
    enabled: resumeId !== null,
    select: (conversation) => conversation.engine ?? null,
  });
  return data ?? null;
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
