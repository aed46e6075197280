import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { SubscriptionView } from '#shared/billing';
import { useConfig } from '../../../config/config-context.tsx';
import { type SocketClient, sharedSocketClient } from '../../../lib/socket-client.ts';
import { applySubscriptionView } from '../api/billing.ts';
import { parseSubscriptionEvent } from '../lib/lifecycle.ts';

/**
 * Follows `{type: 'subscription'}` pushes for as long as it is mounted: each one refreshes the cached
 * subscription and /me, so a Pro-only screen that is open (the PDF download reads paid access from /me)
 * unlocks, or locks, without a reload. `onView` hears every pushed view.
 */
export function useSubscriptionEvents(
  options: { enabled?: boolean; socket?: SocketClient; onView?: (view: SubscriptionView) => void } = {},
) {
  const { wsUrl } = useConfig();
  const socket = options.socket ?? sharedSocketClient(wsUrl);
  const queryClient = useQueryClient();
  const enabled = options.enabled ?? true;
  const onView = useRef(options.onView);
  onView.current = options.onView;

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    const unsubscribe = socket.subscribe((message) => {
      void parseSubscriptionEvent(message).then((view) => {
        if (!view || !active) return;
        applySubscriptionView(queryClient, view);
        onView.current?.(view);
      });
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, [enabled, socket, queryClient]);
}

/** Mounted once in the app layout for a signed-in user: live plan changes reach every screen. */
export function SubscriptionLiveUpdates() {
  useSubscriptionEvents();
  return null;
}
