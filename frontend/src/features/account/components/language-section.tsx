import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/language-switcher.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';

/**
 * The account's language: the same choice as the header's switch, saved to the profile at once
 * (hooks/use-account-language.ts) and used for the e-mails we send.
 */
export function LanguageSection() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <SettingsSection title={t('account.language.title')} description={t('account.language.description')}>
      <div className="field language-field">
        <label htmlFor={id}>{t('account.language.label')}</label>
        <LanguageSelect id={id} />
      </div>
    </SettingsSection>
  );
}
