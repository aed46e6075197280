import { confirmSignUp } from 'aws-amplify/auth';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Loading } from '../../components/loading.tsx';
import {
  hasAmplifySession,
  saveResetLink,
  waitForAmplifySession,
} from '../../features/auth/auth-callback.ts';
import { parseAuthCallback, runAuthCallback, stripAuthCallbackFromUrl } from '../../features/auth/index.ts';
import { changeLanguage } from '../../i18n/index.ts';
import { languageStorageKey, toSupportedLanguage } from '../../i18n/languages.ts';
import { useAuth } from '../../lib/auth.tsx';
import { clearIntendedRedirect, readIntendedRedirect } from '../../lib/intended-redirect.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** The user's stored language choice, re-applied once their e-mail is confirmed. */
async function applyStoredLanguage(): Promise<void> {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(languageStorageKey);
  } catch {
    return;
  }
  const language = toSupportedLanguage(stored);
  if (language) await changeLanguage(language);
}

/**
 * /auth/callback: the links of our sign-up and reset e-mails (`type=signup|recovery`) and the return of a
 * social sign-in. Shows 'Processing authentication...' while it works, then replaces itself with the next page.
 */
export function AuthCallbackRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const started = useRef(false);
  useDocumentTitle(t('authCallback.processing'));

  useEffect(() => {
    // Once per visit: a confirmation code works once, and StrictMode runs effects twice in development.
    if (started.current) return;
    started.current = true;
    const callback = parseAuthCallback(window.location.search, window.location.hash);
    void runAuthCallback(callback, {
      confirmSignUp: async (email, code) => {
        await confirmSignUp({ username: email, confirmationCode: code });
      },
      hasSession: hasAmplifySession,
      waitForSession: waitForAmplifySession,
      saveResetLink,
      readIntendedRedirect,
      clearIntendedRedirect,
      applyStoredLanguage,
      stripCallbackFromUrl: stripAuthCallbackFromUrl,
    }).then(async (target) => {
      // The guard of the next page must see the session the callback may have created.
      await refresh();
      navigate(target, { replace: true });
    });
  }, [navigate, refresh]);

  return (
    <div className="page page--centered">
      <Loading label={t('authCallback.processing')} />
    </div>
  );
}
