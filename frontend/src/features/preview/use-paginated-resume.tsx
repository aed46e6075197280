import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { FontId, ResumeContent } from '#shared/resume';
import {
  buildDocument,
  documentFont,
  fontFamilies,
  type PaginatedPage,
  ResumePage,
  type TemplateDocument,
  TemplateStyles,
} from '#shared/templates/index';
import {
  findOverflow,
  geometryOf,
  MAX_GUARD_PASSES,
  measuringSheetStyle,
  paginateSheet,
} from '#shared/templates/measure';
import { isFontLoaded, loadFont } from './fonts.ts';

/**
 * Lays a resume out into pages, in the browser, exactly as the PDF worker will: every block is rendered once
 * in a hidden sheet at the page's width, its height read, and the shared `paginate` decides the breaks. The
 * rendered pages are then checked; a page that overflows anyway (it should not) pushes its last block on.
 */

interface Layout {
  doc: TemplateDocument;
  pages: PaginatedPage[];
  breaks: ReadonlySet<string>;
  checked: boolean;
  fontsLoaded: boolean;
}

export interface PaginatedResume {
  /** The document the pages were cut from (it lags `resume` by one layout pass at most). */
  doc: TemplateDocument;
  pages: PaginatedPage[];
  /** Fonts loaded, pages measured and checked: what is shown is what the PDF will be. */
  ready: boolean;
  /** The hidden measuring sheet: render it anywhere outside scaled (transformed) elements. */
  sheet: ReactNode;
  /** Put on the element that contains the rendered pages (`data-rt-page` elements). */
  pagesRef: RefObject<HTMLDivElement | null>;
}

/** Paginate a resume with its template; `photoSrc` is a blob: or data: URL the host resolved. */
export function usePaginatedResume(resume: ResumeContent, photoSrc?: string): PaginatedResume {
  // Keyed on the content, not the object: a host that rebuilds an equal resume on every render (spread
  // with an override) must not cost a new measurement each time.
  const content = JSON.stringify(resume);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `content` stands for `resume`.
  const doc = useMemo(() => buildDocument(resume, { photoSrc }), [content, photoSrc]);
  const font = documentFont(resume);
  const sheetRef = useRef<HTMLDivElement>(null);
  const pagesRef = useRef<HTMLDivElement>(null);
  const [fonts, setFonts] = useState<{ loaded: FontId | null; epoch: number }>(() => ({
    loaded: isFontLoaded(font) ? font : null,
    epoch: 0,
  }));
  const [layout, setLayout] = useState<Layout | null>(null);

  // Measure again whenever a face of this font finishes loading: text measured with a fallback font, or
  // before a Latin Extended subset arrived, breaks differently.
  useEffect(() => {
    let live = true;
    const family = fontFamilies[font].family;
    if (!isFontLoaded(font)) {
      void loadFont(font).then(() => {
        if (live) setFonts((f) => ({ loaded: font, epoch: f.epoch + 1 }));
      });
    } else {
      setFonts((f) => (f.loaded === font ? f : { ...f, loaded: font }));
    }
    const reload = (event: FontFaceSetLoadEvent) => {
      const ours = event.fontfaces.some((face) => face.family.replace(/"/g, '') === family);
      if (live && ours) setFonts((f) => ({ ...f, epoch: f.epoch + 1 }));
    };
    document.fonts?.addEventListener('loadingdone', reload);
    return () => {
      live = false;
      document.fonts?.removeEventListener('loadingdone', reload);
    };
  }, [font]);

  const fontsLoaded = fonts.loaded === font;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a font load (epoch) changes the measurements.
  useLayoutEffect(() => {
    const sheet = sheetRef.current?.querySelector('[data-rt-page]');
    if (!(sheet instanceof HTMLElement)) return;
    const { pages } = paginateSheet(sheet, geometryOf(doc));
    // Measuring may itself start loading a subset (a Latin Extended letter): not final until it lands.
    const settled = document.fonts?.status !== 'loading';
    setLayout({
      doc,
      pages,
      breaks: new Set(),
      checked: false,
      fontsLoaded: fontsLoaded && settled,
    });
  }, [doc, fonts.epoch, fontsLoaded]);

  // The guard: runs after the pages of a new layout are in the DOM, before the browser paints them.
  useLayoutEffect(() => {
    if (!layout || layout.checked || !pagesRef.current) return;
    const pageElements = Array.from(pagesRef.current.querySelectorAll<HTMLElement>('[data-rt-page]'));
    const overflowing = findOverflow(pageElements, geometryOf(layout.doc));
    const sheet = sheetRef.current?.querySelector('[data-rt-page]');
    if (
      overflowing &&
      !layout.breaks.has(overflowing) &&
      layout.breaks.size < MAX_GUARD_PASSES &&
      sheet instanceof HTMLElement
    ) {
      const breaks = new Set(layout.breaks).add(overflowing);
      const { pages } = paginateSheet(sheet, geometryOf(layout.doc), { breakBefore: breaks });
      setLayout({ ...layout, pages, breaks });
      return;
    }
    setLayout({ ...layout, checked: true });
  }, [layout]);

  const sheet = (
    <div ref={sheetRef} style={measuringSheetStyle} aria-hidden="true" inert>
      <TemplateStyles doc={doc} />
      <ResumePage doc={doc} index={0} measuring />
    </div>
  );

  return {
    doc: layout?.doc ?? doc,
    pages: layout?.pages ?? [],
    ready: Boolean(layout?.checked && layout.fontsLoaded && layout.doc === doc),
    sheet,
    pagesRef,
  };
}
