import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { authLink } from '../../../lib/auth-links.ts';

/** Login and Register for visitors, back to the current page afterwards. */
export function AuthButtons() {
  const { t } = useTranslation();
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <>
      <Link to={authLink('sign-in', here)} className="button button--ghost">
        {t('site.nav.login')}
      </Link>
      <Link to={authLink('sign-up', here)} className="button button--primary">
        {t('site.nav.register')}
      </Link>
    </>
  );
}
