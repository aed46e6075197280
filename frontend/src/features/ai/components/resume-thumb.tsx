import { useLayoutEffect, useRef, useState } from 'react';
import type { ResumeContent } from '#shared/resume';
import { ResumeThumbnail } from '../../preview/index.ts';

/** A resume's first page filling its frame's width; decorative (the card's text names the resume). */
export function ResumeThumb({ resume }: { resume: ResumeContent }) {
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    setWidth(Math.floor(element.clientWidth));
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={frame} className="ai-thumb" aria-hidden="true">
      {width > 0 ? <ResumeThumbnail resume={resume} width={width} /> : null}
    </div>
  );
}
