import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../config/config-context.tsx';
import { changeLanguage } from '../../../i18n/index.ts';
import { cognitoLocale, isPtBrHost, toSupportedLanguage } from '../../../i18n/languages.ts';
import { markLanguageSaved, unsavedLanguage } from '../../../i18n/remember.ts';
import { getMeQueryOptions, meQueryKey } from '../../../lib/get-me.ts';
import { updateMe } from '../api/update-me.ts';

/**
 * One language choice for the signed-in user: the interface's and the profile's `locale` (which e-mails
 * use). A choice the user made (the header's switch, the settings' field, a `?lng=` link; marked unsaved
 * by i18n/index.ts) is saved to the profile; otherwise the profile's language is the choice, and a browser
 * that shows another one (a new device) switches to it. Not while staff view the app as someone else:
 * neither side is theirs then. On a Brazilian host the interface stays Portuguese (spec: domain first).
 */
export function useAccountLanguage(enabled: boolean): void {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { ptBrHosts } = useConfig();
  const me = useQuery({ ...getMeQueryOptions(), enabled });
  // One save at a time: a choice made while one is on its way is saved when it has landed (the answer
  // changes the stored locale, which runs the effect again), so the last choice is the one kept.
  const saving = useRef(false);
  const current = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? 'en-US';
  const stored = me.data?.profile?.locale;

  useEffect(() => {
    if (!enabled || !stored || saving.current) return;
    const unsaved = unsavedLanguage();
    if (unsaved !== null) {
      // The language chosen, not the one on screen: its texts may still be loading.
      const wanted = cognitoLocale(toSupportedLanguage(unsaved) ?? current);
      if (stored === wanted) {
        markLanguageSaved();
        return;
      }
      saving.current = true;
      updateMe({ locale: wanted }).then(
        (saved) => {
          saving.current = false;
          // Marked saved only if no other choice was made meanwhile (that one is saved next).
          const chosen = toSupportedLanguage(unsavedLanguage()) ?? i18n.language;
          if (cognitoLocale(chosen) === wanted) markLanguageSaved();
          queryClient.setQueryData(meQueryKey, saved);
        },
        () => {
          // Left unsaved: saved on the next choice or visit.
          saving.current = false;
        },
      );
      return;
    }
    const fromProfile = toSupportedLanguage(stored);
    if (fromProfile && fromProfile !== current && !isPtBrHost(window.location.hostname, ptBrHosts)) {
      void changeLanguage(fromProfile);
    }
  }, [enabled, stored, current, queryClient, ptBrHosts, i18n]);
}
