/**
 * Page breaking, shared by the live preview and the PDF renderer so both break at the same places.
 * Pure: it only sees block heights (measured in a browser at the column's width) and the room on each page.
 *
 * Rules (DESIGN.md): breaks fall between items where they can; a block marked keep-with-next (a section
 * heading, an item's head) never ends a page; an item that does not fit in what is left moves whole to the
 * next page when it fits there and the hole it leaves is small, and otherwise splits between its lines; a
 * block taller than a whole page gets a page of its own. Columns paginate independently.
 */

/** A block as a template describes it. */
export interface LayoutBlock {
  id: string;
  /** Space above the block, in CSS px; dropped at the top of a page. */
  spaceBefore: number;
  /** The block must not end a page: it goes to the next page with the block after it. */
  keepWithNext?: boolean;
  /** Blocks of one item share a group: the item moves whole to the next page when that is cheap. */
  group?: string;
}

/** A block with its rendered height in CSS px. */
export interface MeasuredBlock extends LayoutBlock {
  height: number;
}

export interface PaginateColumn {
  blocks: readonly MeasuredBlock[];
}

export interface PageColumn {
  /** Ids of the blocks on this page, in order. */
  blocks: string[];
  /** Height the blocks take, spacing included. */
  height: number;
}

export interface PaginatedPage {
  columns: PageColumn[];
}

export interface PaginateOptions {
  /** Blocks that must start a page (the overflow guard's correction). */
  breakBefore?: ReadonlySet<string>;
  /**
   * Largest hole, as a share of the page's room, that moving a whole item may leave at the bottom of a page;
   * a bigger item is split between its lines instead, so a page is never left half empty.
   */
  maxGapRatio?: number;
}

/** By default an item may leave up to a quarter of a page empty to stay in one piece. */
export const DEFAULT_MAX_GAP_RATIO = 0.25;

/** Room for blocks on page `index` (0-based): one number for every page, or a function of the page. */
export type PageRoom = number | ((index: number) => number);

interface ColumnState {
  pages: PageColumn[];
  used: number;
}

/** Split every column's blocks into pages; there is always at least one page. */
export function paginate(
  columns: readonly PaginateColumn[],
  pageContentHeight: PageRoom,
  options: PaginateOptions = {},
): PaginatedPage[] {
  const room = typeof pageContentHeight === 'number' ? () => pageContentHeight : pageContentHeight;
  const perColumn = columns.map((column) => paginateColumn(column.blocks, room, options));
  const count = Math.max(1, ...perColumn.map((pages) => pages.length));
  return Array.from({ length: count }, (_, index) => ({
    columns: perColumn.map((pages) => pages[index] ?? { blocks: [], height: 0 }),
  }));
}

function paginateColumn(
  blocks: readonly MeasuredBlock[],
  room: (index: number) => number,
  options: PaginateOptions,
): PageColumn[] {
  const maxGapRatio = options.maxGapRatio ?? DEFAULT_MAX_GAP_RATIO;
  const breakBefore = options.breakBefore ?? new Set<string>();
  const state: ColumnState = { pages: [{ blocks: [], height: 0 }], used: 0 };
  const page = () => state.pages[state.pages.length - 1] as PageColumn;
  const capacity = () => room(state.pages.length - 1);
  const newPage = () => {
    state.pages.push({ blocks: [], height: 0 });
    state.used = 0;
  };
  // Height of blocks [from, to] placed one after the other, starting at the current position.
  const heightOf = (from: number, to: number, atTop: boolean) => {
    let total = 0;
    for (let k = from; k <= to; k++) {
      const block = blocks[k] as MeasuredBlock;
      total += (k === from && atTop ? 0 : block.spaceBefore) + block.height;
    }
    return total;
  };
  const place = (from: number, to: number) => {
    for (let k = from; k <= to; k++) {
      const block = blocks[k] as MeasuredBlock;
      const top = page().blocks.length === 0;
      state.used += (top ? 0 : block.spaceBefore) + block.height;
      page().blocks.push(block.id);
    }
    page().height = state.used;
  };
  const fits = (from: number, to: number) =>
    state.used + heightOf(from, to, page().blocks.length === 0) <= capacity() + EPSILON;

  let i = 0;
  while (i < blocks.length) {
    const first = blocks[i] as MeasuredBlock;
    if (breakBefore.has(first.id) && page().blocks.length > 0) newPage();

    const chainEnd = keepChainEnd(blocks, i);
    const wholeEnd = itemEnd(blocks, i, chainEnd);
    const atTop = page().blocks.length === 0;

    if (fits(i, wholeEnd)) {
      place(i, wholeEnd);
      i = wholeEnd + 1;
      continue;
    }
    if (!atTop) {
      const left = capacity() - state.used;
      const wholeFitsFresh = heightOf(i, wholeEnd, true) <= room(state.pages.length) + EPSILON;
      const smallHole = left <= maxGapRatio * capacity() + EPSILON;
      const chainFits = fits(i, chainEnd);
      // Moving the item whole reads best, unless that leaves a big hole; splitting needs its head to fit.
      if ((wholeFitsFresh && smallHole) || !chainFits) {
        newPage();
        continue;
      }
      place(i, chainEnd);
      i = chainEnd + 1;
      continue;
    }
    // At the top of a page and the item does not fit: split it between lines, keeping what must stay
    // together whenever that fits on a page of its own.
    if (fits(i, chainEnd)) {
      place(i, chainEnd);
      i = chainEnd + 1;
      continue;
    }
    // A keep-together chain taller than a page: give up the keep and fill the page block by block. A block
    // taller than any page is clipped wherever it goes, so it stays with the heading that announces it.
    let k = i;
    do {
      place(k, k);
      k++;
    } while (k <= chainEnd && (fits(k, k) || heightOf(k, k, true) > room(state.pages.length) + EPSILON));
    i = k;
  }
  return state.pages;
}

// Measured heights are fractions of a pixel; a sum that overshoots by rounding noise still fits.
const EPSILON = 0.01;

/** Last index of the keep-with-next chain that starts at `from`. */
function keepChainEnd(blocks: readonly MeasuredBlock[], from: number): number {
  let end = from;
  while (end < blocks.length - 1 && blocks[end]?.keepWithNext) end++;
  return end;
}

/**
 * Last index of what should move as one piece from `from`: the keep chain, stretched to the end of the item
 * (group) it enters, when the item starts inside the chain (not when we resume an item split earlier).
 */
function itemEnd(blocks: readonly MeasuredBlock[], from: number, chainEnd: number): number {
  const group = blocks[chainEnd]?.group;
  if (group === undefined) return chainEnd;
  const previous = blocks[from - 1];
  if (previous?.group === group) return chainEnd;
  let end = chainEnd;
  while (end < blocks.length - 1 && blocks[end + 1]?.group === group) end++;
  return end;
}
