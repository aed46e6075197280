import { useTranslation } from 'react-i18next';
import { FREE_AI_SUGGESTION_LIMIT, FREE_RESUME_LIMIT } from '#shared/plans';
import { MONEY_BACK_GUARANTEE_DAYS } from '../lib/pricing.ts';
import { siteSettings } from '../lib/site-env.ts';
import { EmailText } from './email-text.tsx';
import { usePublicSite } from './use-public-site.ts';

export const termsSections = [
  'service',
  'account',
  'plans',
  'billing',
  'cancellation',
  'refunds',
  'content',
  'ai',
  'acceptableUse',
  'availability',
  'termination',
  'liability',
  'changes',
  'contact',
] as const;

/** The Terms of Service: plans, prices and limits from the same figures as the pricing page. */
export function TermsPage() {
  const { t } = useTranslation();
  const { prices } = usePublicSite();
  const { supportEmail } = siteSettings();
  const values = {
    resumes: FREE_RESUME_LIMIT,
    suggestions: FREE_AI_SUGGESTION_LIMIT,
    monthly: prices.proMonthly,
    lifetime: prices.proLifetime,
    days: MONEY_BACK_GUARANTEE_DAYS,
    email: supportEmail,
  };
  return (
    <article className="prose-page terms">
      <header>
        <h1>{t('terms.title')}</h1>
        <p>{t('terms.intro')}</p>
        <p className="muted">{t('terms.updated')}</p>
      </header>
      {termsSections.map((section) => (
        <section key={section}>
          <h2>{t(`terms.sections.${section}.title`)}</h2>
          <p>
            <EmailText text={t(`terms.sections.${section}.body`, values)} email={supportEmail} />
          </p>
        </section>
      ))}
    </article>
  );
}
