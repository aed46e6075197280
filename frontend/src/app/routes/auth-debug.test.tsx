import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import i18next from 'i18next';
import { act } from 'react';
import type { StaffRole } from '#shared/roles';
import type { RuntimeConfig } from '#shared/runtime-config';
import { initTestI18n, rootPerTest } from '../../components/testing/dom.ts';
import { ConfigProvider } from '../../config/config-context.tsx';

// The gate is what is tested: the session, the role query and Amplify stand still behind mocks.
let staff: { role: StaffRole | null; pending: boolean } = { role: null, pending: false };
let MemoryRouter: typeof import('react-router-dom').MemoryRouter;
let AuthDebugRoute: typeof import('./auth-debug.tsx').AuthDebugRoute;
const mount = rootPerTest();

beforeAll(async () => {
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
  await initTestI18n();
});

async function render(stage: string) {
  await act(async () =>
    mount.root.render(
      <ConfigProvider config={{ apiUrl: '/api', stage } as RuntimeConfig}>
        <MemoryRouter>
          <AuthDebugRoute />
        </MemoryRouter>
      </ConfigProvider>,
    ),
  );
  return mount.container.querySelector('h1')?.textContent ?? null;
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
