import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../i18n/index.ts';
import { type Language, supportedLanguages, toSupportedLanguage } from '../i18n/languages.ts';

/** Each language named in itself, so a reader of either can find their own. */
export const nativeLanguageNames: Record<Language, string> = { 'en-US': 'English', 'pt-BR': 'Português' };

/** The header's language choice; signed in, it is saved to the profile (use-account-language.ts). */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const id = useId();

  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <LanguageSelect id={id} />
    </div>
  );
}

/**
 * The one language choice as a <select>, each language in its own name: the header's switch and the account
 * settings' field are both this.
 */
export function LanguageSelect({ id }: { id: string }) {
  const { i18n } = useTranslation();
  const current = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? 'en-US';
  return (
    <select id={id} value={current} onChange={(event) => void chooseLanguage(event.target.value as Language)}>
      {supportedLanguages.map((language) => (
        <option key={language} value={language} lang={language}>
          {nativeLanguageNames[language]}
        </option>
      ))}
    </select>
  );
}
