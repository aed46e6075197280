import { beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { act } from 'react';
import { NoticeProvider } from '../../../components/notices.tsx';
import { initTestI18n, rootPerTest } from '../../../components/testing/dom.ts';
import type { Me } from '../../../lib/get-me.ts';

// The account's answer stands still behind a mock: the markup and texts built from it are what is tested.
let me: Me;
let MemoryRouter: typeof import('react-router-dom').MemoryRouter;
let AccountInfoForm: typeof import('./account-info-form.tsx').AccountInfoForm;
let PlanUsage: typeof import('./plan-usage.tsx').PlanUsage;
const mount = rootPerTest();

const account = (resumes: Me['usage']['resumes']): Me => ({
  user: { id: 'u1', email: 'ana@example.com', firstName: 'Ana', lastName: 'Silva' },
  profile: null,
  subscription: null,
  usage: { resumes, aiSuggestions: { used: 0, limit: 3 } },
  role: null,
});

beforeAll(async () => {
  ({ MemoryRouter } = await import('react-router-dom'));
  jest.unstable_mockModule('../../../lib/get-me.ts', () => ({
    meQueryKey: ['me'],
    getMeQueryOptions: () => ({ queryKey: ['me'], queryFn: async () => me }),
    useMe: () => ({ data: me, isPending: false, isError: false, refetch: async () => {} }),
  }));
  jest.unstable_mockModule('../../../lib/auth.tsx', () => ({ useAuth: () => ({ refresh: async () => {} }) }));
  ({ AccountInfoForm } = await import('./account-info-form.tsx'));
  ({ PlanUsage } = await import('./plan-usage.tsx'));
  await initTestI18n(['en-US', 'pt-BR']);
});

beforeEach(async () => {
  me = account({ used: 2, limit: 3 });
  await i18next.changeLanguage('en-US');
});

async function render() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    mount.root.render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <NoticeProvider>
            <PlanUsage />
            <AccountInfoForm />
          </NoticeProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
}

const usageText = () => mount.container.querySelectorAll('.plan-usage__item dd')[1]?.textContent;

describe('account information', () => {
  it('shows the e-mail as text with how to change it, not as an input that looks editable', async () => {
    await render();
    expect(mount.container.querySelector('input[type="email"], input[name="email"]')).toBeNull();
    expect([...mount.container.querySelectorAll('input')].map((input) => input.value)).not.toContain(
      'ana@example.com',
    );
    const email = mount.container.querySelector('[data-testid="account-email"]');
    expect(email?.textContent).toBe('ana@example.com');
    expect(email?.closest('dl')?.querySelector('dt')?.textContent).toBe('Email');
    expect(email?.closest('dl')?.textContent).toContain('contact support');
  });

  it('puts the focus on the first invalid field when a submit fails validation', async () => {
    await render();
    const first = mount.container.querySelector<HTMLInputElement>(
      'input[name="firstName"]',
    ) as HTMLInputElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    await act(async () => {
      setValue?.call(first, '');
      first.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const submit = mount.container.querySelector<HTMLButtonElement>(
      'button[type="submit"]',
    ) as HTMLButtonElement;
    submit.focus();
    await act(async () => {
      submit.click();
      await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    });
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(first);
  });
});

describe('plan usage counts', () => {
  it('says resume and resumes by the count, in English and in Portuguese', async () => {
    await render();
    expect(usageText()).toBe('2 of 3 resumes used');
    me = account({ used: 0, limit: 1 });
    await render();
    expect(usageText()).toBe('0 of 1 resume used');
    me = account({ used: 1, limit: null });
    await render();
    expect(usageText()).toBe('1 resume · unlimited');

    await act(async () => {
      await i18next.changeLanguage('pt-BR');
    });
    me = account({ used: 2, limit: 3 });
    await render();
    expect(usageText()).toBe('2 de 3 currículos usados');
    me = account({ used: 0, limit: 1 });
    await render();
    expect(usageText()).toBe('0 de 1 currículo usado');
    me = account({ used: 5, limit: null });
    await render();
    expect(usageText()).toBe('5 currículos · sem limite');
    // pt-BR's CLDR rules put 0 in "one": the _zero form keeps "0 currículo" off the page.
    me = account({ used: 0, limit: null });
    await render();
    expect(usageText()).toBe('Nenhum currículo ainda · sem limite');
  });

  it('colours the bars by the same rule as the resumes list: amber one short of the limit, red at it', async () => {
    await render();
    const meter = mount.container.querySelector('.plan-usage__item meter') as HTMLMeterElement;
    expect(meter.className).toBe('usage-meter');
    expect([meter.min, meter.max, meter.low, meter.high, meter.optimum, meter.value]).toEqual([
      0, 3, 1.5, 2.5, 0, 2,
    ]);
  });
});
