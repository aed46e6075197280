import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { faqItems } from '../lib/faq-items.ts';
import { usePublicSite } from './use-public-site.ts';

/** Questions and answers (the same items as the page's FAQPage structured data). */
export function FaqPage() {
  const { t } = useTranslation();
  const { prices } = usePublicSite();
  const items = faqItems(t, prices);

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
            <p>{item.answer}</p>
          </details>
        ))}
      </div>
      <section className="faq__more">
        <h2>{t('faq.more.title')}</h2>
        <p>{t('faq.more.description')}</p>
        <p className="faq__more-links">
          <Link to="/privacy-policy">{t('faq.more.privacy')}</Link>
          <Link to="/pricing">{t('faq.more.pricing')}</Link>
        </p>
      </section>
    </div>
  );
}
