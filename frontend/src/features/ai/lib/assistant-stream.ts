import type { AssistantEvent } from '#shared/ai';

/**
 * One answer being written: the pieces pushed over the WebSocket so far, put in `seq` order (frames may
 * arrive out of order or twice), and how it ended.
 */
export interface StreamedAnswer {
  requestId: string;
  pieces: Readonly<Record<number, string>>;
  state: 'streaming' | 'done' | 'error';
  code?: string;
}

export function startAnswer(requestId: string): StreamedAnswer {
  return { requestId, pieces: {}, state: 'streaming' };
}

/** Fold one frame into the answer; frames of another request, or after the end, change nothing. */
export function applyFrame(answer: StreamedAnswer, event: AssistantEvent): StreamedAnswer {
  if (event.requestId !== answer.requestId || answer.state !== 'streaming') return answer;
  switch (event.type) {
    case 'assistant.delta':
      if (answer.pieces[event.seq] === event.text) return answer;
      return { ...answer, pieces: { ...answer.pieces, [event.seq]: event.text } };
    case 'assistant.done':
      return { ...answer, state: 'done' };
    case 'assistant.error':
      return { ...answer, state: 'error', code: event.code };
  }
}

/**
 * The text so far: the pieces from seq 0 up to the first gap (a later piece waits for the missing one,
 * so words never appear out of order).
 */
export function answerText(answer: StreamedAnswer): string {
  let text = '';
  for (let seq = 0; answer.pieces[seq] !== undefined; seq++) text += answer.pieces[seq];
  return text;
}

/** A request id the API accepts (`[A-Za-z0-9_-]{8,64}`), unique per question. */
export function newRequestId(): string {
  return crypto.randomUUID();
}
