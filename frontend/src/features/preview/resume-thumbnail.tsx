import { useCallback, useEffect, useRef, useState } from 'react';
import type { ResumeContent } from '#shared/resume';
import { pageBoxes, ResumePage, stringsFor, TemplateStyles } from '#shared/templates/index';
import { previewCss } from './preview-css.ts';
import { takeTurn } from './thumbnail-queue.ts';
import { usePaginatedResume } from './use-paginated-resume.tsx';

export interface ResumeThumbnailProps {
  resume: ResumeContent;
  photoSrc?: string;
  /** Width of the thumbnail in CSS px; the height follows the page's proportions. */
  width: number;
}

function FirstPage({
  resume,
  photoSrc,
  scale,
  onReady,
}: {
  resume: ResumeContent;
  photoSrc?: string;
  scale: number;
  onReady: () => void;
}) {
  const { doc, pages, ready, sheet, pagesRef } = usePaginatedResume(resume, photoSrc);
  const first = pages[0];
  useEffect(() => {
    if (ready) onReady();
  }, [ready, onReady]);
  return (
    <div data-preview-ready={ready ? 'true' : 'false'} data-page-count={pages.length}>
      <TemplateStyles doc={doc} />
      <div ref={pagesRef}>
        {first ? (
          <div className="resume-thumbnail__page" style={{ transform: `scale(${scale})` }}>
            <ResumePage doc={doc} index={0} blocks={first.columns.map((c) => c.blocks)} />
          </div>
        ) : null}
      </div>
      {sheet}
    </div>
  );
}

/**
 * The first page of a resume, scaled to `width`, for resume cards and template galleries. It is laid out only
 * once it scrolls near the viewport, one thumbnail at a time, so a grid of a dozen never freezes the page. Presented as one image with a name:
 * reading out a dozen resumes in full would drown a screen-reader user.
 */
export function ResumeThumbnail({ resume, photoSrc, width }: ResumeThumbnailProps) {
  const box = pageBoxes[resume.settings.pageSize === 'a4' ? 'a4' : 'letter'];
  const scale = width / box.width;
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(typeof IntersectionObserver === 'undefined');
  const [turn, setTurn] = useState(false);
  const done = useRef<(() => void) | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (visible || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVisible(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  useEffect(() => {
    if (!visible) return;
    done.current = takeTurn(() => setTurn(true));
    return () => done.current?.();
  }, [visible]);
  const finished = useCallback(() => done.current?.(), []);

  const strings = stringsFor(resume.settings.language);
  const name = [resume.personalInfo.firstName, resume.personalInfo.lastName].join(' ').trim();
  return (
    <div
      ref={ref}
      className="resume-thumbnail"
      role="img"
      aria-label={strings.firstPageOf(name)}
      style={{ width: `${width}px`, height: `${box.height * scale}px` }}
    >
      <style>{previewCss}</style>
      {/* A picture of the page: the resume's own links are neither focusable nor read out one by one. */}
      <div inert style={{ display: 'contents' }}>
        {turn ? <FirstPage resume={resume} photoSrc={photoSrc} scale={scale} onReady={finished} /> : null}
      </div>
    </div>
  );
}
