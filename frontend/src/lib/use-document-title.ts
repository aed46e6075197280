import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Set `document.title` to "<page> · <product>" in the current language. */
export function useDocumentTitle(page: string | undefined): void {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    document.title = page ? `${page} · ${appName}` : appName;
  }, [page, appName]);
}
