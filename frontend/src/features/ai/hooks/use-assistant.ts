import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type AssistantMessage, assistantEventSchema } from '#shared/ai';
import { useConfig } from '../../../config/config-context.tsx';
import { type SocketClient, sharedSocketClient } from '../../../lib/socket-client.ts';
import { askAssistant, clearConversation, useConversation } from '../api/assistant.ts';
import { aiKeys } from '../api/keys.ts';
import {
  answerText,
  applyFrame,
  newRequestId,
  type StreamedAnswer,
  startAnswer,
} from '../lib/assistant-stream.ts';

/** A question on its way: what was asked, and the answer's text as far as it has been pushed. */
export interface PendingTurn {
  question: AssistantMessage;
  answer: StreamedAnswer;
}

/** A question that got no answer, with why (the UI words it). */
export interface FailedTurn {
  question: AssistantMessage;
  error: unknown;
}

/**
 * The conversation about one resume: the stored history, and asking. The answer's pieces arrive over the
 * app's WebSocket (tagged with the question's request id) and show as they come; the HTTP answer, which
 * carries the whole reply, ends the turn, so without a socket the page still gets the answer, only later.
 */
export function useAssistant(resumeId: string | null, options: { socket?: SocketClient } = {}) {
  const { wsUrl } = useConfig();
  const socket = options.socket ?? sharedSocketClient(wsUrl);
  const queryClient = useQueryClient();
  const conversation = useConversation(resumeId);
  const [pending, setPending] = useState<PendingTurn | null>(null);
  const [failed, setFailed] = useState<FailedTurn | null>(null);
  const [clearing, setClearing] = useState(false);
  const unsubscribe = useRef<(() => void) | null>(null);

  // Another resume, or leaving the page: stop listening (an answer in flight is dropped from view).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the resume changes
  useEffect(() => {
    setPending(null);
    setFailed(null);
    return () => {
      unsubscribe.current?.();
      unsubscribe.current = null;
    };
  }, [resumeId]);

  const ask = useCallback(
    async (text: string) => {
      const message = text.trim();
      if (!resumeId || !message || pending) return;
      const requestId = newRequestId();
      const question: AssistantMessage = {
        role: 'user',
        content: message,
        createdAt: new Date().toISOString(),
      };
      setFailed(null);
      setPending({ question, answer: startAnswer(requestId) });
      // Listening before asking: the first piece can arrive before the request returns.
      unsubscribe.current?.();
      unsubscribe.current = socket.subscribe((frame) => {
        const event = assistantEventSchema.safeParse(frame);
        if (!event.success || event.data.requestId !== requestId || event.data.resumeId !== resumeId) return;
        setPending((turn) =>
          turn && turn.answer.requestId === requestId
            ? { ...turn, answer: applyFrame(turn.answer, event.data) }
            : turn,
        );
      });
      try {
        const answer = await askAssistant(resumeId, { message, requestId });
        queryClient.setQueryData<AssistantMessage[]>(aiKeys.conversation(resumeId), (history = []) => [
          ...history,
          question,
          answer,
        ]);
      } catch (error) {
        setFailed({ question, error });
      } finally {
        unsubscribe.current?.();
        unsubscribe.current = null;
        setPending((turn) => (turn?.answer.requestId === requestId ? null : turn));
      }
    },
    [resumeId, pending, queryClient, socket],
  );

  const clear = useCallback(async () => {
    if (!resumeId) return;
    setClearing(true);
    try {
      await clearConversation(resumeId);
      queryClient.setQueryData<AssistantMessage[]>(aiKeys.conversation(resumeId), []);
      setFailed(null);
    } finally {
      setClearing(false);
    }
  }, [resumeId, queryClient]);

  return {
    conversation,
    pending,
    /** The streamed text so far ('' before the first piece: the typing state). */
    streamed: pending ? answerText(pending.answer) : '',
    failed,
    ask: (text: string) => void ask(text),
    clear,
    clearing,
    dismissFailure: () => setFailed(null),
  };
}
