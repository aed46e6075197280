import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { act } from 'react';
import type { BillingInfo, SubscriptionView } from '#shared/billing';
import { NoticeProvider } from '../../../components/notices.tsx';
import { initTestI18n, rootPerTest } from '../../../components/testing/dom.ts';
import { initApiClient } from '../../../lib/api-client.ts';
import { lifecycleState } from '../lib/lifecycle.ts';

notifyManager.setScheduler((callback) => callback());

let SubscriptionPage: typeof import('./subscription-page.tsx').SubscriptionPage;
let router: typeof import('react-router-dom');

beforeAll(async () => {
  router = await import('react-router-dom');
  ({ SubscriptionPage } = await import('./subscription-page.tsx'));
  await initTestI18n(['en-US', 'pt-BR']);
});

const NOW = new Date('2026-11-25T12:00:00.000Z');
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
const monthly = view({
  plan: 'proSubscription',
  subscriptionType: 'proSubscription',
  status: 'active',
  validUntil: '2026-12-25T12:00:00.000Z',
  nextPaymentAmount: 5,
  nextPaymentDate: '2026-12-25T12:00:00.000Z',
  currency: 'usd',
  hasProAccess: true,
  renews: true,
  refundable: true,
  hasBillingAccount: true,
});
const cancelPending = view({
  ...monthly,
  cancellationReason: 'too_expensive',
  cancellationEffectiveDate: '2026-12-25T12:00:00.000Z',
  canReactivateUntil: '2026-12-25T12:00:00.000Z',
  nextPaymentAmount: null,
  nextPaymentDate: null,
  cancelPending: true,
  canReactivate: true,
  renews: false,
});
const cancelledValid = view({
  subscriptionType: 'proSubscription',
  status: 'cancelled',
  validUntil: '2026-12-02T12:00:00.000Z',
  cancelledButValid: true,
  hasBillingAccount: true,
});
const grace = view({ ...monthly, status: 'gracePeriod', inGracePeriod: true, canReactivate: true });
const lifetime = view({
  plan: 'proLifetime',
  subscriptionType: 'proLifetime',
  status: 'active',
  hasProAccess: true,
  refundable: false,
  hasBillingAccount: true,
});
const pending = view({ subscriptionType: 'proSubscription', status: 'pending' });
const info: BillingInfo = {
  id: 'b1',
  profileId: 'u1',
  customerId: 'cus_1',
  name: 'Ana Souza',
  email: 'ana@example.com',
  addressLine1: 'Rua A, 1',
  addressLine2: null,
  addressCity: 'São Paulo',
  addressState: 'SP',
  addressPostalCode: '01000-000',
  addressCountry: 'BR',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

let current: { subscription: SubscriptionView; billingInfo: BillingInfo | null };
let readStatus: number;
let answers: Record<string, () => { status: number; body: unknown }>;
let calls: { call: string; body: unknown }[];
const dom = rootPerTest();

async function mount() {
  const { MemoryRouter } = router;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    dom.root.render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/subscription']}>
          <NoticeProvider>
            <SubscriptionPage />
          </NoticeProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  await advance(0);
}

const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const text = () => dom.container.textContent ?? '';
const status = () => dom.container.querySelector('[data-testid="subscription-status"]')?.textContent;
const badge = () => dom.container.querySelector('[data-testid="subscription-state"]')?.textContent;
const button = (name: string) =>
  [...dom.container.querySelectorAll('button')].find((b) => b.textContent === name) as
    | HTMLButtonElement
    | undefined;
const notices = () => [...dom.container.querySelectorAll('.notice')].map((n) => n.textContent);
const headings = () => [...dom.container.querySelectorAll('h2')].map((h) => h.textContent);

beforeEach(async () => {
  jest.useFakeTimers({ now: NOW, doNotFake: ['queueMicrotask'] });
  await i18next.changeLanguage('en-US');
  current = { subscription: view(), billingInfo: null };
  readStatus = 200;
  calls = [];
  answers = {};
  initApiClient({
    baseUrl: '/api',
    getAccessToken: async () => 'token',
    fetch: async (input, init) => {
      const path = new URL(String(input), 'http://test').pathname;
      const call = `${init?.method ?? 'GET'} ${path}`;
      calls.push({ call, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      let answer: { status: number; body: unknown };
      if (call === 'GET /api/billing/subscription')
        answer =
          readStatus === 200
            ? { status: 200, body: { data: current } }
            : { status: readStatus, body: { error: { code: 'INTERNAL', message: 'x' } } };
      else if (call === 'GET /api/me') answer = { status: 200, body: { data: {} } };
      else if (answers[call]) answer = (answers[call] as () => { status: number; body: unknown })();
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
});

afterEach(() => {
  jest.useRealTimers();
});

describe('lifecycleState', () => {
  it('names every state of the lifecycle', () => {
    expect(
      [view(), pending, monthly, lifetime, cancelPending, cancelledValid, grace].map((v) =>
        lifecycleState(v),
      ),
    ).toEqual(['free', 'pending', 'active', 'lifetime', 'cancelPending', 'cancelledValid', 'gracePeriod']);
  });
});

describe('SubscriptionPage', () => {
  it('shows loading, then an error with a retry that loads it', async () => {
    readStatus = 500;
    await mount();
    expect(text()).toContain('Failed to load your subscription.');
    readStatus = 200;
    await act(async () => button('Try again')?.click());
    await advance(0);
    expect(status()).toContain('You are on the Free plan');
  });

  it('Free: the upgrade link, no cancellation, portal, refund or billing info', async () => {
    await mount();
    // The card's title says "Free": no badge repeats it.
    expect(badge()).toBeUndefined();
    expect(status()).toBe(
      'You are on the Free plan: up to 3 resumes and 3 AI suggestions, with online preview.',
    );
    expect(dom.container.querySelector('a[href="/pricing"]')?.textContent).toBe('Upgrade to Pro');
    expect(headings()).toEqual(['Free']);
    // The sync action sits in the plan's card, as a bordered button.
    expect(button('Sync subscription')?.closest('section')?.querySelector('h2')?.textContent).toBe('Free');
    expect(button('Sync subscription')?.className).toBe('button button--secondary');
  });

  it('Pro Monthly: active, the next payment, portal, refund, cancellation and billing info', async () => {
    current = { subscription: monthly, billingInfo: info };
    await mount();
    expect(badge()).toBe('Active');
    expect(status()).toBe('Active. Your plan renews automatically every month.');
    expect(text()).toContain('Next payment$5.00 on December 25, 2026');
    expect(headings()).toEqual([
      'Pro Monthly',
      'Payment methods and invoices',
      'Money-back guarantee',
      'Billing information',
      'Cancel subscription',
    ]);
    expect(text()).toContain('within 14 days of the purchase');
    expect(text()).toContain('Rua A, 1, 01000-000 São Paulo, SP, BR');
  });

  it('in Portuguese: dates and amounts in the language, plural texts', async () => {
    await i18next.changeLanguage('pt-BR');
    current = { subscription: { ...monthly, currency: 'brl' }, billingInfo: info };
    await mount();
    expect(text()).toMatch(/R\$\s5,00 em 25 de dezembro de 2026/);
    expect(text()).toContain('Restam 1000 caracteres');
  });

  it('cancel pending: access until the date, days left, reactivation, no cancel form', async () => {
    current = { subscription: cancelPending, billingInfo: info };
    await mount();
    expect(badge()).toBe('Cancellation scheduled');
    expect(status()).toBe(
      'Cancelled at the end of the billing period. You keep Pro access until December 25, 2026.',
    );
    expect(text()).toContain('30 days of Pro left');
    expect(headings()).not.toContain('Cancel subscription');
    expect(button('Reactivate subscription')).toBeDefined();
  });

  it('cancelled but valid: access until the date, one day left in the singular, billing info kept', async () => {
    current = {
      subscription: { ...cancelledValid, validUntil: '2026-11-26T00:00:00.000Z' },
      billingInfo: info,
    };
    await mount();
    expect(badge()).toBe('Cancelled');
    expect(status()).toContain('Cancelled. You keep Pro access until November 26, 2026');
    expect(text()).toContain('1 day of Pro left');
    expect(headings()).toContain('Billing information');
  });

  it('grace period: the failed payment, a reactivation prompt', async () => {
    current = { subscription: grace, billingInfo: info };
    await mount();
    expect(badge()).toBe('Payment failed');
    expect(status()).toContain('Your last payment did not go through.');
    expect(button('Reactivate subscription')).toBeDefined();
  });

  it('Lifetime: no renewal, no next payment, no cancellation', async () => {
    current = { subscription: lifetime, billingInfo: info };
    await mount();
    expect(badge()).toBe('Lifetime');
    expect(status()).toBe('Paid once: Pro is yours for good. There are no renewals.');
    expect(text()).toContain('RenewalNever renews');
    expect(text()).not.toContain('Next payment');
    expect(headings()).not.toContain('Cancel subscription');
  });

  it('pending: the payment is still processing', async () => {
    current = { subscription: pending, billingInfo: null };
    await mount();
    expect(badge()).toBe('Processing');
    expect(status()).toContain('still processing');
  });

  it('the cancel form needs a reason, then asks for confirmation, then shows the cancellation', async () => {
    current = { subscription: monthly, billingInfo: info };
    answers['POST /api/billing/cancel'] = () => {
      current = { subscription: cancelPending, billingInfo: info };
      return { status: 200, body: { data: cancelPending } };
    };
    await mount();
    const form = dom.container.querySelector('form.billing-cancel') as HTMLFormElement;
    await act(async () => form.requestSubmit());
    expect(form.querySelector('[role="alert"]')?.textContent).toBe('Please choose a reason.');
    expect(form.querySelector('select')?.getAttribute('aria-invalid')).toBe('true');
    expect(dom.container.querySelector('dialog[open]')).toBeNull();

    const select = form.querySelector('select') as HTMLSelectElement;
    const textarea = form.querySelector('textarea') as HTMLTextAreaElement;
    await act(async () => {
      select.value = 'too_expensive';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
    await act(async () => {
      setValue?.call(textarea, '  Too much for me  ');
      textarea.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(text()).toContain('981 characters left');
    await act(async () => form.requestSubmit());
    expect(form.querySelector('[role="alert"]')).toBeNull();
    const dialog = dom.container.querySelector('dialog[open]') as HTMLDialogElement;
    expect(dialog.textContent).toContain('Cancel your subscription?');
    expect(dialog.textContent).toContain('You keep Pro until December 25, 2026.');
    expect(calls.some((c) => c.call === 'POST /api/billing/cancel')).toBe(false);

    // Keeping it closes the dialog without a request.
    await act(async () => button('Keep my subscription')?.click());
    expect(dom.container.querySelector('dialog[open]')).toBeNull();
    expect(calls.some((c) => c.call === 'POST /api/billing/cancel')).toBe(false);

    await act(async () => form.requestSubmit());
    await act(async () => button('Yes, cancel')?.click());
    await advance(0);
    expect(calls.find((c) => c.call === 'POST /api/billing/cancel')?.body).toEqual({
      reason: 'too_expensive',
      details: 'Too much for me',
    });
    expect(text()).toContain('Your subscription is cancelled');
    expect(text()).toContain('You keep Pro access until December 25, 2026. You can reactivate it');
    expect(badge()).toBe('Cancellation scheduled');
    expect(headings()).not.toContain('Cancel subscription');
  });

  it('the billing portal: off to its address, or the spec message when it fails', async () => {
    current = { subscription: monthly, billingInfo: info };
    answers['POST /api/billing/portal'] = () => ({
      status: 502,
      body: { error: { code: 'PORTAL_FAILED', message: 'x' } },
    });
    await mount();
    await act(async () => button('Open billing portal')?.click());
    await advance(0);
    expect(calls.find((c) => c.call === 'POST /api/billing/portal')?.body).toEqual({
      returnPath: '/subscription',
    });
    expect(notices()).toEqual([
      expect.stringContaining('There was an error redirecting to the billing portal.'),
    ]);
  });

  it('a refund is confirmed first, then the page shows the Free plan', async () => {
    current = { subscription: monthly, billingInfo: info };
    answers['POST /api/billing/refund'] = () => {
      current = { subscription: view({ hasBillingAccount: true }), billingInfo: null };
      return { status: 200, body: { data: current.subscription } };
    };
    await mount();
    await act(async () => button('Request a refund')?.click());
    expect(dom.container.querySelector('dialog[open]')?.textContent).toContain('Request a refund?');
    await act(async () => button('Refund my payment')?.click());
    await advance(0);
    expect(notices()).toEqual([expect.stringContaining('Your refund is on its way.')]);
    expect(headings()[0]).toBe('Free');
    expect(badge()).toBeUndefined();
    expect(headings()).not.toContain('Billing information');
  });

  it('sync reads the subscription from the provider and says whether it could', async () => {
    answers['POST /api/billing/sync'] = () => ({
      status: 200,
      body: { data: { synced: false, subscription: view() } },
    });
    await mount();
    await act(async () => button('Sync subscription')?.click());
    await advance(0);
    expect(notices()).toEqual([expect.stringContaining('The payment provider could not be reached.')]);
  });
});
