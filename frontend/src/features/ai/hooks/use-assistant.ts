import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { type AssistantMessage, assistantEventSchema } from '#shared/ai';
import { useConfig } from '../../../config/config-context.tsx';
import { type SocketClient, sharedSocketClient } from '../../../lib/socket-client.ts';
import {
  askAssistant,
  type Conversation,
  clearConversation,
  useAssistantEngine,
  useConversation,
} from '../api/assistant.ts';
import { aiKeys } from '../api/keys.ts';
import {
  answerText,
  applyFrame,
  newRequestId,
  type StreamedAnswer,
  startAnswer,
} from '../lib/assistant-stream.ts';

/** How long a question waits for a socket that is still opening before it is sent anyway. */
const SOCKET_WAIT_MS = 2_000;

/** Resolves when the socket is open, or after `ms` (the HTTP answer carries the reply either way). */
function whenOpen(socket: SocketClient, ms: number): Promise<void> {
  if (socket.status() === 'open') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      off();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const off = socket.onStatus((status) => {
      if (status === 'open') done();
    });
  });
}

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
  const engine = useAssistantEngine(resumeId);
  const [pending, setPending] = useState<PendingTurn | null>(null);
  const [failed, setFailed] = useState<FailedTurn | null>(null);
  const [clearing, setClearing] = useState(false);

  // Listening for the whole visit, not only while a question is out: the socket is then open before the
  // first piece is pushed (it opens with its first listener, and a fast answer would be over before).
  useEffect(() => {
    setPending(null);
    setFailed(null);
    if (!resumeId) return;
    return socket.subscribe((frame) => {
      const event = assistantEventSchema.safeParse(frame);
      if (!event.success || event.data.resumeId !== resumeId) return;
      setPending((turn) =>
        turn && turn.answer.requestId === event.data.requestId
          ? { ...turn, answer: applyFrame(turn.answer, event.data) }
          : turn,
      );
    });
  }, [socket, resumeId]);

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
      // Wait a moment for a socket still opening, so the answer can stream rather than arrive whole.
      await whenOpen(socket, SOCKET_WAIT_MS);
      try {
        const answer = await askAssistant(resumeId, { message, requestId });
        queryClient.setQueryData<Conversation>(aiKeys.conversation(resumeId), (current) => ({
          ...current,
          messages: [...(current?.messages ?? []), question, answer],
        }));
      } catch (error) {
        setFailed({ question, error });
      } finally {
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
      queryClient.setQueryData<Conversation>(aiKeys.conversation(resumeId), (current) => ({
        ...current,
        messages: [],
      }));
      setFailed(null);
    } finally {
      setClearing(false);
    }
  }, [resumeId, queryClient]);

  return {
    conversation,
    /** 'local': the basic offline engine answers, not Claude (the page says so). */
    engine,
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
