import '../../../frontend/src/styles/app.css';
import { createRoot } from 'react-dom/client';
import { ResumePreview } from '../../../frontend/src/features/preview/resume-preview.tsx';
import { ResumeThumbnail } from '../../../frontend/src/features/preview/resume-thumbnail.tsx';
import type { ResumeContent } from '../../../shared/resume.ts';

/**
 * A page with nothing but the live preview (inside the app's own stylesheet, as in the builder), for tests
 * that need neither the app nor the local cloud. `window.__renderResume(resume, options)` shows a resume;
 * each call remounts the preview under a new `data-render` number so a test waits for its own render;
 * `window.__updateResume(resume)` changes the content of the preview shown, as typing does.
 */

export interface HarnessOptions {
  zoom?: number | 'fit';
  photoSrc?: string;
  thumbnails?: number;
  width?: number;
}

declare global {
  interface Window {
    __renderResume: (resume: ResumeContent, options?: HarnessOptions) => number;
    __updateResume: (resume: ResumeContent) => void;
    __pageCounts: number[];
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');
const root = createRoot(container);
let renders = 0;
let shown: { resume: ResumeContent; options: HarnessOptions } | undefined;
window.__pageCounts = [];

function draw(id: number, resume: ResumeContent, options: HarnessOptions): void {
  root.render(
    <div key={id} data-render={id} style={{ width: options.width ? `${options.width}px` : undefined }}>
      {options.thumbnails ? (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
          {Array.from({ length: options.thumbnails }, (_, k) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical thumbnails, told apart by position.
            <ResumeThumbnail key={k} resume={resume} photoSrc={options.photoSrc} width={200} />
          ))}
        </div>
      ) : (
        <ResumePreview
          resume={resume}
          photoSrc={options.photoSrc}
          zoom={options.zoom ?? 1}
          onPageCount={(count) => window.__pageCounts.push(count)}
        />
      )}
    </div>,
  );
}

window.__renderResume = (resume, options = {}) => {
  renders += 1;
  shown = { resume, options };
  draw(renders, resume, options);
  return renders;
};

// Same preview, new content (as when the author types): no remount.
window.__updateResume = (resume) => {
  if (!shown) throw new Error('nothing shown yet');
  shown = { ...shown, resume };
  draw(renders, resume, shown.options);
};
