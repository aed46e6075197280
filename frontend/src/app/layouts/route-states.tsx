import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Loading } from '../../components/loading.tsx';
import { trackRouteError } from '../../features/analytics/index.ts';
import { NotFoundRoute } from '../routes/not-found.tsx';

/** While a page's code loads on the first visit. */
export function PageLoading() {
  return (
    <div className="page page--centered">
      <Loading />
    </div>
  );
}

/** A page failed to render or its code failed to load (e.g. after a deploy): say so and offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => trackRouteError(error), [error]);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="page page--centered">
        <NotFoundRoute />
      </div>
    );
  }
  return (
    <div className="page page--centered">
      <div className="card card--narrow" role="alert">
        <h1>{t('shell.error.title')}</h1>
        <p>{t('shell.error.description')}</p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('shell.error.reload')}
        </button>
      </div>
    </div>
  );
}
