import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { siteSettings } from '../../public/index.ts';

/** Copyright, privacy policy, FAQ, terms of service and contact (an e-mail to support, spec section 1). */
export function SiteFooter() {
  const { t } = useTranslation();
  const { supportEmail } = siteSettings();
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
            <Link to="/terms">{t('site.footer.terms')}</Link>
          </li>
          <li>
            <Link to="/faq">{t('site.footer.faq')}</Link>
          </li>
          <li>
            <a
              href={`mailto:${supportEmail}`}
              aria-label={t('site.footer.contactLabel', { email: supportEmail })}
            >
              {t('site.footer.contact')}
            </a>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
