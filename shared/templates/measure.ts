import type { TemplateDocument } from './document.tsx';
import { type MeasuredBlock, type PaginatedPage, type PaginateOptions, paginate } from './paginate.ts';

/**
 * The browser half of pagination, shared by the preview and the script the PDF worker runs in its page:
 * read block heights from a measuring sheet (a `ResumePage` rendered with `measuring`), and check rendered
 * pages for overflow. Standard DOM only, and imported only by browser code (never by the templates).
 */

export interface SheetMeasurement {
  /** How far the columns start below the top padding on page 1 (the header's height and gap). */
  headerOffset: number;
  /** Each column's blocks with their heights, in `doc.columns` order. */
  columns: { blocks: MeasuredBlock[] }[];
}

function scaleOf(element: HTMLElement, width: number): number {
  const rect = element.getBoundingClientRect();
  return rect.width > 0 ? rect.width / width : 1;
}

/** Heights of every block in a measuring sheet (in CSS px of the page, whatever transform it sits under). */
export function measureSheet(sheet: HTMLElement, doc: TemplateDocument): SheetMeasurement {
  const scale = scaleOf(sheet, doc.page.width);
  const sheetTop = sheet.getBoundingClientRect().top;
  const columnElements = Array.from(sheet.querySelectorAll<HTMLElement>('[data-rt-column]'));
  let columnTop = Number.POSITIVE_INFINITY;
  const columns = doc.columns.map((column) => {
    const element = columnElements.find((e) => e.dataset.rtColumn === column.name);
    const heights = new Map<string, number>();
    if (element) {
      columnTop = Math.min(columnTop, element.getBoundingClientRect().top);
      for (const block of Array.from(element.children) as HTMLElement[]) {
        const id = block.dataset.rtBlock;
        if (id !== undefined) heights.set(id, block.getBoundingClientRect().height / scale);
      }
    }
    return { blocks: column.blocks.map((b) => ({ ...b, height: heights.get(b.id) ?? 0 })) };
  });
  const headerOffset = Number.isFinite(columnTop) ? (columnTop - sheetTop) / scale - doc.margin.top : 0;
  return { headerOffset: Math.max(0, headerOffset), columns };
}

/** Room for blocks on page `index` once the page-1 header offset is known. */
export function roomOf(doc: TemplateDocument, headerOffset: number): (index: number) => number {
  const base = doc.page.height - doc.margin.top - doc.margin.bottom - doc.safeBottom;
  return (index) => (index === 0 ? base - headerOffset : base);
}

/** Measure a sheet and paginate it. */
export function paginateSheet(
  sheet: HTMLElement,
  doc: TemplateDocument,
  options: PaginateOptions = {},
): { measurement: SheetMeasurement; pages: PaginatedPage[] } {
  const measurement = measureSheet(sheet, doc);
  return {
    measurement,
    pages: paginate(measurement.columns, roomOf(doc, measurement.headerOffset), options),
  };
}

// Half a pixel of slack: rounding of sub-pixel layout, never a visible overflow.
const TOLERANCE = 0.5;

/**
 * The first block that ends below its page's room on rendered pages (elements with `data-rt-page`, in page
 * order), or undefined when every page fits. A block alone on its page is never reported: it cannot move.
 * The caller pushes the reported block to the next page (`breakBefore`) and paginates again.
 */
export function findOverflow(
  pageElements: readonly HTMLElement[],
  doc: TemplateDocument,
  headerOffset: number,
): string | undefined {
  const room = roomOf(doc, headerOffset);
  for (const [index, page] of pageElements.entries()) {
    const scale = scaleOf(page, doc.page.width);
    const pageTop = page.getBoundingClientRect().top;
    const limit = doc.margin.top + (index === 0 ? headerOffset : 0) + room(index);
    for (const column of Array.from(page.querySelectorAll<HTMLElement>('[data-rt-column]'))) {
      const blocks = Array.from(column.children) as HTMLElement[];
      const last = blocks[blocks.length - 1];
      if (!last || blocks.length < 2) continue;
      const bottom = (last.getBoundingClientRect().bottom - pageTop) / scale;
      if (bottom > limit + TOLERANCE) return last.dataset.rtBlock;
    }
  }
  return undefined;
}
