import { env } from '#functions/contract';

/**
 * Claude's model and limits, from configuration (the manifest's `anthropic*` variables), never from code:
 * changing the model or a limit is a deploy parameter, not a commit. Every value has a default, so a
 * function without any of the variables still works.
 */

/** The kinds of call the provider makes; each has its own output budget and deadline. */
export const callKinds = ['suggestions', 'tailoring', 'chat', 'import'] as const;
export type CallKind = (typeof callKinds)[number];
export type PerCall<T> = Record<CallKind, T>;

/** A current Claude Sonnet model (the SDK's own examples use it); ANTHROPIC_MODEL overrides it. */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-5-5';

/**
 * `max_tokens` per call kind. Suggestions are at most five short texts; tailoring proposes changes across
 * the resume; a chat answer is a few paragraphs; an import's refinement picks a few dozen short values.
 */
export const DEFAULT_MAX_TOKENS: PerCall<number> = {
  suggestions: 1024,
  tailoring: 4096,
  chat: 1024,
  import: 2048,
};

/**
 * The whole call's deadline (retries and streaming included), per kind. Suggestions and chat answer an
 * HTTP request or a WebSocket message of the `ai` function (29 s limit, API Gateway gives up at 30), so
 * 25 s; tailoring runs in the worker (120 s limit) and writes far more, so 90 s. An import's refinement runs
 * in the import worker (90 s) after a parse that may take 60 s of OCR, so 20 s: without an answer by then
 * the parser's values stand.
 */
export const DEFAULT_TIMEOUT_MS: PerCall<number> = {
  suggestions: 25_000,
  tailoring: 90_000,
  chat: 25_000,
  import: 20_000,
};

const MAX_TOKENS_RANGE = [1, 64_000] as const;
const TIMEOUT_RANGE = [1_000, 900_000] as const;

export interface AiConfig {
  model: string;
  maxTokens: PerCall<number>;
  timeoutMs: PerCall<number>;
  /** The Messages API's base URL; unset means the SDK's default (api.anthropic.com). Tests use a fake. */
  baseURL?: string;
}

/**
 * Parses a per-kind setting: one number for every kind (`2048`), or a list by kind
 * (`suggestions=1024,tailoring=4096,chat=1024,import=2048`; kinds left out keep their default). A malformed value is
 * a configuration error, reported with the variable's name rather than silently replaced by the default.
 */
export function parsePerCall(
  variable: string,
  raw: string | undefined,
  defaults: PerCall<number>,
  [min, max]: readonly [number, number],
): PerCall<number> {
  const value = raw?.trim();
  if (!value) return { ...defaults };
  const number = (text: string): number => {
    const n = Number(text.trim().replaceAll('_', ''));
    if (!Number.isInteger(n) || n < min || n > max) {
      throw new Error(`${variable}: '${text.trim()}' is not an integer from ${min} to ${max}`);
    }
    return n;
  };
  if (!value.includes('=')) {
    const n = number(value);
    return Object.fromEntries(callKinds.map((kind) => [kind, n])) as PerCall<number>;
  }
  const result = { ...defaults };
  for (const part of value.split(',')) {
    if (!part.trim()) continue;
    const [kind, amount, ...rest] = part.split('=');
    const key = kind?.trim() ?? '';
    if (rest.length > 0 || amount === undefined || !(callKinds as readonly string[]).includes(key)) {
      throw new Error(`${variable}: '${part.trim()}' is not one of ${callKinds.join('=N, ')}=N`);
    }
    result[key as CallKind] = number(amount);
  }
  return result;
}

/** The configuration from an environment (the process's by default). */
export function readAiConfig(source: NodeJS.ProcessEnv = process.env): AiConfig {
  const model = source[env.anthropicModel]?.trim() || DEFAULT_ANTHROPIC_MODEL;
  const baseURL = source[env.anthropicBaseUrl]?.trim();
  if (baseURL && !/^https?:\/\/[^\s]+$/.test(baseURL)) {
    throw new Error(`${env.anthropicBaseUrl}: '${baseURL}' is not an http(s) URL`);
  }
  return {
    model,
    maxTokens: parsePerCall(
      env.anthropicMaxTokens,
      source[env.anthropicMaxTokens],
      DEFAULT_MAX_TOKENS,
      MAX_TOKENS_RANGE,
    ),
    timeoutMs: parsePerCall(
      env.anthropicTimeoutMs,
      source[env.anthropicTimeoutMs],
      DEFAULT_TIMEOUT_MS,
      TIMEOUT_RANGE,
    ),
    ...(baseURL ? { baseURL } : {}),
  };
}
