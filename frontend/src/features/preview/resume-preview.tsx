import {
  type RefObject,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ResumeContent } from '#shared/resume';
import { ResumePage, stringsFor, TemplateStyles } from '#shared/templates/index';
import { previewCss } from './preview-css.ts';
import { usePaginatedResume } from './use-paginated-resume.tsx';

export interface ResumePreviewProps {
  resume: ResumeContent;
  /** The personal photo as a blob: or data: URL (templates with a photo slot show it when allowed). */
  photoSrc?: string;
  /** A scale factor (1 = 96 dpi, real size) or 'fit' to fit the pages to the width of the container. */
  zoom?: number | 'fit';
  onPageCount?: (count: number) => void;
  className?: string;
  /** Accessible name of the preview region; defaults to "Resume preview" in the resume's language. */
  label?: string;
}

// Room left beside the pages in 'fit' mode, so their shadow is not cut off by the container.
const FIT_INSET = 16;

function useContentWidth(ref: RefObject<HTMLElement | null>, active: boolean): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, active]);
  return width;
}

/**
 * The live preview: the resume cut into real page boxes exactly as the PDF will be, stacked with a gap and
 * scaled by `zoom`. The text stays text (searchable, selectable, read by screen readers); each page is a
 * group named "Page 1 of 2".
 */
export function ResumePreview({
  resume,
  photoSrc,
  zoom = 'fit',
  onPageCount,
  className,
  label,
}: ResumePreviewProps) {
  // Typing stays smooth on long resumes: React may render the preview a beat after the keystroke.
  const deferred = useDeferredValue(resume);
  const { doc, pages, ready, sheet, pagesRef } = usePaginatedResume(deferred, photoSrc);
  const rootRef = useRef<HTMLElement>(null);
  const width = useContentWidth(rootRef, zoom === 'fit');
  const scale =
    zoom === 'fit'
      ? width > 0
        ? Math.max(0.1, (width - FIT_INSET) / doc.page.width)
        : 1
      : Math.max(0.1, zoom);
  const strings = stringsFor(doc.language);

  const count = pages.length;
  useEffect(() => {
    if (ready && count > 0) onPageCount?.(count);
  }, [ready, count, onPageCount]);

  const rendered = useMemo(
    () =>
      pages.map((page, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a page is its position.
        <div key={index} className="resume-preview__slot">
          <div
            className="resume-preview__frame"
            style={{ width: `${doc.page.width * scale}px`, height: `${doc.page.height * scale}px` }}
          >
            {/* biome-ignore lint/a11y/useSemanticElements: a page is a named group of text, not a form fieldset. */}
            <div
              role="group"
              aria-label={strings.page(index + 1, pages.length)}
              className="resume-preview__page"
              data-preview-page={index + 1}
              style={{ transform: `scale(${scale})` }}
            >
              <ResumePage doc={doc} index={index} blocks={page.columns.map((c) => c.blocks)} />
            </div>
          </div>
          <p className="resume-preview__label" aria-hidden="true">
            {index + 1} / {pages.length}
          </p>
        </div>
      )),
    [doc, pages, scale, strings],
  );

  return (
    <section
      ref={rootRef}
      className={className ? `resume-preview ${className}` : 'resume-preview'}
      aria-label={label ?? strings.preview}
      data-page-count={count}
      data-preview-ready={ready ? 'true' : 'false'}
    >
      <style>{previewCss}</style>
      <TemplateStyles doc={doc} />
      <div ref={pagesRef} className="resume-preview__pages">
        {rendered}
      </div>
      {sheet}
    </section>
  );
}
