import { suggestionKey } from '#shared/ai';
import { AiError, type SuggestInput } from '../provider.ts';
import { experienceSuggestions } from './experience-suggestions.ts';
import { summaryPool } from './summary-suggestions.ts';
import { langOf } from './text.ts';

/** A small deterministic generator (mulberry32): the same seed, the same order. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Three of the pool, none already shown: in the pool's order for seed 0 (or none), else in an order the seed
 * shuffles, so a repeat varies. Empty when everything was shown.
 */
export function pick(pool: readonly string[], input: Pick<SuggestInput, 'avoid' | 'seed'>): string[] {
  const shown = new Set((input.avoid ?? []).map(suggestionKey));
  const fresh = pool.filter((s) => !shown.has(suggestionKey(s)));
  if (input.seed) {
    const next = random(input.seed);
    for (let i = fresh.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [fresh[i], fresh[j]] = [fresh[j] as string, fresh[i] as string];
    }
  }
  return fresh.slice(0, 3);
}

/** Up to three suggestions for the summary or an experience item; AI_BAD_ANSWER when there is nothing to work from. */
export function suggestionsFor(input: SuggestInput): string[] {
  const lang = langOf(input.language);
  if (input.target === 'summary') {
    const pool = summaryPool(input.resume, lang);
    if (pool.length === 0)
      throw new AiError('AI_BAD_ANSWER', 'The resume holds too little to write a summary from.');
    return pick(pool, input);
  }
  const item = input.resume.experience.find((e) => e.id === input.itemId);
  if (!item) throw new AiError('AI_BAD_ANSWER', 'No such experience item.');
  const pool = experienceSuggestions(item, lang);
  if (pool.length === 0) throw new AiError('AI_BAD_ANSWER', 'The experience has no description to rework.');
  return pick(pool, input);
}
