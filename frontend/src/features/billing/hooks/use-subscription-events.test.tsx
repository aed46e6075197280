import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { notifyManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act } from 'react';
import { hasPaidAccess } from '#shared/plans';
import type { RuntimeConfig } from '#shared/runtime-config';
import { rootPerTest } from '../../../components/testing/dom.ts';
import { ConfigProvider } from '../../../config/config-context.tsx';
import { initApiClient } from '../../../lib/api-client.ts';
import { getMeQueryOptions } from '../../../lib/get-me.ts';
import { createSocketClient, type SocketClient, type SocketLike } from '../../../lib/socket-client.ts';
import { useSubscriptionEvents } from './use-subscription-events.ts';

notifyManager.setScheduler((callback) => callback());

class FakeSocket implements SocketLike {
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  push(message: unknown) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) })));
  }
  close() {}
}

const proView = {
  plan: 'proSubscription',
  subscriptionType: 'proSubscription',
  status: 'active',
  validUntil: '2099-01-01T00:00:00.000Z',
  nextPaymentAmount: 5,
  nextPaymentDate: '2099-01-01T00:00:00.000Z',
  currency: 'usd',
  cancellationReason: null,
  cancellationReasonDetails: null,
  cancellationEffectiveDate: null,
  canReactivateUntil: null,
  hasProAccess: true,
  cancelledButValid: false,
  cancelPending: false,
  inGracePeriod: false,
  canReactivate: false,
  renews: true,
  refundable: true,
  hasBillingAccount: true,
  disputedAt: null,
};

let meReads: number;
let subscription: { subscriptionType: string; status: string; validUntil: string } | null;
let sockets: FakeSocket[];
let socket: SocketClient;
const mount = rootPerTest();
let paid: boolean | undefined;

/** Stands in for a Pro-only screen: the PDF button decides from /me the same way. */
function ProOnly() {
  useSubscriptionEvents({ socket });
  const me = useQuery(getMeQueryOptions());
  paid = me.data ? hasPaidAccess(me.data.subscription, me.data.role) : undefined;
  return null;
}

const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  jest.useFakeTimers();
  meReads = 0;
  subscription = null;
  sockets = [];
  initApiClient({
    baseUrl: '/api',
    getAccessToken: async () => 'token',
    fetch: async (input) => {
      if (!String(input).endsWith('/api/me') && !String(input).endsWith('/api/billing/subscription'))
        throw new Error(`unexpected ${input}`);
      if (String(input).endsWith('/api/me')) meReads += 1;
      const body = JSON.stringify({ data: { subscription, role: null } });
      return { ok: true, status: 200, text: async () => body } as Response;
    },
  });
  socket = createSocketClient({
    url: 'ws://test/ws',
    getTicket: async () => 'ticket',
    createSocket: () => {
      const fake = new FakeSocket();
      sockets.push(fake);
      return fake;
    },
  });
});

afterEach(() => {
  jest.useRealTimers();
});

describe('useSubscriptionEvents', () => {
  it('unlocks a Pro-only screen when the subscription push arrives, without a reload', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    await act(async () =>
      mount.root.render(
        <ConfigProvider config={{ wsUrl: 'ws://test/ws' } as RuntimeConfig}>
          <QueryClientProvider client={queryClient}>
            <ProOnly />
          </QueryClientProvider>
        </ConfigProvider>,
      ),
    );
    await advance(0);
    expect([meReads, paid]).toEqual([1, false]);

    // Other messages on the same socket change nothing.
    sockets[0]?.push({ type: 'job', job: { id: 'j1' } });
    sockets[0]?.push({ type: 'subscription', subscription: { plan: 'broken' } });
    await advance(0);
    expect(meReads).toBe(1);

    subscription = {
      subscriptionType: 'proSubscription',
      status: 'active',
      validUntil: '2099-01-01T00:00:00Z',
    };
    sockets[0]?.push({ type: 'subscription', subscription: proView });
    await advance(0);
    expect([meReads, paid]).toEqual([2, true]);
  });
});
