import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * Copyright, privacy policy and FAQ. Terms of service and contact have no page yet (spec: they link
 * nowhere), so they are plain text rather than links that go nowhere.
 */
export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <p className="site-footer__copyright" suppressHydrationWarning>
        {t('site.footer.copyright', { year: new Date().getFullYear(), name: t('app.name') })}
      </p>
      <nav aria-label={t('site.footer.label')}>
        <ul className="site-footer__links">
          <li>
            <Link to="/privacy-policy">{t('site.footer.privacy')}</Link>
          </li>
          <li>
            <Link to="/faq">{t('site.footer.faq')}</Link>
          </li>
          <li className="site-footer__unavailable">
            {t('site.footer.terms')} <span className="visually-hidden">{t('site.footer.unavailable')}</span>
          </li>
          <li className="site-footer__unavailable">
            {t('site.footer.contact')} <span className="visually-hidden">{t('site.footer.unavailable')}</span>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
