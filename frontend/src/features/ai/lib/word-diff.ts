/** One run of a word-level diff: text both sides share, or text only one side has. */
export interface DiffPart {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** Words and the spaces after them stay together, so a diff never splits inside a word. */
const tokenize = (text: string) => text.match(/\s+|[^\s]+/g) ?? [];

/** Past this many token pairs the diff gives up on detail and shows the whole text as replaced. */
const MAX_CELLS = 400_000;

function merge(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  for (const part of parts) {
    const last = out.at(-1);
    if (last && last.kind === part.kind) last.text += part.text;
    else out.push({ ...part });
  }
  return out;
}

/**
 * A word-level diff of `before` and `after` (longest common subsequence over words and whitespace), as
 * runs in reading order: what stayed, what went, what came.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokenize(before);
  const b = tokenize(after);
  if (a.length * b.length > MAX_CELLS) {
    return merge([
      ...(before ? [{ kind: 'removed' as const, text: before }] : []),
      ...(after ? [{ kind: 'added' as const, text: after }] : []),
    ]);
  }
  // lengths[i][j]: the LCS length of a[i..] and b[j..].
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
    }
  }
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as string;
    const y = b[j] as string;
    if (x === y) {
      parts.push({ kind: 'same', text: x });
      i++;
      j++;
    } else if ((lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0)) {
      parts.push({ kind: 'removed', text: x });
      i++;
    } else {
      parts.push({ kind: 'added', text: y });
      j++;
    }
  }
  for (; i < a.length; i++) parts.push({ kind: 'removed', text: a[i] as string });
  for (; j < b.length; j++) parts.push({ kind: 'added', text: b[j] as string });
  return merge(parts);
}

/** The text of one side of a diff: `before` without the added runs, or `after` without the removed ones. */
export function sideOf(parts: readonly DiffPart[], side: 'before' | 'after'): DiffPart[] {
  const hidden = side === 'before' ? 'added' : 'removed';
  return merge(parts.filter((part) => part.kind !== hidden));
}

/**
 * How much of the longer side the two share (0 to 1, by characters outside whitespace). Below about 0.4 a
 * rewrite reads better as two plain texts than as a page of struck-out words.
 */
export function similarity(parts: readonly DiffPart[]): number {
  const count = (kinds: DiffPart['kind'][]) =>
    parts
      .filter((part) => kinds.includes(part.kind))
      .reduce((sum, part) => sum + part.text.replace(/\s+/g, '').length, 0);
  const same = count(['same']);
  const longer = Math.max(count(['same', 'removed']), count(['same', 'added']));
  return longer === 0 ? 1 : same / longer;
}
