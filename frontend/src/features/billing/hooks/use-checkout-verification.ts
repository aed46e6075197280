import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { SubscriptionView } from '#shared/billing';
import { CHECKOUT_POLL_ATTEMPTS, CHECKOUT_POLL_INTERVAL_MS } from '#shared/prices';
import { useConfig } from '../../../config/config-context.tsx';
import { type SocketClient, sharedSocketClient } from '../../../lib/socket-client.ts';
import { applySubscriptionView, billingKeys, getSubscription } from '../api/billing.ts';
import { parseSubscriptionEvent } from '../lib/lifecycle.ts';

/**
 * - `verifying`: waiting for the purchase to show up;
 * - `verified`: the subscription is active (Pro access);
 * - `pending`: the attempts ran out, the payment is still being processed;
 * - `failed`: the subscription could not be read.
 */
export type VerificationPhase = 'idle' | 'verifying' | 'verified' | 'pending' | 'failed';

const unlocked = (view: SubscriptionView) => view.hasProAccess;

/**
 * After checkout (spec section 4): the WebSocket push of the new subscription settles it at once; in case
 * none comes, the subscription is read every 2 s, 10 times at most (CHECKOUT_POLL_*). The first of push and
 * poll to show Pro access wins; a failed read ends it as `failed`, running out of attempts as `pending`.
 */
export function useCheckoutVerification({
  active,
  socket: given,
  onFinish,
}: {
  active: boolean;
  socket?: SocketClient;
  onFinish?: (phase: Exclude<VerificationPhase, 'idle' | 'verifying'>) => void;
}): VerificationPhase {
  const { wsUrl } = useConfig();
  const socket = given ?? sharedSocketClient(wsUrl);
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<VerificationPhase>(active ? 'verifying' : 'idle');
  const finished = useRef(onFinish);
  finished.current = onFinish;

  useEffect(() => {
    if (!active) {
      setPhase((now) => (now === 'verifying' ? 'idle' : now));
      return;
    }
    setPhase('verifying');
    let done = false;
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    function finish(next: Exclude<VerificationPhase, 'idle' | 'verifying'>, view?: SubscriptionView) {
      if (done) return;
      done = true;
      clearTimeout(timer);
      unsubscribe();
      if (view) applySubscriptionView(queryClient, view);
      setPhase(next);
      finished.current?.(next);
    }

    const unsubscribe = socket.subscribe((message) => {
      void parseSubscriptionEvent(message).then((view) => {
        if (view && unlocked(view)) finish('verified', view);
      });
    });

    async function poll() {
      attempts += 1;
      try {
        const overview = await getSubscription();
        if (done) return;
        if (unlocked(overview.subscription)) {
          queryClient.setQueryData(billingKeys.subscription(), overview);
          finish('verified', overview.subscription);
          return;
        }
      } catch {
        finish('failed');
        return;
      }
      if (attempts >= CHECKOUT_POLL_ATTEMPTS) finish('pending');
      else timer = setTimeout(poll, CHECKOUT_POLL_INTERVAL_MS);
    }
    timer = setTimeout(poll, CHECKOUT_POLL_INTERVAL_MS);

    return () => {
      done = true;
      clearTimeout(timer);
      unsubscribe();
    };
  }, [active, socket, queryClient]);

  return phase;
}
