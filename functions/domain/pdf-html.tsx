import { renderToStaticMarkup } from 'react-dom/server';
import { fontIds } from '#shared/resume';
import {
  type PaginatedPage,
  printCss,
  ResumePage,
  ResumePages,
  type TemplateDocument,
  TemplateStyles,
} from '#shared/templates/index';
import { inlineFontFaceCss } from '#shared/templates/inline-fonts';
import { measuringSheetStyle } from '#shared/templates/measure';

/**
 * The HTML the PDF worker prints, made with react-dom/server from the same components the preview renders.
 * A self-contained page: every template font inlined as data: URLs in its head, the photo inlined by the
 * caller, a CSP that allows nothing else. The shell is loaded once per page and each render replaces its
 * body, so fonts are parsed once per page rather than once per PDF. User text only ever reaches the page as
 * React text (escaped), never as markup.
 */

/** Ids of the two containers: the measuring sheet, removed before printing, and the pages. */
export const MEASURE_ID = 'rt-measure';
export const PAGES_ID = 'rt-pages';

const CSP = "default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:";

let shell: string | undefined;

/** The page every render happens in: fonts and CSP in the head, an empty body. */
export function pdfShellHtml(): string {
  if (!shell) {
    const head = renderToStaticMarkup(
      <>
        <meta charSet="utf-8" />
        <meta httpEquiv="Content-Security-Policy" content={CSP} />
        <title>Resume</title>
      </>,
    );
    shell = `<!doctype html><html><head>${head}<style>${inlineFontFaceCss(fontIds)}</style></head><body></body></html>`;
  }
  return shell;
}

/** One resume's body: its page size, its template's styles, the measuring sheet and an empty pages box. */
export function pdfBodyHtml(doc: TemplateDocument): string {
  return renderToStaticMarkup(
    <>
      <style>{printCss(doc)}</style>
      <div id={MEASURE_ID} style={measuringSheetStyle} aria-hidden="true">
        <ResumePage doc={doc} index={0} measuring />
      </div>
      <TemplateStyles doc={doc} />
      <div id={PAGES_ID} />
    </>,
  );
}

/** The paginated pages, for the pages box. */
export function pagesHtml(doc: TemplateDocument, pages: readonly PaginatedPage[]): string {
  return renderToStaticMarkup(
    pages.map((page, index) => (
      <ResumePage
        // biome-ignore lint/suspicious/noArrayIndexKey: pages are positions, not identities.
        key={index}
        doc={doc}
        index={index}
        blocks={page.columns.map((column) => column.blocks)}
      />
    )),
  );
}

/** The whole document as one standalone HTML file (for tests and for looking at what was printed). */
export function pdfDocumentHtml(
  doc: TemplateDocument,
  pages: readonly PaginatedPage[],
  title: string,
): string {
  const body = renderToStaticMarkup(<ResumePages doc={doc} pages={pages} />);
  return pdfShellHtml()
    .replace('<html>', () => `<html lang="${doc.language}">`)
    .replace('<title>Resume</title>', () => renderToStaticMarkup(<title>{title}</title>))
    .replace('<body></body>', () => `<body><style>${printCss(doc)}</style>${body}</body>`);
}
