import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { act } from 'react';
import type { AdminUserDetail, AdminUserSummary } from '#shared/admin';
import { permissionsOf } from '#shared/permissions';
import type { StaffRole } from '#shared/roles';
import { NoticeProvider } from '../../../components/notices.tsx';
import { initTestI18n, rootPerTest } from '../../../components/testing/dom.ts';
import { type ApiCall, fakeApi } from '../../../components/testing/fake-api.ts';

notifyManager.setScheduler((callback) => callback());

let AdminArea: typeof import('./admin-area.tsx').AdminArea;
let router: typeof import('react-router-dom');

beforeAll(async () => {
  router = await import('react-router-dom');
  ({ AdminArea } = await import('./admin-area.tsx'));
  await initTestI18n(['en-US', 'pt-BR']);
});

const user = (overrides: Partial<AdminUserSummary> = {}): AdminUserSummary => ({
  id: 'u-demo',
  email: 'demo@example.com',
  firstName: 'Demo',
  lastName: 'User',
  status: 'active',
  role: null,
  plan: 'free',
  resumeCount: 2,
  aiUsageCount: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});
const other = user({ id: 'u-ana', email: 'ana@example.com', firstName: 'Ana', lastName: 'Souza' });

let role: StaffRole;
let answers: Record<string, { status: number; body: unknown }>;
let calls: ApiCall[];
const dom = rootPerTest();
let location = '';

function answer(path: string, method: string) {
  if (path === '/me') return { status: 200, body: { data: { role, permissions: permissionsOf(role) } } };
  return answers[`${method} ${path}`];
}

function Probe() {
  const here = router.useLocation();
  location = `${here.pathname}${here.search}`;
  return null;
}

async function mount(path: string) {
  const { MemoryRouter, Route, Routes } = router;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    dom.root.render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter key={path} initialEntries={[path]}>
          <NoticeProvider>
            <Routes>
              <Route path="/admin/*" element={<AdminArea notFound={<p>not found</p>} />} />
            </Routes>
            <Probe />
          </NoticeProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  await advance(0);
}

const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const text = () => dom.container.textContent ?? '';
const tabs = () => [...dom.container.querySelectorAll('nav a')].map((a) => a.textContent);
const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === name) as
    | HTMLButtonElement
    | undefined;
const click = (element: Element | null | undefined) => act(async () => (element as HTMLElement).click());

beforeEach(async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
  await i18next.changeLanguage('en-US');
  role = 'admin';
  answers = {
    'GET /admin/users?page=1&limit=50': {
      status: 200,
      body: { data: { users: [user(), other], page: 1, limit: 50, total: 2, hasMore: false } },
    },
    'GET /admin/users?page=1&limit=50&search=demo': {
      status: 200,
      body: { data: { users: [user()], page: 1, limit: 50, total: 1, hasMore: false } },
    },
  };
  calls = fakeApi(answer);
});

afterEach(() => {
  jest.useRealTimers();
});

describe('admin users list', () => {
  it('searches after typing pauses, keeps the search in the URL and counts in both languages', async () => {
    await mount('/admin/users');
    expect(text()).toContain('2 users');
    expect(text()).toContain('ana@example.com');

    const search = dom.container.querySelector('input[type="search"]') as HTMLInputElement;
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setValue?.call(search, 'demo');
      search.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await advance(100);
    expect(calls.filter((c) => c.call.includes('search='))).toHaveLength(0);
    await advance(300);
    expect(location).toBe('/admin/users?search=demo');
    expect(text()).toContain('1 user');
    expect(text()).not.toContain('ana@example.com');

    await act(() => i18next.changeLanguage('pt-BR'));
    expect(text()).toContain('1 usuário');
  });

  it('deletes the selected users after a confirmation, for roles that may', async () => {
    answers['POST /admin/users/bulk-delete'] = {
      status: 200,
      body: { data: { deleted: ['u-ana'], failed: [] } },
    };
    await mount('/admin/users');
    await click(dom.container.querySelector('input[aria-label="Select ana@example.com"]'));
    await click(button('Delete selected'));
    expect(document.querySelector('dialog')?.textContent).toContain('Delete 1 user?');

    await click(button('Delete user'));
    await advance(0);
    expect(calls.find((c) => c.call === 'POST /admin/users/bulk-delete')?.body).toEqual({
      userIds: ['u-ana'],
    });
    expect(text()).toContain('1 user deleted');
  });

  it("offers support no selection or switch it may not use, and says 'Failed to load users'", async () => {
    role = 'support';
    await mount('/admin/users');
    expect(tabs()).toEqual(['Overview', 'Users', 'Audit log', 'Feature flags']);
    expect(text()).toContain('ana@example.com');
    expect(dom.container.querySelector('input[type="checkbox"]')).toBeNull();

    answers['GET /admin/flags'] = { status: 200, body: { data: [{ name: 'coverLetter', enabled: false }] } };
    await mount('/admin/flags');
    expect(text()).toContain('Your role may see the flags but not change them.');
    expect(dom.container.querySelector<HTMLButtonElement>('[role="switch"]')?.disabled).toBe(true);

    answers['GET /admin/users?page=1&limit=50'] = { status: 503, body: { error: { code: 'INTERNAL' } } };
    await mount('/admin/users?page=1');
    expect(text()).toContain('Failed to load users');
  });

  it('gives a content manager no audit log or flags', async () => {
    role = 'content_manager';
    await mount('/admin/audit');
    expect(tabs()).toEqual(['Overview', 'Users']);
    expect(text()).toContain('not found');
  });
});

describe('admin user detail and flags', () => {
  const detail: AdminUserDetail = {
    user: { ...user(), locale: 'en', emailVerified: true, updatedAt: '2026-11-02T10:00:00.000Z' },
    subscription: null,
  };

  it("says 'User not found' for an unknown user", async () => {
    answers['GET /admin/users/nobody'] = { status: 404, body: { error: { code: 'USER_NOT_FOUND' } } };
    await mount('/admin/users/nobody');
    expect(text()).toContain('User not found');
  });

  it('reports a failed impersonation link and grants a role with a toast', async () => {
    answers['GET /admin/users/u-demo'] = { status: 200, body: { data: detail } };
    answers['GET /admin/users/u-demo/resumes'] = { status: 200, body: { data: [] } };
    answers['PUT /admin/permissions/u-demo'] = { status: 200, body: { data: { role: 'support' } } };
    await mount('/admin/users/u-demo');
    expect(text()).toContain('This user has no resumes.');

    // A reason is asked for first, then the link; its failure is reported.
    await click(button('Impersonate'));
    await click(button('View as this user'));
    expect(text()).toContain('Please give a reason of at least 10 characters.');
    const reason = document.querySelector('textarea[name="reason"]') as HTMLTextAreaElement;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(
        reason,
        'Ticket 12: a check',
      );
      reason.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await click(button('View as this user'));
    await advance(0);
    expect(
      calls.some(
        ({ call }) =>
          call.startsWith('GET /admin/users/u-demo/impersonate-url?') && call.includes('reason=Ticket+12'),
      ),
    ).toBe(true);
    expect(text()).toContain('Error generating impersonation URL.');

    const select = [...dom.container.querySelectorAll('select')].find((s) =>
      s.querySelector('option[value="support"]'),
    );
    await act(async () => {
      (select as HTMLSelectElement).value = 'support';
      select?.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await click(button('Save role'));
    await advance(0);
    expect(calls.find((c) => c.call === 'PUT /admin/permissions/u-demo')?.body).toEqual({ role: 'support' });
    expect(text()).toContain('Role granted: Support');
  });

  it('offers cancel and refund of a subscription only to roles that may', async () => {
    const monthly = {
      plan: 'proSubscription',
      subscriptionType: 'proSubscription',
      status: 'active',
      validUntil: '2026-12-25T12:00:00.000Z',
      nextPaymentAmount: 5,
      nextPaymentDate: '2026-12-25T12:00:00.000Z',
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
    answers['GET /admin/users/u-demo'] = {
      status: 200,
      body: { data: { ...detail, subscription: monthly } },
    };
    answers['GET /admin/users/u-demo/resumes'] = { status: 200, body: { data: [] } };
    await mount('/admin/users/u-demo');
    expect(text()).toContain('Pro Monthly');
    expect(button('Cancel subscription')).toBeDefined();
    expect(button('Refund')).toBeDefined();
    expect(button('Delete user')).toBeDefined();

    role = 'support';
    await mount('/admin/users/u-demo?as=support');
    expect(button('Cancel subscription')).toBeDefined();
    expect(button('Refund')).toBeUndefined();
    expect(button('Delete user')).toBeUndefined();
    expect(button('Save role')).toBeUndefined();
  });

  it('offers no action on a user of the same rank or above, and says why, in both languages', async () => {
    const peer: AdminUserDetail = { ...detail, user: { ...detail.user, role: 'support' } };
    answers['GET /admin/users/u-demo'] = { status: 200, body: { data: peer } };
    answers['GET /admin/users/u-demo/resumes'] = { status: 200, body: { data: [] } };

    role = 'support';
    await mount('/admin/users/u-demo');
    expect(text()).toContain('You can view this account but not change it');
    for (const name of ['Impersonate', 'Disable user', 'Reset password', 'Edit profile']) {
      expect([name, button(name)]).toEqual([name, undefined]);
    }

    // An admin outranks support: every action is offered.
    role = 'admin';
    await mount('/admin/users/u-demo?as=admin');
    expect(text()).not.toContain('You can view this account but not change it');
    expect(button('Save role')).toBeDefined();
    expect(button('Delete user')).toBeDefined();

    await act(async () => {
      await i18next.changeLanguage('pt-BR');
    });
    role = 'support';
    await mount('/admin/users/u-demo?as=support-pt');
    expect(text()).toContain('Você pode ver esta conta, mas não alterá-la');
    await act(async () => {
      await i18next.changeLanguage('en-US');
    });
  });

  it('shows staff that a payment was disputed, in both languages', async () => {
    const disputed = {
      plan: 'free',
      subscriptionType: 'proSubscription',
      status: 'cancelled',
      validUntil: '2026-11-20T12:00:00.000Z',
      nextPaymentAmount: null,
      nextPaymentDate: null,
      currency: 'usd',
      cancellationReason: 'disputed',
      cancellationReasonDetails: null,
      cancellationEffectiveDate: '2026-11-20T12:00:00.000Z',
      canReactivateUntil: null,
      hasProAccess: false,
      cancelledButValid: false,
      cancelPending: false,
      inGracePeriod: false,
      canReactivate: false,
      renews: false,
      refundable: false,
      hasBillingAccount: true,
      disputedAt: '2026-11-20T12:00:00.000Z',
    };
    answers['GET /admin/users/u-demo'] = {
      status: 200,
      body: { data: { ...detail, subscription: disputed } },
    };
    answers['GET /admin/users/u-demo/resumes'] = { status: 200, body: { data: [] } };
    await mount('/admin/users/u-demo');
    expect(text()).toContain('Payment disputed');
    expect(text()).toMatch(/Payment disputed.*2026/);
    await act(async () => {
      await i18next.changeLanguage('pt-BR');
    });
    expect(text()).toContain('Pagamento contestado');
  });

  it('shows a bounded refusal once with its count, and the dispute by stripe with its label, in both languages', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const at = new Date().toISOString();
    const entries = [
      {
        id: 'refused-u-ana-1',
        at,
        actor: 'u-ana',
        actorEmail: 'ana@example.com',
        actorRole: null,
        action: 'GET /api/admin/users',
        target: {},
        outcome: 'refused',
        status: 403,
        count: 7,
      },
      {
        id: 'e2',
        at,
        actor: 'stripe',
        actorEmail: null,
        actorRole: null,
        action: 'STRIPE charge.dispute.created',
        target: { userId: 'u-demo' },
        outcome: 'succeeded',
        status: 200,
      },
    ];
    answers[`GET /admin/audit?month=${month}`] = {
      status: 200,
      body: { data: { entries, nextCursor: null } },
    };
    await mount('/admin/audit');
    expect(text()).toContain('refused 7 times this minute');
    expect(text()).toContain('Payment disputed (Stripe): access ended');
    await act(async () => {
      await i18next.changeLanguage('pt-BR');
    });
    expect(text()).toContain('recusado 7 vezes neste minuto');
  });

  it('turns a flag on through its switch', async () => {
    answers['GET /admin/flags'] = { status: 200, body: { data: [{ name: 'coverLetter', enabled: false }] } };
    answers['PUT /admin/flags/coverLetter'] = {
      status: 200,
      body: { data: { name: 'coverLetter', enabled: true } },
    };
    await mount('/admin/flags');
    const toggle = dom.container.querySelector('[role="switch"]');
    expect(toggle?.getAttribute('aria-checked')).toBe('false');
    await click(toggle);
    await advance(0);
    expect(calls.find((c) => c.call === 'PUT /admin/flags/coverLetter')?.body).toEqual({ enabled: true });
    expect(text()).toContain('Cover letters turned on');
  });
});
