import Anthropic, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from '@anthropic-ai/sdk';
import { zodOutputFormat } from '@anthropic-ai/sdk/helpers/zod';
import type { Message } from '@anthropic-ai/sdk/resources/messages';
import { z } from 'zod';
import {
  SUGGESTIONS_MAX,
  SUMMARY_SUGGESTION_MAX_CHARS,
  tailoringChangeSchema,
  tailoringFields,
  tailoringSections,
} from '#shared/ai';
import type { ResumeContent } from '#shared/resume';
import type { CallKind, PerCall } from './config.ts';
import { chatPrompt, type Prompt, refineImportPrompt, suggestPrompt, tailorPrompt } from './prompts.ts';
import {
  AiError,
  type AiErrorCode,
  type AiProvider,
  type CallOptions,
  IMPORT_FIELDS_MAX,
  type TailoringDraft,
} from './provider.ts';

/**
 * The Claude adapter of the AiProvider port, on @anthropic-ai/sdk.
 *
 * - Structured output: suggestions and tailoring ask for a JSON answer with `output_config.format`
 *   (structured outputs: the API constrains the answer to our JSON schema) and no tools at all, so there
 *   is no tool, side effect or not, for an injected instruction to reach. The answer is still parsed and
 *   validated with zod here (the port's contract is ours, not the API's); a malformed one is AI_BAD_ANSWER.
 * - Retries: our own loop, not the SDK's (its `maxRetries` is 0): 429, 529 and other transient 5xx or
 *   connection failures are retried with exponential backoff and jitter, honouring `retry-after(-ms)`,
 *   within one deadline for the whole call. The SDK would retry timeouts too and sleep whatever
 *   `retry-after` says, which can outlive the function; a wait past the deadline fails fast instead.
 * - Timeouts: one deadline per call kind (config.ts) covering every attempt, the waits between them and a
 *   streamed body; reaching it is AI_TIMEOUT. Anything else is AI_UNAVAILABLE.
 * - Streaming: chat uses `messages.stream`; each text delta goes to `onText` in order (awaited, so a slow
 *   consumer slows the read rather than reordering). A failure before the first delta is retried like any
 *   other; after one, it is not (the listener already has part of an answer), and is AI_UNAVAILABLE.
 * - `max_tokens` is always set, from configuration per call kind.
 */

export interface ClaudeProviderOptions {
  apiKey: string;
  model: string;
  /** `max_tokens`: one value for every call kind, or one per kind. */
  maxTokens: number | PerCall<number>;
  /** The whole call's deadline (attempts, backoff, streaming), in ms: one value or one per kind. */
  timeoutMs: number | PerCall<number>;
  /** The Messages API's base URL (tests point it at a local fake). */
  baseURL?: string;
  /** Retries after the first attempt, for 429, 529 and transient failures. Default 2. */
  maxRetries?: number;
  /** First backoff, doubled each retry (jittered), when the answer names no retry-after. Default 500 ms. */
  retryBaseDelayMs?: number;
  /** Backoff cap. Default 8 s. */
  retryMaxDelayMs?: number;
  /** Told about every call once it ends (for logs and cost): never the prompt, the answer or the key. */
  onCall?: (record: ClaudeCallRecord) => void;
}

/** One call of the provider, as `onCall` reports it. */
export interface ClaudeCallRecord {
  kind: CallKind;
  model: string;
  /** 'ok', the AiError code, or 'LISTENER_FAILED' when the caller's onText threw. */
  outcome: 'ok' | AiErrorCode | 'LISTENER_FAILED';
  /** HTTP attempts made (1 without retries). */
  attempts: number;
  durationMs: number;
  inputTokens?: number;
  outputTokens?: number;
  stopReason?: string | null;
}

/** What a call learns along the way, for its record and its retry decisions. */
interface CallState {
  attempts: number;
  /** Streaming: text went out to the listener, so the call can no longer be retried. */
  emitted: boolean;
  usage?: { input_tokens: number; output_tokens: number };
  stopReason?: string | null;
}

const perCall = (value: number | PerCall<number>, kind: CallKind): number =>
  typeof value === 'number' ? value : value[kind];

// ---------------------------------------------------------------------------------------------------------
// Answer shapes: the JSON schema the API is given (loose: structured outputs support a subset of JSON
// schema) and the strict zod schema the answer must pass here.

const suggestionsFormatSchema = z.object({
  suggestions: z.array(z.string()).describe(`1 to ${SUGGESTIONS_MAX} alternatives, plain text`),
});
const suggestionsAnswerSchema = z.strictObject({
  suggestions: z.array(z.string().trim().min(1).max(5_000)).min(1).max(SUGGESTIONS_MAX),
});

const changeFormatSchema = z.object({
  section: z.enum(tailoringSections),
  itemId: z.string().optional().describe('The item id, for experience, projects and skills "name"'),
  field: z.enum(tailoringFields),
  original: z.string(),
  suggested: z.string(),
  explanation: z.string(),
});
const tailoringFormatSchema = z.object({ changes: z.array(changeFormatSchema) });
export const TAILORING_CHANGES_MAX = 40;
const tailoringAnswerSchema = z.strictObject({
  changes: z
    .array(
      z.preprocess(
        // A model may write `"itemId": null` or "" for "no item"; both mean absent.
        (value) => {
          if (value && typeof value === 'object' && 'itemId' in value) {
            const { itemId, ...rest } = value as { itemId?: unknown };
            return itemId === null || itemId === '' ? rest : value;
          }
          return value;
        },
        tailoringChangeSchema.omit({ id: true }),
      ),
    )
    .max(TAILORING_CHANGES_MAX),
});

/** JSON schema for `output_config.format`, made by the SDK's helper (it adapts zod's JSON schema). */
function jsonFormat(schema: z.ZodType): { type: 'json_schema'; schema: Record<string, unknown> } {
  const format = zodOutputFormat(schema);
  return { type: 'json_schema', schema: format.schema };
}
const importFormatSchema = z.object({
  fields: z
    .array(z.object({ path: z.string(), value: z.string() }))
    .describe('One entry per field whose value the document states'),
});
const importAnswerSchema = z.strictObject({
  fields: z
    .array(z.strictObject({ path: z.string().max(200), value: z.string().max(1_000) }))
    .max(IMPORT_FIELDS_MAX),
});

const suggestionsFormat = jsonFormat(suggestionsFormatSchema);
const importFormat = jsonFormat(importFormatSchema);
const tailoringFormat = jsonFormat(tailoringFormatSchema);

// ---------------------------------------------------------------------------------------------------------
// Answers checked against the resume: the change's `original` is the resume's current value (the model's
// quote is not trusted), and a change to an item or field the resume does not have is dropped.

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/^\s*(?:[-*•·‣▪]|\d{1,2}[.)])\s+/, '').trim())
    .filter(Boolean)
    .join('\n');

function currentValue(resume: ResumeContent, change: TailoringDraft): string | undefined {
  const { section, field, itemId } = change;
  if (section === 'personalInfo') {
    if (itemId !== undefined) return undefined;
    if (field === 'summary') return resume.personalInfo.summary;
    if (field === 'jobTitle') return resume.personalInfo.jobTitle;
    return undefined;
  }
  if (section === 'skills') {
    if (field === 'order') {
      return itemId === undefined ? resume.skills.map((s) => s.name).join('\n') : undefined;
    }
    if (field === 'name') return resume.skills.find((s) => s.id === itemId)?.name;
    return undefined;
  }
  if (field !== 'description' || itemId === undefined) return undefined;
  return resume[section].find((item) => item.id === itemId)?.description;
}

/** The model's changes, with `original` taken from the resume; impossible or no-op changes dropped. */
export function reconcileChanges(resume: ResumeContent, drafts: TailoringDraft[]): TailoringDraft[] {
  const kept: TailoringDraft[] = [];
  for (const draft of drafts) {
    const original = currentValue(resume, draft);
    if (original === undefined) continue;
    const multiline = draft.field === 'description' || draft.field === 'order';
    const suggested = multiline ? lines(draft.suggested) : draft.suggested.trim();
    if (!suggested || suggested === original.trim()) continue;
    kept.push({ ...draft, original, suggested, explanation: draft.explanation.trim() });
  }
  return kept;
}

// ---------------------------------------------------------------------------------------------------------
// Failure handling

/** Thrown inside a call when its deadline passes (the abort reason). */
class DeadlineReached extends Error {
  override readonly name = 'DeadlineReached';
}
/** Wraps an error thrown by the caller's `onText`: it is theirs, not the provider's, and passes through. */
class ListenerFailed extends Error {
  override readonly name = 'ListenerFailed';
}

const retryableStatuses = new Set([408, 429, 500, 502, 503, 504, 529]);
const retryableErrorTypes = new Set(['overloaded_error', 'rate_limit_error', 'api_error']);

function isRetryable(error: unknown): boolean {
  if (error instanceof APIUserAbortError || error instanceof APIConnectionTimeoutError) return false;
  if (error instanceof APIConnectionError) return true;
  if (error instanceof APIError) {
    if (error.headers?.get('x-should-retry') === 'false') return false;
    if (error.status !== undefined) return retryableStatuses.has(error.status);
    // An `event: error` inside a stream has no status, only the error's type.
    const type = (error.error as { error?: { type?: unknown } } | undefined)?.error?.type;
    return typeof type === 'string' && retryableErrorTypes.has(type);
  }
  // A connection dropped mid-body fails in fetch (undici: TypeError "terminated"), which the SDK wraps in a
  // plain AnthropicError: look for it, or a socket error code, along the cause chain.
  return isNetworkFailure(error);
}

const networkCodes = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/** Duck-typed (errors may come from another realm: undici's, or a test runner's VM). */
function isNetworkFailure(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    const { message, code, cause } = current as { message?: unknown; code?: unknown; cause?: unknown };
    if (typeof message === 'string' && /^(TypeError: )?(terminated|fetch failed)$/i.test(message))
      return true;
    if (typeof code === 'string' && networkCodes.has(code)) return true;
    current = cause;
  }
  return false;
}

/** What the server asked for (retry-after-ms, or retry-after in seconds or as a date), in ms. */
function retryAfterMs(error: unknown): number | undefined {
  if (!(error instanceof APIError) || !error.headers) return undefined;
  const ms = Number.parseFloat(error.headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const header = error.headers.get('retry-after');
  if (!header) return undefined;
  const seconds = Number.parseFloat(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function describeError(error: unknown): string {
  if (error instanceof APIError && error.status !== undefined)
    return `HTTP ${error.status}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const done = () => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

// ---------------------------------------------------------------------------------------------------------

export function createClaudeProvider(options: ClaudeProviderOptions): AiProvider {
  const maxRetries = options.maxRetries ?? 2;
  const baseDelay = options.retryBaseDelayMs ?? 500;
  const maxDelay = options.retryMaxDelayMs ?? 8_000;
  const client = new Anthropic({
    apiKey: options.apiKey,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    // Retries and deadlines are ours (see above).
    maxRetries: 0,
  });

  /**
   * Runs `attempt` under the call kind's deadline, retrying transient failures. `attempt` gets the signal
   * to pass to the SDK and the time left; `state.emitted` (streaming) stops retries once output went out.
   * `state.attempts` counts the attempts.
   */
  async function run<T>(
    kind: CallKind,
    callOptions: CallOptions | undefined,
    attempt: (signal: AbortSignal, remainingMs: number) => Promise<T>,
    state: CallState,
  ): Promise<T> {
    const timeoutMs = perCall(options.timeoutMs, kind);
    const deadline = Date.now() + timeoutMs;
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DeadlineReached(`no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const callerSignal = callOptions?.signal;
    const onCallerAbort = () => controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) onCallerAbort();
    else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

    const failure = (error: unknown): Error => {
      if (error instanceof ListenerFailed) return error.cause as Error;
      if (error instanceof AiError) return error;
      const reason: unknown = controller.signal.reason;
      if (reason instanceof DeadlineReached || error instanceof APIConnectionTimeoutError) {
        return new AiError('AI_TIMEOUT', `Claude ${kind}: no answer within ${timeoutMs} ms`, {
          cause: error,
        });
      }
      if (controller.signal.aborted) {
        // The caller gave up: its own timeout is a timeout, anything else means the call is off.
        const timedOut = (reason as { name?: unknown } | undefined)?.name === 'TimeoutError';
        return new AiError(
          timedOut ? 'AI_TIMEOUT' : 'AI_UNAVAILABLE',
          `Claude ${kind}: aborted by the caller`,
          {
            cause: error,
          },
        );
      }
      return new AiError('AI_UNAVAILABLE', `Claude ${kind}: ${describeError(error)}`, { cause: error });
    };

    try {
      for (let retry = 0; ; retry++) {
        try {
          state.attempts += 1;
          return await attempt(controller.signal, Math.max(1, deadline - Date.now()));
        } catch (error) {
          if (
            error instanceof AiError ||
            error instanceof ListenerFailed ||
            controller.signal.aborted ||
            state.emitted ||
            retry >= maxRetries ||
            !isRetryable(error)
          ) {
            throw failure(error);
          }
          const asked = retryAfterMs(error);
          const backoff = Math.min(maxDelay, baseDelay * 2 ** retry) * (1 - Math.random() * 0.25);
          const delay = asked ?? backoff;
          if (Date.now() + delay >= deadline) {
            throw new AiError(
              'AI_UNAVAILABLE',
              `Claude ${kind}: ${describeError(error)}; the retry would wait ${Math.round(delay)} ms, past the deadline`,
              { cause: error },
            );
          }
          await sleep(delay, controller.signal).catch(() => {
            throw failure(error);
          });
        }
      }
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    }
  }

  /** Runs one provider call with its state, and reports it to `onCall` when it ends, however it ends. */
  async function observed<T>(
    kind: CallKind,
    callOptions: CallOptions | undefined,
    body: (state: CallState) => Promise<T>,
  ): Promise<T> {
    const state: CallState = { attempts: 0, emitted: false };
    const started = Date.now();
    let outcome: ClaudeCallRecord['outcome'] = 'ok';
    try {
      return await body(state);
    } catch (error) {
      outcome = error instanceof AiError ? error.code : 'LISTENER_FAILED';
      throw error;
    } finally {
      try {
        options.onCall?.({
          kind,
          model: options.model,
          outcome,
          attempts: state.attempts,
          durationMs: Date.now() - started,
          ...(state.usage
            ? { inputTokens: state.usage.input_tokens, outputTokens: state.usage.output_tokens }
            : {}),
          ...(state.stopReason !== undefined ? { stopReason: state.stopReason } : {}),
        });
        if (state.usage) {
          callOptions?.onUsage?.({
            inputTokens: state.usage.input_tokens,
            outputTokens: state.usage.output_tokens,
          });
        }
      } catch {
        // A failing reporter must not change the call's outcome.
      }
    }
  }

  /** One structured call: the JSON answer, validated by `schema`. */
  async function structured<S extends z.ZodType>(
    kind: CallKind,
    prompt: Prompt,
    format: { type: 'json_schema'; schema: Record<string, unknown> },
    schema: S,
    callOptions: CallOptions | undefined,
    state: CallState,
  ): Promise<z.infer<S>> {
    const message: Message = await run(
      kind,
      callOptions,
      (signal, remainingMs) =>
        client.messages.create(
          {
            model: options.model,
            max_tokens: perCall(options.maxTokens, kind),
            system: prompt.system,
            messages: [{ role: 'user', content: prompt.user }],
            output_config: { format },
          },
          { signal, timeout: remainingMs },
        ),
      state,
    );
    state.usage = message.usage;
    state.stopReason = message.stop_reason;
    if (message.stop_reason === 'max_tokens') {
      throw new AiError('AI_BAD_ANSWER', `Claude ${kind}: the answer was cut at max_tokens`);
    }
    if (message.stop_reason === 'refusal') {
      throw new AiError('AI_BAD_ANSWER', `Claude ${kind}: the model declined to answer`);
    }
    const text = message.content
      .flatMap((block) => (block.type === 'text' ? [block.text] : []))
      .join('')
      .trim();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new AiError('AI_BAD_ANSWER', `Claude ${kind}: the answer is not JSON`, { cause: error });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new AiError('AI_BAD_ANSWER', `Claude ${kind}: the answer does not match its schema`, {
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  return {
    name: 'claude',

    suggest: (input, callOptions) =>
      observed('suggestions', callOptions, async (state) => {
        const answer = await structured(
          'suggestions',
          suggestPrompt(input),
          suggestionsFormat,
          suggestionsAnswerSchema,
          callOptions,
          state,
        );
        const suggestions =
          input.target === 'summary'
            ? answer.suggestions.map((s) => s.trim()).filter((s) => s.length <= SUMMARY_SUGGESTION_MAX_CHARS)
            : answer.suggestions.map(lines).filter(Boolean);
        if (suggestions.length === 0) {
          throw new AiError('AI_BAD_ANSWER', 'Claude suggestions: no suggestion within the limits');
        }
        return suggestions;
      }),

    tailor: (input, callOptions) =>
      observed('tailoring', callOptions, async (state) => {
        const answer = await structured(
          'tailoring',
          tailorPrompt(input),
          tailoringFormat,
          tailoringAnswerSchema,
          callOptions,
          state,
        );
        return reconcileChanges(input.resume, answer.changes as TailoringDraft[]);
      }),

    refineImport: (input, callOptions) =>
      observed('import', callOptions, async (state) => {
        const answer = await structured(
          'import',
          refineImportPrompt(input),
          importFormat,
          importAnswerSchema,
          callOptions,
          state,
        );
        return answer.fields;
      }),

    chat: (input, onText, callOptions) =>
      observed('chat', callOptions, (state) => {
        const prompt = chatPrompt(input);
        return run(
          'chat',
          callOptions,
          async (signal, remainingMs) => {
            const stream = client.messages.stream(
              {
                model: options.model,
                max_tokens: perCall(options.maxTokens, 'chat'),
                system: prompt.system,
                messages: [{ role: 'user', content: prompt.user }],
              },
              { signal, timeout: remainingMs },
            );
            let text = '';
            try {
              for await (const event of stream) {
                if (event.type !== 'content_block_delta' || event.delta.type !== 'text_delta') continue;
                const delta = event.delta.text;
                if (!delta) continue;
                text += delta;
                state.emitted = true;
                try {
                  await onText(delta);
                } catch (error) {
                  throw new ListenerFailed('onText failed', { cause: error });
                }
              }
              const final = await stream.finalMessage();
              state.usage = final.usage;
              state.stopReason = final.stop_reason;
              if (final.stop_reason === 'refusal' && !text) {
                throw new AiError('AI_BAD_ANSWER', 'Claude chat: the model declined to answer');
              }
            } finally {
              if (!stream.ended) stream.abort();
            }
            if (!text.trim()) throw new AiError('AI_BAD_ANSWER', 'Claude chat: an empty answer');
            return text;
          },
          state,
        );
      }),
  };
}
