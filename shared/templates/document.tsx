import type { CSSProperties, ReactNode } from 'react';
import type { PageSize, ResumeLanguage } from '../resume.ts';
import type { ResumeView } from './content.ts';
import type { LayoutBlock, PaginatedPage } from './paginate.ts';
import type { TemplateInfo } from './registry.ts';

/**
 * A resume laid out by a template, ready to paginate: page geometry, an optional header on page 1, and each
 * column as an ordered list of blocks. The components below render it the same way everywhere: in the
 * preview, in the hidden measuring sheet, and (through react-dom/server) in the PDF worker. No browser API
 * is used here.
 */

export interface TemplateBlock extends LayoutBlock {
  node: ReactNode;
  /** Continues the text of the block before (drawn without its own bullet). */
  continued?: boolean;
}

export interface TemplateColumn {
  /** 'main' or 'side': a class name and the `data-rt-column` value. */
  name: string;
  blocks: TemplateBlock[];
}

export interface PageBox {
  width: number;
  height: number;
}

export interface PageMargins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface TemplateDocument {
  info: TemplateInfo;
  view: ResumeView;
  language: ResumeLanguage;
  pageSize: PageSize;
  page: PageBox;
  /** Page padding in CSS px, written inline so the CSS and the page room computed in script agree. */
  margin: PageMargins;
  /** Extra room kept free above the bottom margin (the spec's safeBottomMargin). */
  safeBottom: number;
  /** Template class on every page ('rt-simple'); all template CSS is scoped under it. */
  className: string;
  /** CSS custom properties of this resume: accent, font. */
  vars: Record<string, string>;
  css: string;
  /** Spans the columns at the top of page 1 (e.g. a name band); null when the name is a column block. */
  header: ReactNode | null;
  /** Painted behind every page's content (e.g. a sidebar's colour), so it continues on every page. */
  backdrop: ReactNode | null;
  columns: TemplateColumn[];
}

/** Page boxes in CSS px at 96 dpi: US Letter 8.5 × 11 in, A4 210 × 297 mm. */
export const pageBoxes: Record<PageSize, PageBox> = {
  letter: { width: 816, height: 1056 },
  a4: { width: (210 * 96) / 25.4, height: (297 * 96) / 25.4 },
};

function pageStyle(doc: TemplateDocument, measuring: boolean): CSSProperties {
  const { margin } = doc;
  return {
    ...(doc.vars as CSSProperties),
    ['--rt-mt' as string]: `${margin.top}px`,
    ['--rt-mr' as string]: `${margin.right}px`,
    ['--rt-mb' as string]: `${margin.bottom}px`,
    ['--rt-ml' as string]: `${margin.left}px`,
    width: `${doc.page.width}px`,
    height: measuring ? 'auto' : `${doc.page.height}px`,
    padding: `${margin.top}px ${margin.right}px ${margin.bottom}px ${margin.left}px`,
  };
}

export interface ResumePageProps {
  doc: TemplateDocument;
  /** 0-based page index; page 0 carries the header. */
  index: number;
  /** Ids of the blocks on this page, per column (in `doc.columns` order); all blocks when omitted. */
  blocks?: readonly (readonly string[])[];
  /** The measuring sheet: natural height, every block, no spacing (heights are read one by one). */
  measuring?: boolean;
}

/** One page of a resume: backdrop, page-1 header, and the given blocks of each column with their spacing. */
export function ResumePage({ doc, index, blocks, measuring = false }: ResumePageProps) {
  return (
    <div
      className={`rt-page ${doc.className}${measuring ? ' rt-measuring' : ''}`}
      style={pageStyle(doc, measuring)}
      lang={doc.language}
      data-rt-page={index + 1}
    >
      {doc.backdrop}
      {index === 0 && doc.header ? (
        <div className="rt-header" data-rt-header="">
          {doc.header}
        </div>
      ) : null}
      <div className="rt-body">
        {doc.columns.map((column, c) => {
          const ids = blocks ? new Set(blocks[c] ?? []) : undefined;
          const shown = ids ? column.blocks.filter((b) => ids.has(b.id)) : column.blocks;
          return (
            <div key={column.name} className={`rt-col rt-col-${column.name}`} data-rt-column={column.name}>
              {shown.map((block, k) => (
                <div
                  key={block.id}
                  className={block.continued ? 'rt-block rt-cont' : 'rt-block'}
                  data-rt-block={block.id}
                  data-rt-keep={block.keepWithNext ? '' : undefined}
                  style={k === 0 || measuring ? undefined : { marginTop: `${block.spaceBefore}px` }}
                >
                  {block.node}
                </div>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The template's stylesheet; render it once next to the pages of a document. */
export function TemplateStyles({ doc }: { doc: TemplateDocument }) {
  return <style data-rt-styles={doc.info.id}>{doc.css}</style>;
}

/** Every page of a paginated document, for the PDF worker (print CSS puts one per sheet). */
export function ResumePages({ doc, pages }: { doc: TemplateDocument; pages: readonly PaginatedPage[] }) {
  return (
    <>
      <TemplateStyles doc={doc} />
      {pages.map((page, index) => (
        <ResumePage
          // biome-ignore lint/suspicious/noArrayIndexKey: pages are positions, not identities.
          key={index}
          doc={doc}
          index={index}
          blocks={page.columns.map((column) => column.blocks)}
        />
      ))}
    </>
  );
}

/** CSS for printing the pages as they are: one page box per sheet, no margins, backgrounds printed. */
export function printCss(doc: TemplateDocument): string {
  return `@page{size:${doc.page.width}px ${doc.page.height}px;margin:0}html,body{margin:0;padding:0;background:#fff}.rt-page{break-after:page}.rt-page:last-child{break-after:auto}`;
}
