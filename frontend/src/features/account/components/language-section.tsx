import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { nativeLanguageNames } from '../../../components/language-switcher.tsx';
import { chooseLanguage } from '../../../i18n/index.ts';
import { type Language, supportedLanguages, toSupportedLanguage } from '../../../i18n/languages.ts';
import { SettingsSection } from './settings-section.tsx';

/**
 * The account's language: the same choice as the header's switch, saved to the profile at once
 * (hooks/use-account-language.ts) and used for the e-mails we send.
 */
export function LanguageSection() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? 'en-US';
  return (
    <SettingsSection title={t('account.language.title')} description={t('account.language.description')}>
      <div className="field language-field">
        <label htmlFor={id}>{t('account.language.label')}</label>
        <select
          id={id}
          value={current}
          onChange={(event) => void chooseLanguage(event.target.value as Language)}
        >
          {supportedLanguages.map((language) => (
            <option key={language} value={language} lang={language}>
              {nativeLanguageNames[language]}
            </option>
          ))}
        </select>
      </div>
    </SettingsSection>
  );
}
