import { ASSISTANT_HISTORY_MAX, type AssistantEvent, type AssistantMessage } from '#shared/ai';
import type { ResumeContent, ResumeLanguage } from '#shared/resume';
import {
  deleteConversation,
  readConversation,
  writeConversation,
} from '../../adapters/table/assistant-history.ts';
import { logger } from '../../lib/logger.ts';
import { sendToUser } from '../push.ts';
import type { AiProvider } from './provider.ts';
import { metered } from './token-meter.ts';

/** The resume assistant's conversation, kept per resume (deleted with it), and one streamed answer. */

export async function getConversation(sub: string, resumeId: string): Promise<AssistantMessage[]> {
  return readConversation(sub, resumeId);
}

export async function clearConversation(sub: string, resumeId: string): Promise<void> {
  await deleteConversation(sub, resumeId);
}

/** Only the last ASSISTANT_HISTORY_MAX messages are kept. */
async function saveConversation(sub: string, resumeId: string, messages: AssistantMessage[]): Promise<void> {
  await writeConversation(sub, resumeId, messages.slice(-ASSISTANT_HISTORY_MAX), new Date().toISOString());
}

/**
 * Pushes the answer's pieces to the user's open sockets in order. Pieces are gathered for a short while
 * so a fast model does not make one WebSocket post per token; a failed push never stops the answer (the
 * HTTP response carries it whole anyway).
 */
class DeltaStream {
  private buffer = '';
  private seq = 0;
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private readonly sub: string;
  private readonly base: { resumeId: string; requestId: string };
  private readonly flushMs: number;

  constructor(sub: string, base: { resumeId: string; requestId: string }, flushMs = 60) {
    this.sub = sub;
    this.base = base;
    this.flushMs = flushMs;
  }

  write(text: string): void {
    this.buffer += text;
    this.timer ??= setTimeout(() => this.flush(), this.flushMs);
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.buffer) return;
    const event: AssistantEvent = {
      type: 'assistant.delta',
      ...this.base,
      seq: this.seq++,
      text: this.buffer,
    };
    this.buffer = '';
    this.send(event);
  }

  send(event: AssistantEvent): void {
    this.chain = this.chain.then(() =>
      sendToUser(this.sub, event).then(
        () => undefined,
        (error: unknown) => logger.warn('assistant push failed', { error: error as Error }),
      ),
    );
  }

  /** Flush what is left, then send the closing event; resolves when every push has been tried. */
  async end(last: AssistantEvent): Promise<void> {
    this.flush();
    this.send(last);
    await this.chain;
  }
}

export interface AskInput {
  sub: string;
  resumeId: string;
  requestId: string;
  message: string;
  resume: ResumeContent;
  language: ResumeLanguage;
  provider: AiProvider;
}

/** Answer one message: streamed over the WebSocket as it is written, then stored with the question. */
export async function ask(input: AskInput): Promise<AssistantMessage> {
  const history = await getConversation(input.sub, input.resumeId);
  const base = { resumeId: input.resumeId, requestId: input.requestId };
  const stream = new DeltaStream(input.sub, base);
  const asked: AssistantMessage = {
    role: 'user',
    content: input.message,
    createdAt: new Date().toISOString(),
  };
  let text: string;
  try {
    const meter = metered(input.sub);
    text = await input.provider
      .chat(
        { resume: input.resume, history, message: input.message, language: input.language },
        (delta) => stream.write(delta),
        meter.options,
      )
      .finally(meter.recorded);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    await stream.end({
      type: 'assistant.error',
      ...base,
      code: typeof code === 'string' ? code : 'AI_UNAVAILABLE',
    });
    throw error;
  }
  await stream.end({ type: 'assistant.done', ...base });
  const answer: AssistantMessage = {
    role: 'assistant',
    content: text,
    createdAt: new Date().toISOString(),
    engine: input.provider.name,
  };
  await saveConversation(input.sub, input.resumeId, [...history, asked, answer]);
  return answer;
}
