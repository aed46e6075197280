import { chatAnswer } from './local-engine/chat/answer.ts';
import { suggestionsFor } from './local-engine/suggestions.ts';
import { tailorDrafts } from './local-engine/tailoring.ts';
import {
  AiError,
  type AiProvider,
  type CallOptions,
  type ChatInput,
  type ImportPick,
  type RefineImportInput,
  type SuggestInput,
  type TailorInput,
  type TailoringDraft,
} from './provider.ts';

export { detectIntent } from './local-engine/chat/intent.ts';

/**
 * The deterministic local engine: the AI provider when no Anthropic key is configured (offline, tests, the
 * end-to-end suite). No network and no randomness (a repeat's seed orders its choices, the same way every
 * time): it rearranges, tidies and foregrounds what the resume already says, in English or Portuguese, so its
 * output passes the grounding filter by construction. The resume and the chat message are data, never
 * instructions: nothing here acts on their words, and text that reads like an instruction to an AI is never
 * quoted back.
 *
 * Its parts, in `local-engine/`: `suggestions.ts` (summary and experience alternatives), `tailoring.ts` (the
 * changes for a job), `chat/` (one handler per thing a message can ask about, `answer.ts` choosing), and the
 * helpers they share (`text.ts`, `resume-facts.ts`, `plain-verbs.ts`, `summary-lines.ts`).
 */

/** The answer in pieces of a few words, the way a model streams it. */
function pieces(text: string): string[] {
  const parts = text.match(/\S+\s*/g) ?? [];
  const chunks: string[] = [];
  for (let i = 0; i < parts.length; i += 4) chunks.push(parts.slice(i, i + 4).join(''));
  return chunks;
}

function checkAborted(options?: CallOptions) {
  if (options?.signal?.aborted) throw new AiError('AI_TIMEOUT', 'The call was aborted.');
}

export const localEngine: AiProvider = {
  name: 'local',

  async suggest(input: SuggestInput, options?: CallOptions): Promise<string[]> {
    checkAborted(options);
    return suggestionsFor(input);
  },

  async tailor(input: TailorInput, options?: CallOptions): Promise<TailoringDraft[]> {
    checkAborted(options);
    return tailorDrafts(input);
  },

  async chat(input: ChatInput, onText, options?: CallOptions): Promise<string> {
    checkAborted(options);
    const answer = chatAnswer(input);
    for (const piece of pieces(answer)) {
      checkAborted(options);
      await onText(piece);
    }
    return answer;
  },

  // Choosing among a document's values needs a language model; without one the parser's reading stands.
  async refineImport(_input: RefineImportInput, options?: CallOptions): Promise<ImportPick[]> {
    checkAborted(options);
    return [];
  },
};
