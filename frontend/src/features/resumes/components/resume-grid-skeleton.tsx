import { useTranslation } from 'react-i18next';

/** Card-shaped placeholders while the list loads, so the grid does not jump when it arrives. */
export function ResumeGridSkeleton({ count = 3 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <div className="resume-grid-loading" role="status">
      <span className="visually-hidden">{t('resumes.loading')}</span>
      <ul className="resume-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders that never reorder
          <li key={index} className="resume-tile resume-tile--skeleton">
            <div className="resume-tile__page skeleton" />
            <div className="resume-tile__footer">
              <div className="resume-tile__text">
                <span className="skeleton skeleton--line" />
                <span className="skeleton skeleton--line skeleton--short" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
