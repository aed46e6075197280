import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/notices.tsx';
import type { AuthErrorKey } from '../lib/auth-errors.ts';

/** Spec section 8: authentication errors show in a destructive toast titled with the auth error. */
export function useAuthErrorNotice(): (key: AuthErrorKey) => void {
  const { t } = useTranslation();
  const notify = useNotify();
  return useCallback(
    (key: AuthErrorKey) => notify({ title: t('auth.errors.title'), description: t(key), tone: 'error' }),
    [notify, t],
  );
}
