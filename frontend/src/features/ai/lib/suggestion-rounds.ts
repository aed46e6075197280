import { SUGGESTION_SEED_MAX, SUGGESTIONS_SEEN_MAX, suggestionKey } from '#shared/ai';

/**
 * The rounds of one suggestion panel (a field of one resume): what was shown last, and everything shown so
 * far, which "Suggest again" sends so the next round differs (the server gives the use back when nothing new
 * can be said). Kept for the page's life, so closing and reopening the panel shows the last round again
 * without spending a use.
 */
export interface Rounds {
  /** The latest round's suggestions (empty before the first answer). */
  shown: string[];
  /** Every suggestion shown in this panel, oldest first. */
  seen: string[];
}

const empty: Rounds = { shown: [], seen: [] };
const kept = new Map<string, Rounds>();

/** The panel's key: one resume's summary, or one of its experience items. */
export const roundsKey = (resumeId: string, target: string, itemId?: string) =>
  `${resumeId}|${target}|${itemId ?? ''}`;

export function savedRounds(key: string): Rounds {
  return kept.get(key) ?? empty;
}

/** A new round shown: it becomes the latest, and its suggestions join the seen ones (once each). */
export function addRound(key: string, rounds: Rounds, suggestions: readonly string[]): Rounds {
  const known = new Set(rounds.seen.map(suggestionKey));
  const fresh = suggestions.filter((s) => !known.has(suggestionKey(s)));
  const next = { shown: [...suggestions], seen: [...rounds.seen, ...fresh] };
  kept.set(key, next);
  return next;
}

/** What a repeat sends as already shown: the newest the API accepts. */
export const seenForRepeat = (rounds: Rounds) => rounds.seen.slice(-SUGGESTIONS_SEEN_MAX);

/** A seed for a repeat: any other one varies the local engine's choices. */
export function repeatSeed(random: () => number = Math.random): number {
  return 1 + Math.floor(random() * (SUGGESTION_SEED_MAX - 1));
}
