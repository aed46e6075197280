import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ImpersonationSession } from '#shared/admin';
import { useNotify } from '../../../components/notices.tsx';
import {
  clearImpersonation,
  isLeavingImpersonation,
  readImpersonation,
  setLeavingImpersonation,
  subscribeImpersonation,
} from '../../../lib/impersonation-session.ts';
import { endImpersonation } from '../api/end-impersonation.ts';

/** This tab's impersonation session, or null; re-renders when it starts or ends. */
export function useImpersonation(): ImpersonationSession | null {
  return useSyncExternalStore(subscribeImpersonation, readImpersonation, () => null);
}

/** True while the tab is leaving the target's view (see `isLeavingImpersonation`). */
export function useLeavingImpersonation(): boolean {
  return useSyncExternalStore(subscribeImpersonation, isLeavingImpersonation, () => false);
}

export type ImpersonationEnd = 'exit' | 'expired' | 'refused';

/**
 * Leave the target's view: their pages are taken down, the tab forgets the session (so no later call
 * carries it), the server is told on an exit, the target's cached data is dropped, and the staff member is
 * back on the user's admin page. An end the staff member did not ask for is explained in a toast.
 */
export function useEndImpersonation(): (reason: ImpersonationEnd) => Promise<void> {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  return useCallback(
    async (reason) => {
      const session = readImpersonation();
      if (!session) return;
      flushSync(() => setLeavingImpersonation(true));
      clearImpersonation();
      queryClient.clear();
      if (reason === 'exit') void endImpersonation(session.session);
      else {
        notify({
          title: t('shell.impersonation.ended.title'),
          description: t('shell.impersonation.ended.description'),
        });
      }
      try {
        await navigate(`/admin/users/${encodeURIComponent(session.targetUserId)}`, {
          replace: reason !== 'exit',
        });
      } finally {
        setLeavingImpersonation(false);
      }
    },
    [queryClient, navigate, notify, t],
  );
}
