import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/index.ts';
import { type Language, supportedLanguages, toSupportedLanguage } from '../i18n/languages.ts';

// Each language is named in itself, so a reader of either can find their own.
const nativeNames: Record<Language, string> = { 'en-US': 'English', 'pt-BR': 'Português' };

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? 'en-US';

  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => void changeLanguage(event.target.value as Language)}
      >
        {supportedLanguages.map((language) => (
          <option key={language} value={language} lang={language}>
            {nativeNames[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
