import { useRef } from 'react';
import type { ResumeContent } from '#shared/resume';
import { ResumeThumbnail } from '../../preview/index.ts';
import { useElementWidth } from '../hooks/use-element-width.ts';

/**
 * The first page of a resume filling its frame's width. Hidden from assistive technology: the card's title
 * already names the resume, and a picture of its text adds nothing when read out.
 */
export function PageThumbnail({ resume, className }: { resume: ResumeContent; className: string }) {
  const frame = useRef<HTMLDivElement>(null);
  const width = useElementWidth(frame);
  return (
    <div ref={frame} className={className} aria-hidden="true">
      {width > 0 ? <ResumeThumbnail resume={resume} width={width} /> : null}
    </div>
  );
}
