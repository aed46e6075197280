import type { AssistantMessage, JobAnalysis, SuggestionTarget, TailoringChange } from '#shared/ai';
import type { ResumeContent, ResumeLanguage } from '#shared/resume';

/**
 * The one port every AI feature goes through. Two adapters: Claude (`claude.ts`, when an Anthropic key is
 * configured) and the deterministic local engine (`local-engine.ts`, otherwise). Callers never trust what a
 * provider returns: suggestions and tailoring changes pass the grounding filter (`grounding.ts`) before a
 * user sees them.
 */

export interface SuggestInput {
  resume: ResumeContent;
  target: SuggestionTarget;
  /** The experience item, for target 'experience'. */
  itemId?: string;
  /** The language to write in (the resume's). */
  language: ResumeLanguage;
}

export interface TailorInput {
  resume: ResumeContent;
  jobDescription: string;
  analysis: JobAnalysis;
  language: ResumeLanguage;
}

/** A proposed change before it gets its id (the caller numbers the kept ones). */
export type TailoringDraft = Omit<TailoringChange, 'id'>;

export interface ChatInput {
  resume: ResumeContent;
  /** Earlier turns, oldest first. */
  history: AssistantMessage[];
  message: string;
  language: ResumeLanguage;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface AiProvider {
  readonly name: 'claude' | 'local';
  /** One to five alternatives: a summary (at most 700 characters), or an experience description. */
  suggest(input: SuggestInput, options?: CallOptions): Promise<string[]>;
  /** Proposed changes; ungrounded ones are removed by the caller. */
  tailor(input: TailorInput, options?: CallOptions): Promise<TailoringDraft[]>;
  /** The answer, written through `onText` piece by piece as it is produced, and returned whole. */
  chat(
    input: ChatInput,
    onText: (delta: string) => void | Promise<void>,
    options?: CallOptions,
  ): Promise<string>;
}

/** Stable failure codes of a provider call; the SPA translates them. */
export type AiErrorCode = 'AI_UNAVAILABLE' | 'AI_TIMEOUT' | 'AI_BAD_ANSWER';

export class AiError extends Error {
  override readonly name = 'AiError';
  readonly code: AiErrorCode;
  constructor(code: AiErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.code = code;
  }
}
