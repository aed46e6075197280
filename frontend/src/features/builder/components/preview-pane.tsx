import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { templateById } from '#shared/templates/registry';
import { useUpgradePath } from '../../../lib/upgrade-path.ts';
import { ResumePreview, ResumeThumbnail } from '../../preview/index.ts';
import { usePhotoSrc } from '../../resumes/index.ts';
import { useDocument } from '../store/document-store.ts';

const ZOOM_STEPS = [0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5];

function templateName(t: (key: string, options?: object) => string, id: string): string {
  const info = templateById(id);
  return t(`builder.templates.${info.id}.name`, { defaultValue: info.name });
}

/**
 * The live preview beside the editor (a chunk of its own with the templates: builder-workspace.tsx loads it
 * when the preview is first on screen): the resume paginated exactly as the PDF will be, with zoom, the
 * page count, and a banner while a Free user tries a Pro template. The bar stays above the pages, which
 * scroll under it in a box of their own, so it never covers a page's top. In full screen the pane is alone
 * on the page: its bar names the resume and holds the way out.
 */
export function PreviewPane({
  trying,
  onStopTrying,
  fullScreen = null,
}: {
  trying: string | null;
  onStopTrying: () => void;
  fullScreen?: { onExit: () => void } | null;
}) {
  const { t } = useTranslation();
  const upgrade = useUpgradePath();
  const doc = useDocument((d) => d);
  const photoSrc = usePhotoSrc(doc.personalInfo.photo);
  const [zoom, setZoom] = useState<number | 'fit'>('fit');
  const [pages, setPages] = useState(1);
  const resume = trying ? { ...doc, template: trying } : doc;
  const tr = t as unknown as (key: string, options?: object) => string;

  const step = (direction: 1 | -1) => {
    const current = zoom === 'fit' ? 1 : zoom;
    const index = ZOOM_STEPS.findIndex((z) => z >= current - 0.001);
    const next =
      ZOOM_STEPS[Math.max(0, Math.min(ZOOM_STEPS.length - 1, (index === -1 ? 4 : index) + direction))];
    setZoom(next ?? 1);
  };

  return (
    <div className="preview-pane">
      <div className="preview-pane__bar">
        {fullScreen ? (
          <span className="preview-pane__title" title={doc.title}>
            {doc.title || t('resumes.untitled')}
          </span>
        ) : null}
        <span className="preview-pane__count">{t('builder.pages', { count: pages })}</span>
        <span className="builder-toolbar__spacer" />
        <button
          type="button"
          className="icon-button"
          onClick={() => step(-1)}
          aria-label={t('builder.zoom.out')}
        >
          <span aria-hidden="true">−</span>
        </button>
        <button
          type="button"
          className="button button--ghost button--small zoom-value"
          aria-pressed={zoom === 'fit'}
          title={t('builder.zoom.fit')}
          onClick={() => setZoom('fit')}
        >
          {zoom === 'fit' ? t('builder.zoom.fit') : `${Math.round(zoom * 100)}%`}
        </button>
        <button
          type="button"
          className="icon-button"
          onClick={() => step(1)}
          aria-label={t('builder.zoom.in')}
        >
          <span aria-hidden="true">+</span>
        </button>
        {fullScreen ? (
          <button
            type="button"
            className="button button--secondary button--small preview-pane__exit"
            onClick={fullScreen.onExit}
          >
            <svg
              viewBox="0 0 24 24"
              width="16"
              height="16"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
            </svg>
            {t('shell.fullScreen.exit')}
          </button>
        ) : null}
      </div>
      {trying ? (
        <div className="preview-pane__trying" role="status">
          <span>{tr('builder.trying.banner', { name: templateName(tr, trying) })}</span>
          <Link to={upgrade} className="button button--primary button--small">
            {t('builder.upgrade')}
          </Link>
          <button type="button" className="button button--ghost button--small" onClick={onStopTrying}>
            {tr('builder.trying.back', { name: templateName(tr, doc.template) })}
          </button>
        </div>
      ) : null}
      <div className="preview-pane__pages" data-preview-scroll>
        <ResumePreview
          resume={resume}
          {...(photoSrc ? { photoSrc } : {})}
          zoom={zoom}
          onPageCount={setPages}
          label={t('builder.previewRegion')}
        />
      </div>
    </div>
  );
}

/** The user's own resume in one template, for the design dialog. */
export function TemplateThumbnail({ templateId }: { templateId: string }) {
  const doc = useDocument((d) => d);
  return <ResumeThumbnail resume={{ ...doc, template: templateId }} width={176} />;
}
