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
  /** Varies a repeat's choices (the local engine orders its alternatives by it; 0 or none: its usual order). */
  seed?: number;
  /** Alternatives already shown: none of them again. */
  avoid?: readonly string[];
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

/** A field of an imported resume the parser was unsure of, by its index path (`experience.0.company`). */
export interface ImportField {
  path: string;
  /** What the parser read ('' for nothing). */
  value: string;
  /** What the field holds, for the model ("the employer's name"). */
  meaning: string;
}

/** At most this many fields are asked in one refinement, and answered. */
export const IMPORT_FIELDS_MAX = 40;

export interface RefineImportInput {
  /** The document's text as the parser read it, contact details masked, within a budget. */
  documentText: string;
  fields: ImportField[];
  language: ResumeLanguage;
}

/** A value the provider picked for a field; the caller keeps it only when the document holds it. */
export interface ImportPick {
  path: string;
  value: string;
}

/** The tokens one call spent, as the provider's API counted them. */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Told the call's tokens once it ends, when the provider spent any (the local engine spends none). */
  onUsage?: (usage: TokenUsage) => void;
}

export interface AiProvider {
  readonly name: 'claude' | 'local';
  /**
   * One to five alternatives: a summary (at most 700 characters), or an experience description; none when
   * every alternative it can write is in `avoid` (nothing new to say).
   */
  suggest(input: SuggestInput, options?: CallOptions): Promise<string[]>;
  /** Proposed changes; ungrounded ones are removed by the caller. */
  tailor(input: TailorInput, options?: CallOptions): Promise<TailoringDraft[]>;
  /** The answer, written through `onText` piece by piece as it is produced, and returned whole. */
  chat(
    input: ChatInput,
    onText: (delta: string) => void | Promise<void>,
    options?: CallOptions,
  ): Promise<string>;
  /**
   * For an imported resume's uncertain fields, the value the document gives each (the document's own
   * text, cleaned at most). The local engine has nothing to add and answers none: the parser's values
   * stand. The caller keeps only picks of asked fields whose text is in the document.
   */
  refineImport(input: RefineImportInput, options?: CallOptions): Promise<ImportPick[]>;
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
