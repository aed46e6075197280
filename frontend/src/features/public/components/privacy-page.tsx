import { useTranslation } from 'react-i18next';
import { siteSettings } from '../lib/site-env.ts';
import { EmailText } from './email-text.tsx';

const sections = [
  'collect',
  'use',
  'ai',
  'storage',
  'sharing',
  'retention',
  'rights',
  'cookies',
  'age',
  'security',
  'changes',
  'contact',
] as const;

const collected = ['account', 'content', 'subscription', 'usage'] as const;

/** The privacy policy (facts from the spec: AWS storage, answers within 15 days, minimum age 16). */
export function PrivacyPage() {
  const { t } = useTranslation();
  const { supportEmail } = siteSettings();
  return (
    <article className="prose-page privacy">
      <header>
        <h1>{t('privacy.title')}</h1>
        <p>{t('privacy.intro')}</p>
      </header>
      {sections.map((section) => (
        <section key={section}>
          <h2>{t(`privacy.sections.${section}.title`)}</h2>
          <p>
            <EmailText
              text={t(`privacy.sections.${section}.body`, { email: supportEmail })}
              email={supportEmail}
            />
          </p>
          {section === 'collect' ? (
            <ul>
              {collected.map((item) => (
                <li key={item}>{t(`privacy.sections.collect.items.${item}`)}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}
