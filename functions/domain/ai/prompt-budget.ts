import type { PerCall } from './config.ts';
import { estimateTokens } from './tokens.ts';

/**
 * What one call may send, in estimated tokens (tokens.ts: UTF-8 bytes, about four times the real count of
 * English text and never below it). A resume may grow to hundreds of kilobytes through its edits; a call
 * sends the parts that matter, trimmed to its budget, so no call costs more than these whatever the data.
 *
 * - `resume`: the resume block. A two-page resume is 6,000 to 12,000 bytes of prompt JSON, so it passes whole.
 * - `total`: the whole prompt, system and instructions included (prompt-budget.test.ts checks every kind
 *   against it with the largest inputs the API accepts).
 */
export const PROMPT_BUDGET: PerCall<{ resume: number; total: number }> = {
  suggestions: { resume: 24_000, total: 32_000 },
  // The job ad (20,000 characters at most, cut to 24,000 bytes) and its analysis come on top.
  tailoring: { resume: 24_000, total: 60_000 },
  // The conversation (up to 24,000 bytes of recent turns) and the message (2,000 characters) come on top.
  chat: { resume: 16_000, total: 52_000 },
  // The import's document (16,000 bytes) and at most 40 fields of at most 200 characters.
  import: { resume: 0, total: 48_000 },
};

/** How hard a trim cuts: items kept per list, characters kept per text. */
interface Cut {
  items: number;
  chars: number;
  /** The sections least likely to matter to a model's answer are left out. */
  minor: boolean;
}

/** Ever harder cuts, tried in turn until the block fits; the first is none. */
const CUTS: Cut[] = [
  { items: Number.POSITIVE_INFINITY, chars: Number.POSITIVE_INFINITY, minor: false },
  { items: Number.POSITIVE_INFINITY, chars: 1_500, minor: false },
  { items: 15, chars: 1_000, minor: true },
  { items: 8, chars: 500, minor: true },
  { items: 4, chars: 250, minor: true },
  { items: 2, chars: 120, minor: true },
  { items: 1, chars: 60, minor: true },
];

const MINOR_SECTIONS = new Set(['customSections', 'volunteering', 'awards']);

const isItem = (value: unknown): value is { id: string } =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';

/** A value with every list cut to `items` (the kept item first) and every text to `chars`. */
function cutValue(value: unknown, cut: Cut, keep: string | undefined): unknown {
  if (typeof value === 'string') return value.length > cut.chars ? `${value.slice(0, cut.chars)}…` : value;
  if (Array.isArray(value)) {
    const kept = value.filter((item) => isItem(item) && item.id === keep);
    const others = value.filter((item) => !(isItem(item) && item.id === keep));
    return [...kept, ...others.slice(0, Math.max(0, cut.items - kept.length))].map((item) =>
      isItem(item) && item.id === keep ? item : cutValue(item, cut, keep),
    );
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !(cut.minor && MINOR_SECTIONS.has(key)))
        .map(([key, field]) => [key, key === 'id' ? field : cutValue(field, cut, keep)]),
    );
  }
  return value;
}

/** The JSON a data block holds, as prompts write it. */
export const blockJson = (value: unknown) => JSON.stringify(value, null, 1);

/**
 * The model's view of a resume cut to `budget` estimated tokens: whole when it fits, else with ever
 * shorter lists and texts (the item a call is about, `keep`, stays whole while anything else can give).
 * The last resort cuts the kept item too, so the answer always fits.
 */
export function fitResume(
  resume: Record<string, unknown>,
  budget: number,
  keep?: string,
): Record<string, unknown> {
  for (const cut of CUTS) {
    const fitted = cutValue(resume, cut, keep) as Record<string, unknown>;
    if (estimateTokens(blockJson(fitted)) <= budget) return fitted;
  }
  const last = CUTS.at(-1) as Cut;
  const bare = cutValue(resume, last, undefined) as Record<string, unknown>;
  return estimateTokens(blockJson(bare)) <= budget ? bare : {};
}

/** A text cut to `budget` estimated tokens (on a character boundary), marked when cut. */
export function fitText(text: string, budget: number): string {
  if (estimateTokens(text) <= budget) return text;
  let chars = Math.min(text.length, budget);
  while (chars > 0 && estimateTokens(text.slice(0, chars)) > budget - 3) chars = Math.floor(chars * 0.9);
  return `${text.slice(0, chars)}…`;
}
