import { useRef } from 'react';
import type { ResumeContent } from '#shared/resume';
import { ResumeThumbnail } from '../../preview/index.ts';
import { usePhotoSrc } from '../api/photos.ts';
import { useElementWidth } from '../hooks/use-element-width.ts';

/**
 * The first page of a resume filling its frame's width. Hidden from assistive technology: the card's title
 * already names the resume, and a picture of its text adds nothing when read out.
 */
export function PageThumbnail({ resume, className }: { resume: ResumeContent; className: string }) {
  const frame = useRef<HTMLDivElement>(null);
  const width = useElementWidth(frame);
  // The photo as the builder and the PDF show it; templates without a photo slot ignore it.
  const photoSrc = usePhotoSrc(resume.personalInfo.photo);
  return (
    <div ref={frame} className={className} aria-hidden="true">
      {width > 0 ? (
        <ResumeThumbnail resume={resume} width={width} {...(photoSrc ? { photoSrc } : {})} />
      ) : null}
    </div>
  );
}
