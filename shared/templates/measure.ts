import type { PageBox, PageMargins, TemplateDocument } from './document.tsx';
import {
  type LayoutBlock,
  type MeasuredBlock,
  type PaginatedPage,
  type PaginateOptions,
  paginate,
} from './paginate.ts';

/**
 * The browser half of pagination, shared by the preview and the PDF worker: read block heights from a
 * measuring sheet (a `ResumePage` rendered with `measuring`), and check rendered pages for overflow.
 *
 * `measureSheet` and `findOverflow` run in the preview's page and, serialised by puppeteer's `$eval`, in the
 * page the PDF worker prints, so each is self-contained: standard DOM only, no reference to anything outside
 * its own body, and plain-data arguments (`SheetGeometry`, never the document with its React nodes).
 */

/** How many times the overflow guard may push a block on before it stops (the preview and the PDF alike). */
export const MAX_GUARD_PASSES = 12;

/**
 * The box around the measuring sheet, in the preview and in the PDF's page alike: laid out at the page's
 * width (the sheet sets its own), never painted, and (contain) never re-laying out anything around it.
 */
export const measuringSheetStyle = {
  position: 'absolute',
  top: 0,
  left: 0,
  width: 0,
  height: 0,
  overflow: 'hidden',
  visibility: 'hidden',
  pointerEvents: 'none',
  contain: 'strict',
} as const;

/** What measuring needs of a document: page geometry and each column's blocks, as plain data. */
export interface SheetGeometry {
  page: PageBox;
  margin: PageMargins;
  safeBottom: number;
  columns: { name: string; blocks: LayoutBlock[] }[];
}

export interface SheetMeasurement {
  /** How far the columns start below the top padding on page 1 (the header's height and gap). */
  headerOffset: number;
  /** Each column's blocks with their heights, in `doc.columns` order. */
  columns: { blocks: MeasuredBlock[] }[];
}

/** A document's geometry without its React nodes, so it can cross into a page. */
export function geometryOf(doc: TemplateDocument): SheetGeometry {
  return {
    page: doc.page,
    margin: doc.margin,
    safeBottom: doc.safeBottom,
    columns: doc.columns.map((column) => ({
      name: column.name,
      blocks: column.blocks.map(({ id, spaceBefore, keepWithNext, group }) => ({
        id,
        spaceBefore,
        ...(keepWithNext ? { keepWithNext } : {}),
        ...(group !== undefined ? { group } : {}),
      })),
    })),
  };
}

/** Heights of every block in a measuring sheet (in CSS px of the page, whatever transform it sits under). */
export function measureSheet(sheet: HTMLElement, geometry: SheetGeometry): SheetMeasurement {
  const rect = sheet.getBoundingClientRect();
  const scale = rect.width > 0 ? rect.width / geometry.page.width : 1;
  const columnElements = Array.from(sheet.querySelectorAll<HTMLElement>('[data-rt-column]'));
  let columnTop = Number.POSITIVE_INFINITY;
  const columns = geometry.columns.map((column) => {
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
  const headerOffset = Number.isFinite(columnTop) ? (columnTop - rect.top) / scale - geometry.margin.top : 0;
  return { headerOffset: Math.max(0, headerOffset), columns };
}

/** Room for blocks on page `index` once the page-1 header offset is known. */
export function roomOf(geometry: SheetGeometry, headerOffset: number): (index: number) => number {
  const base = geometry.page.height - geometry.margin.top - geometry.margin.bottom - geometry.safeBottom;
  return (index) => (index === 0 ? base - headerOffset : base);
}

/** Measure a sheet and paginate it. */
export function paginateSheet(
  sheet: HTMLElement,
  geometry: SheetGeometry,
  options: PaginateOptions = {},
): { measurement: SheetMeasurement; pages: PaginatedPage[] } {
  const measurement = measureSheet(sheet, geometry);
  return {
    measurement,
    pages: paginate(measurement.columns, roomOf(geometry, measurement.headerOffset), options),
  };
}

/**
 * The first block that ends below its page's room on rendered pages (elements with `data-rt-page`, in page
 * order), or null when every page fits. A block alone on its page is never reported: it cannot move.
 * The caller pushes the reported block to the next page (`breakBefore`) and paginates again.
 */
export function findOverflow(pageElements: readonly Element[], geometry: SheetGeometry): string | null {
  // Half a pixel of slack: rounding of sub-pixel layout, never a visible overflow.
  const tolerance = 0.5;
  const { page: box, margin, safeBottom } = geometry;
  const base = box.height - margin.top - margin.bottom - safeBottom;
  for (const page of pageElements) {
    const rect = page.getBoundingClientRect();
    const scale = rect.width > 0 ? rect.width / box.width : 1;
    // Page 1's room starts below the header and is that much shorter, so every page's room ends here.
    const limit = margin.top + base;
    for (const column of Array.from(page.querySelectorAll<HTMLElement>('[data-rt-column]'))) {
      const blocks = Array.from(column.children) as HTMLElement[];
      const last = blocks[blocks.length - 1];
      if (!last || blocks.length < 2) continue;
      const bottom = (last.getBoundingClientRect().bottom - rect.top) / scale;
      if (bottom > limit + tolerance) return last.dataset.rtBlock ?? null;
    }
  }
  return null;
}
