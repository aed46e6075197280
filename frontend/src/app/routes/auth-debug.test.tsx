import { TextEncoder } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import i18next from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import type { StaffRole } from '#shared/roles';
import type { RuntimeConfig } from '#shared/runtime-config';
import { ConfigProvider } from '../../config/config-context.tsx';
import { readLocale } from '../../i18n/read-locale.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The gate is what is tested: the session, the role query and Amplify stand still behind mocks.
let staff: { role: StaffRole | null; pending: boolean } = { role: null, pending: false };
let MemoryRouter: typeof import('react-router-dom').MemoryRouter;
let AuthDebugRoute: typeof import('./auth-debug.tsx').AuthDebugRoute;
let container: HTMLDivElement;
let root: Root;

beforeAll(async () => {
  // jsdom lacks TextEncoder, which react-router needs when it loads: hence the imports below come late.
  Object.assign(globalThis, { TextEncoder });
  ({ MemoryRouter } = await import('react-router-dom'));
  jest.unstable_mockModule('aws-amplify/auth', () => ({
    fetchAuthSession: async () => ({ tokens: undefined }),
  }));
  jest.unstable_mockModule('aws-amplify/utils', () => ({ Hub: { listen: () => () => {} } }));
  jest.unstable_mockModule('../../lib/auth.tsx', () => ({
    useAuth: () => ({
      state: { status: 'signedIn', user: { userId: 'u1', email: 'a@b.co' } },
      refresh: async () => {},
    }),
    useLogout: () => async () => {},
  }));
  jest.unstable_mockModule('../layouts/use-staff-role.ts', () => ({ useStaffRole: () => staff }));
  ({ AuthDebugRoute } = await import('./auth-debug.tsx'));
  await i18next.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { translation: readLocale('en-US') } },
    interpolation: { escapeValue: false },
  });
});

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

async function render(stage: string) {
  await act(async () =>
    root.render(
      <ConfigProvider config={{ apiUrl: '/api', stage } as RuntimeConfig}>
        <MemoryRouter>
          <AuthDebugRoute />
        </MemoryRouter>
      </ConfigProvider>,
    ),
  );
  return container.querySelector('h1')?.textContent ?? null;
}

describe('/auth-debug gate', () => {
  it('shows the page to staff, and to anyone in the local cloud', async () => {
    staff = { role: 'support', pending: false };
    expect(await render('prod')).toBe('Authentication debug');
    staff = { role: null, pending: false };
    expect(await render('local')).toBe('Authentication debug');
  });

  it('answers everyone else with the not-found page, after the role is known', async () => {
    staff = { role: null, pending: true };
    expect(await render('prod')).toBeNull();
    staff = { role: null, pending: false };
    expect(await render('prod')).toBe(i18next.t('notFound.title'));
  });
});
