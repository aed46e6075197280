import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { faqItems } from '../lib/faq-items.ts';
import { siteSettings } from '../lib/site-env.ts';
import { EmailText } from './email-text.tsx';
import { usePublicSite } from './use-public-site.ts';

/** Questions and answers (the same items as the page's FAQPage structured data). */
export function FaqPage() {
  const { t } = useTranslation();
  const { prices } = usePublicSite();
  const { supportEmail } = siteSettings();
  const items = faqItems(t, prices, supportEmail);

  return (
    <div className="prose-page faq">
      <header>
        <h1>{t('faq.title')}</h1>
        <p className="muted">{t('faq.subtitle')}</p>
      </header>
      <div className="faq__list">
        {items.map((item) => (
          <details key={item.key} className="faq__item">
            <summary>
              <h2 className="faq__question">{item.question}</h2>
            </summary>
            <p>
              <EmailText text={item.answer} email={supportEmail} />
            </p>
          </details>
        ))}
      </div>
      <section className="faq__more">
        <h2>{t('faq.more.title')}</h2>
        <p>{t('faq.more.description')}</p>
        <p className="faq__more-links">
          <a href={`mailto:${supportEmail}`}>{t('faq.more.contact')}</a>
          <Link to="/privacy-policy">{t('faq.more.privacy')}</Link>
          <Link to="/terms">{t('faq.more.terms')}</Link>
          <Link to="/pricing">{t('faq.more.pricing')}</Link>
        </p>
      </section>
    </div>
  );
}
