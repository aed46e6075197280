import { useTranslation } from 'react-i18next';

/** The waiting state of a page or a guarded route. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {label ?? t('app.loading')}
    </p>
  );
}
