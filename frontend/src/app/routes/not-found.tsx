import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="card card--narrow">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.description')}</p>
      <Link to="/" className="button button--primary">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
