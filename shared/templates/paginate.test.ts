import { describe, expect, it } from '@jest/globals';
import { type MeasuredBlock, paginate } from './paginate.ts';

/** Block shorthand: id, height, and optionally spacing, keep-with-next and item group. */
function b(id: string, height: number, extra: Partial<MeasuredBlock> = {}): MeasuredBlock {
  return { id, height, spaceBefore: 0, ...extra };
}

/** The block ids of one column, page by page. */
function ids(pages: ReturnType<typeof paginate>, column = 0): string[][] {
  return pages.map((page) => page.columns[column]?.blocks ?? []);
}

describe('paginate', () => {
  it('gives one empty page for no blocks', () => {
    const pages = paginate([{ blocks: [] }], 100);
    expect(ids(pages)).toEqual([[]]);
  });

  it('gives one page with no columns at all', () => {
    expect(paginate([], 100)).toHaveLength(1);
  });

  it('fills a page and breaks between blocks', () => {
    const pages = paginate([{ blocks: [b('a', 40), b('b', 40), b('c', 40)] }], 100);
    expect(ids(pages)).toEqual([['a', 'b'], ['c']]);
  });

  it('counts space before a block, but not at the top of a page', () => {
    const blocks = [b('a', 50), b('b', 45, { spaceBefore: 20 }), b('c', 45, { spaceBefore: 10 })];
    const pages = paginate([{ blocks }], 100);
    // On page 2, b drops its 20 px: 45 + 10 + 45 fills the page exactly.
    expect(ids(pages)).toEqual([['a'], ['b', 'c']]);
    expect(pages[1]?.columns[0]?.height).toBe(100);
  });

  it('fits blocks that land exactly on the bottom of the page', () => {
    const pages = paginate([{ blocks: [b('a', 50), b('b', 30, { spaceBefore: 20 })] }], 100);
    expect(ids(pages)).toEqual([['a', 'b']]);
  });

  it('never ends a page with a keep-with-next block (a heading goes with what follows)', () => {
    const blocks = [b('intro', 70), b('heading', 10, { keepWithNext: true }), b('item', 30)];
    const pages = paginate([{ blocks }], 100);
    expect(ids(pages)).toEqual([['intro'], ['heading', 'item']]);
  });

  it('keeps a chain of keep-with-next blocks together: heading, item head and first line', () => {
    const blocks = [
      b('intro', 50),
      b('heading', 10, { keepWithNext: true }),
      b('head', 20, { keepWithNext: true, group: 'x' }),
      b('line1', 30, { group: 'x' }),
    ];
    const pages = paginate([{ blocks }], 100);
    expect(ids(pages)).toEqual([['intro'], ['heading', 'head', 'line1']]);
  });

  it('moves an item whole to the next page when it fits there and the hole left is small', () => {
    const item = [
      b('head', 10, { keepWithNext: true, group: 'x' }),
      b('l1', 10, { group: 'x' }),
      b('l2', 10, { group: 'x' }),
      b('l3', 10, { group: 'x' }),
    ];
    // 80 used, 20 left (20% of the page): head and l1 would fit, but the item moves whole.
    const pages = paginate([{ blocks: [b('a', 80), ...item] }], 100);
    expect(ids(pages)).toEqual([['a'], ['head', 'l1', 'l2', 'l3']]);
  });

  it('splits an item between its lines when moving it would leave a big hole', () => {
    const item = [
      b('head', 10, { keepWithNext: true, group: 'x' }),
      b('l1', 20, { group: 'x' }),
      b('l2', 20, { group: 'x' }),
      b('l3', 20, { group: 'x' }),
    ];
    // 50 left (half the page): the head and two lines stay, the last line goes on.
    const pages = paginate([{ blocks: [b('a', 50), ...item] }], 100);
    expect(ids(pages)).toEqual([['a', 'head', 'l1', 'l2'], ['l3']]);
  });

  it('honours a larger allowed hole', () => {
    const item = [
      b('head', 10, { keepWithNext: true, group: 'x' }),
      b('l1', 20, { group: 'x' }),
      b('l2', 30, { group: 'x' }),
    ];
    const blocks = [b('a', 50), ...item];
    expect(ids(paginate([{ blocks }], 100, { maxGapRatio: 0.6 }))).toEqual([['a'], ['head', 'l1', 'l2']]);
    expect(ids(paginate([{ blocks }], 100))).toEqual([['a', 'head', 'l1'], ['l2']]);
  });

  it('splits an item taller than a page between lines, across as many pages as it needs', () => {
    const lines = Array.from({ length: 7 }, (_, k) => b(`l${k}`, 30, { group: 'x' }));
    const blocks = [b('head', 20, { keepWithNext: true, group: 'x' }), ...lines];
    const pages = paginate([{ blocks }], 100);
    expect(ids(pages)).toEqual([
      ['head', 'l0', 'l1'],
      ['l2', 'l3', 'l4'],
      ['l5', 'l6'],
    ]);
  });

  it('gives a block taller than a page a page of its own', () => {
    const pages = paginate([{ blocks: [b('a', 30), b('huge', 250), b('c', 30)] }], 100);
    expect(ids(pages)).toEqual([['a'], ['huge'], ['c']]);
  });

  it('keeps a heading with a block taller than a page (the block is clipped wherever it goes)', () => {
    const blocks = [b('a', 30), b('heading', 10, { keepWithNext: true }), b('huge', 250), b('c', 30)];
    expect(ids(paginate([{ blocks }], 100))).toEqual([['a'], ['heading', 'huge'], ['c']]);
  });

  it('resumes an item split earlier line by line (no second whole-item move)', () => {
    const lines = Array.from({ length: 4 }, (_, k) => b(`l${k}`, 40, { group: 'x' }));
    const blocks = [b('head', 10, { keepWithNext: true, group: 'x' }), ...lines, b('next', 10)];
    expect(ids(paginate([{ blocks }], 100))).toEqual([
      ['head', 'l0', 'l1'],
      ['l2', 'l3', 'next'],
    ]);
  });

  it('starts a page at a forced break (the overflow guard)', () => {
    const blocks = [b('a', 10), b('b', 10), b('c', 10)];
    expect(ids(paginate([{ blocks }], 100, { breakBefore: new Set(['b']) }))).toEqual([['a'], ['b', 'c']]);
  });

  it('ignores a forced break on a block that already starts a page', () => {
    const blocks = [b('a', 10), b('b', 10)];
    expect(ids(paginate([{ blocks }], 100, { breakBefore: new Set(['a']) }))).toEqual([['a', 'b']]);
  });

  it('paginates columns independently; the longer column sets the page count', () => {
    const main = [b('m1', 60), b('m2', 60), b('m3', 60)];
    const side = [b('s1', 20), b('s2', 20)];
    const pages = paginate([{ blocks: main }, { blocks: side }], 100);
    expect(ids(pages, 0)).toEqual([['m1'], ['m2'], ['m3']]);
    expect(ids(pages, 1)).toEqual([['s1', 's2'], [], []]);
  });

  it('gives page 1 less room when a header spans the columns', () => {
    const blocks = [b('a', 40), b('b', 40), b('c', 40)];
    const pages = paginate([{ blocks }], (page) => (page === 0 ? 60 : 100));
    expect(ids(pages)).toEqual([['a'], ['b', 'c']]);
  });

  it('reports the height used on each page, spacing included', () => {
    const pages = paginate([{ blocks: [b('a', 10), b('b', 20, { spaceBefore: 5 })] }], 100);
    expect(pages[0]?.columns[0]?.height).toBe(35);
  });
});
