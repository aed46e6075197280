import { useTranslation } from 'react-i18next';
import type { ResumeContent } from '#shared/resume';

/**
 * PLACEHOLDER: until `ResumeThumbnail` from frontend/src/features/preview/ is committed, the frame shows a
 * blank page. Replace the body with `<ResumeThumbnail resume={resume} width={frame width} />`.
 */
export function PageThumbnail({ className }: { resume: ResumeContent; className: string }) {
  const { t } = useTranslation();
  return (
    <div className={`${className} page-thumbnail--pending`} aria-hidden="true">
      <span>{t('resumes.card.previewPending')}</span>
    </div>
  );
}
