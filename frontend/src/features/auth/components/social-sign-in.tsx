import { signInWithRedirect } from 'aws-amplify/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../config/config-context.tsx';
import { saveIntendedRedirect } from '../../../lib/intended-redirect.ts';

type Provider = 'google' | 'linkedin';

/**
 * Google and LinkedIn buttons; where social sign-in is off (the local cloud) they say so instead.
 * `redirectTo` is remembered for /auth/callback, which opens it once the provider sends the user back.
 */
export function SocialSignIn({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation();
  const config = useConfig();
  const [unavailable, setUnavailable] = useState(false);

  async function start(provider: Provider) {
    setUnavailable(false);
    if (!config.socialSignIn) {
      setUnavailable(true);
      return;
    }
    try {
      saveIntendedRedirect(redirectTo);
      await signInWithRedirect({ provider: provider === 'google' ? 'Google' : { custom: 'LinkedIn' } });
    } catch {
      setUnavailable(true);
    }
  }

  return (
    <div className="social">
      <p className="divider">
        <span>{t('auth.social.divider')}</span>
      </p>
      <div className="social__buttons">
        <button type="button" className="button button--secondary" onClick={() => void start('google')}>
          {t('auth.social.google')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => void start('linkedin')}>
          {t('auth.social.linkedin')}
        </button>
      </div>
      {unavailable ? (
        <p className="form-error" role="alert">
          {t('auth.social.unavailable')}
        </p>
      ) : null}
    </div>
  );
}
