import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import type { SubscriptionView } from '#shared/billing';
import type { SubscriptionState } from '#shared/plans';
import type { RuntimeConfig } from '#shared/runtime-config';
import { NoticeProvider } from '../../../components/notices.tsx';
import { initTestI18n, rootPerTest } from '../../../components/testing/dom.ts';
import { ConfigProvider } from '../../../config/config-context.tsx';
import { initApiClient } from '../../../lib/api-client.ts';
import { createSocketClient, type SocketClient, type SocketLike } from '../../../lib/socket-client.ts';
import { pageNavigation } from '../../billing/index.ts';

notifyManager.setScheduler((callback) => callback());

let PricingPage: typeof import('./pricing-page.tsx').PricingPage;
let currentPlanOf: typeof import('./pricing-page.tsx').currentPlanOf;
let router: typeof import('react-router-dom');

class FakeSocket implements SocketLike {
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  push(message: unknown) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) })));
  }
  close() {
    this.closed = true;
  }
}

beforeAll(async () => {
  router = await import('react-router-dom');
  ({ PricingPage, currentPlanOf } = await import('./pricing-page.tsx'));
  await initTestI18n();
});

const view = (overrides: Partial<SubscriptionView> = {}): SubscriptionView => ({
  plan: 'free',
  subscriptionType: null,
  status: null,
  validUntil: null,
  nextPaymentAmount: null,
  nextPaymentDate: null,
  currency: null,
  cancellationReason: null,
  cancellationReasonDetails: null,
  cancellationEffectiveDate: null,
  canReactivateUntil: null,
  hasProAccess: false,
  cancelledButValid: false,
  cancelPending: false,
  inGracePeriod: false,
  canReactivate: false,
  renews: false,
  refundable: false,
  hasBillingAccount: false,
  disputedAt: null,
  ...overrides,
});
const proView = view({
  plan: 'proSubscription',
  subscriptionType: 'proSubscription',
  status: 'active',
  validUntil: '2099-01-01T00:00:00.000Z',
  hasProAccess: true,
  renews: true,
});

let meSubscription: { subscriptionType: string; status: string; validUntil: string | null } | null;
let subscriptionAnswer: () => { status: number; body: unknown };
let checkoutAnswer: () => Promise<{ status: number; body: unknown }>;
let calls: { call: string; body: unknown }[];
let assigned: string[];
let sockets: FakeSocket[];
let socket: SocketClient;
const dom = rootPerTest();

function Where() {
  const location = router.useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

async function mount({ signedIn = true, path = '/pricing' } = {}) {
  const { MemoryRouter, Route, Routes } = router;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    dom.root.render(
      <ConfigProvider
        config={
          {
            wsUrl: 'ws://test/ws',
            ptBrHosts: [],
            features: { coverLetter: false },
          } as unknown as RuntimeConfig
        }
      >
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[path]}>
            <NoticeProvider>
              <Routes>
                <Route
                  path="/pricing"
                  element={
                    <>
                      <PricingPage signedIn={signedIn} coverLetter={false} socket={socket} />
                      <Where />
                    </>
                  }
                />
              </Routes>
            </NoticeProvider>
          </MemoryRouter>
        </QueryClientProvider>
      </ConfigProvider>,
    ),
  );
  await advance(0);
}

const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const button = (name: RegExp) =>
  [...dom.container.querySelectorAll('button')].find((b) =>
    name.test(b.textContent ?? ''),
  ) as HTMLButtonElement;
const proButtons = () => [...dom.container.querySelectorAll<HTMLButtonElement>('.plan--pro button')];
const proLinks = () => [...dom.container.querySelectorAll<HTMLAnchorElement>('.plan--pro a')];
const notices = () => [...dom.container.querySelectorAll('.notice')].map((n) => n.textContent);
const text = () => dom.container.textContent ?? '';
const currentPlan = () =>
  [...dom.container.querySelectorAll('.plan--current .plan__name')].map((name) => name.textContent);
const where = () => dom.container.querySelector('[data-testid="where"]')?.textContent;
const subscriptionReads = () => calls.filter((c) => c.call === 'GET /api/billing/subscription').length;

beforeEach(() => {
  jest.useFakeTimers();
  meSubscription = null;
  subscriptionAnswer = () => ({ status: 200, body: { data: { subscription: view(), billingInfo: null } } });
  checkoutAnswer = async () => ({ status: 200, body: { data: { url: 'https://checkout.test/s1' } } });
  calls = [];
  assigned = [];
  sockets = [];
  pageNavigation.assign = (url) => {
    assigned.push(url);
  };
  initApiClient({
    baseUrl: '/api',
    getAccessToken: async () => 'token',
    fetch: async (input, init) => {
      const path = new URL(String(input), 'http://test').pathname;
      const call = `${init?.method ?? 'GET'} ${path}`;
      calls.push({ call, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      let answer: { status: number; body: unknown };
      if (call === 'GET /api/me')
        answer = {
          status: 200,
          body: {
            data: {
              user: { id: 'u1', email: 'a@b.c', firstName: 'A', lastName: 'B' },
              profile: null,
              subscription: meSubscription,
              usage: { resumes: { used: 0, limit: 3 }, aiSuggestions: { used: 0, limit: 3 } },
              role: null,
            },
          },
        };
      else if (call === 'GET /api/billing/subscription') answer = subscriptionAnswer();
      else if (call === 'POST /api/billing/checkout') answer = await checkoutAnswer();
      else throw new Error(`unexpected ${call}`);
      const body = JSON.stringify(answer.body);
      return {
        ok: answer.status < 400,
        status: answer.status,
        statusText: '',
        text: async () => body,
        json: async () => JSON.parse(body),
      } as Response;
    },
  });
  socket = createSocketClient({
    url: 'ws://test/ws',
    getTicket: async () => 'ticket',
    createSocket: () => {
      const fake = new FakeSocket();
      sockets.push(fake);
      queueMicrotask(() => act(() => fake.onopen?.(new Event('open'))));
      return fake;
    },
  });
});

afterEach(() => {
  jest.useRealTimers();
});

describe('PricingPage buttons', () => {
  it('sends a visitor to sign in and back to /pricing', async () => {
    await mount({ signedIn: false });
    expect(proButtons()).toEqual([]);
    expect(proLinks().map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Sign in to upgrade', '/auth?redirect=%2Fpricing'],
      ['Sign in to upgrade', '/auth?redirect=%2Fpricing'],
    ]);
    expect(calls).toEqual([]);
    expect(text()).toContain('Auto-renews monthly.');
  });

  it('lets a Free user buy either plan: checkout with the plan (never a currency), then off to the payment page', async () => {
    await mount();
    expect(proButtons().map((b) => [b.textContent, b.disabled])).toEqual([
      ['Upgrade to Pro Monthly', false],
      ['Buy Pro Lifetime', false],
    ]);

    let release = () => {};
    checkoutAnswer = () =>
      new Promise((resolve) => {
        release = () => resolve({ status: 200, body: { data: { url: 'https://checkout.test/s1' } } });
      });
    await act(async () => button(/Pro Lifetime/).click());
    // Processing: both buttons are disabled while the request is in flight.
    expect(proButtons().map((b) => [b.textContent, b.disabled])).toEqual([
      ['Upgrade to Pro Monthly', true],
      ['Opening checkout…', true],
    ]);
    expect(calls.find((c) => c.call === 'POST /api/billing/checkout')?.body).toEqual({
      planType: 'proLifetime',
    });
    await act(async () => release());
    await advance(0);
    expect(assigned).toEqual(['https://checkout.test/s1']);
    // Still busy while the browser leaves.
    expect(proButtons().every((b) => b.disabled)).toBe(true);
  });

  it('says the checkout could not start, and lets the user try again', async () => {
    checkoutAnswer = async () => ({
      status: 502,
      body: { error: { code: 'CHECKOUT_FAILED', message: 'Could not initiate checkout.' } },
    });
    await mount();
    await act(async () => button(/Pro Monthly/).click());
    await advance(0);
    expect(notices()).toEqual([expect.stringContaining('Could not initiate checkout. Please try again.')]);
    expect(assigned).toEqual([]);
    expect(proButtons().map((b) => b.disabled)).toEqual([false, false]);
  });

  it('marks the plan a Pro user pays for, with where to manage it, and disables the other Pro button', async () => {
    meSubscription = {
      subscriptionType: 'proSubscription',
      status: 'active',
      validUntil: '2099-01-01T00:00:00Z',
    };
    await mount();
    expect(currentPlan()).toEqual(['Pro Monthly']);
    expect(proLinks().map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Manage subscription', '/subscription'],
    ]);
    expect(proButtons().map((b) => [b.textContent, b.disabled])).toEqual([['You already have Pro', true]]);
    expect(dom.container.querySelector('.pricing__pro a')?.getAttribute('href')).toBe('/subscription');
  });
});

describe('PricingPage: the plan the user is on', () => {
  it('marks Free for a Free user', async () => {
    await mount();
    expect(currentPlan()).toEqual(['Free']);
    expect(dom.container.querySelector('.plan--current [data-testid="current-plan"]')?.textContent).toBe(
      'Your plan',
    );
  });

  it('marks Pro Lifetime for a lifetime buyer', async () => {
    meSubscription = { subscriptionType: 'proLifetime', status: 'active', validUntil: null };
    await mount();
    expect(currentPlan()).toEqual(['Pro Lifetime']);
  });

  it('marks nothing for a visitor', async () => {
    await mount({ signedIn: false });
    expect(currentPlan()).toEqual([]);
  });

  it('keeps a cancelled plan marked until it ends', () => {
    const cancelled = {
      subscriptionType: 'proSubscription',
      status: 'cancelled',
      validUntil: '2099-01-01T00:00:00Z',
    };
    expect(currentPlanOf(cancelled as SubscriptionState)).toBe('proMonthly');
    expect(currentPlanOf({ ...cancelled, validUntil: '2000-01-01T00:00:00Z' } as SubscriptionState)).toBe(
      'free',
    );
    expect(currentPlanOf(null)).toBe('free');
  });

  it('says once that Pro Monthly renews by itself', async () => {
    await mount({ signedIn: false });
    expect(text().match(/renews/gi)).toHaveLength(1);
  });
});

describe('PricingPage checkout verification', () => {
  it('is settled by the WebSocket push: success toast, query cleared, buttons reflect Pro', async () => {
    await mount({ path: '/pricing?checkSubscription=true' });
    expect(proButtons().map((b) => [b.textContent, b.disabled])).toEqual([
      ['Confirming your payment…', true],
      ['Confirming your payment…', true],
    ]);
    expect(text()).toContain('Confirming your payment. This usually takes a few seconds');
    expect(sockets).toHaveLength(1);

    meSubscription = {
      subscriptionType: 'proSubscription',
      status: 'active',
      validUntil: '2099-01-01T00:00:00Z',
    };
    sockets[0]?.push({ type: 'subscription', subscription: proView });
    await advance(0);
    expect(notices()).toEqual([expect.stringContaining('Payment confirmed: welcome to Pro!')]);
    expect(where()).toBe('/pricing');
    expect(subscriptionReads()).toBe(0);
    // /me was read again after the push, so the page knows the user is Pro.
    expect(currentPlan()).toEqual(['Pro Monthly']);
    expect(proButtons().map((b) => [b.textContent, b.disabled])).toEqual([['You already have Pro', true]]);
    // No more polling once settled.
    await advance(30_000);
    expect(subscriptionReads()).toBe(0);
    expect(sockets[0]?.closed).toBe(true);
  });

  it('ignores a push that does not show Pro access, and a poll that finds it settles it', async () => {
    await mount({ path: '/pricing?checkSubscription=true' });
    sockets[0]?.push({ type: 'subscription', subscription: view({ status: 'pending' }) });
    sockets[0]?.push({ type: 'job', job: {} });
    await advance(2_000);
    expect(subscriptionReads()).toBe(1);
    expect(notices()).toEqual([]);

    subscriptionAnswer = () => ({
      status: 200,
      body: { data: { subscription: proView, billingInfo: null } },
    });
    await advance(2_000);
    expect(subscriptionReads()).toBe(2);
    expect(notices()).toEqual([expect.stringContaining('Payment confirmed')]);
    expect(where()).toBe('/pricing');
  });

  it('polls every 2 s, 10 times, then shows the pending warning', async () => {
    await mount({ path: '/pricing?checkSubscription=true' });
    await advance(1_999);
    expect(subscriptionReads()).toBe(0);
    await advance(1);
    expect(subscriptionReads()).toBe(1);
    await advance(16_000);
    expect(subscriptionReads()).toBe(9);
    expect(proButtons().every((b) => b.disabled)).toBe(true);
    await advance(2_000);
    expect(subscriptionReads()).toBe(10);
    const pending =
      'Your payment succeeded, but the subscription is still processing. Refresh in a few moments.';
    expect(notices()).toEqual([expect.stringContaining(pending)]);
    expect(dom.container.querySelector('[role="status"].pricing__verify')?.textContent).toContain(pending);
    // Not verifying any more: the buttons follow the plan again; the query stays for a later reload.
    expect(proButtons().map((b) => b.disabled)).toEqual([false, false]);
    expect(where()).toBe('/pricing?checkSubscription=true');
    await advance(20_000);
    expect(subscriptionReads()).toBe(10);
  });

  it('shows the verification-failed message when the subscription cannot be read', async () => {
    subscriptionAnswer = () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } });
    await mount({ path: '/pricing?checkSubscription=true' });
    await advance(2_000);
    const failed = 'Failed to verify subscription status. Please contact support if the issue persists.';
    expect(notices()).toEqual([expect.stringContaining(failed)]);
    expect(dom.container.querySelector('[role="alert"].pricing__verify')?.textContent).toBe(failed);
    await advance(20_000);
    expect(subscriptionReads()).toBe(1);
  });
});
