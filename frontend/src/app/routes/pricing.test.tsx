import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { act, type ReactNode } from 'react';
import { rootPerTest } from '../../components/testing/dom.ts';

// Which layout /pricing chooses is what is tested: the layouts, the page and the flag stand in as markers.
let status: 'loading' | 'signedIn' | 'signedOut' = 'signedOut';
let coverLetterFlag: boolean | null = null;
let PricingRoute: typeof import('./pricing.tsx').PricingRoute;
const mount = rootPerTest();

function AppLayout({ children }: { children: ReactNode }) {
  return <div data-layout="app">{children}</div>;
}

function PublicLayout({ children }: { children: ReactNode }) {
  return <div data-layout="public">{children}</div>;
}

function Nothing() {
  return null;
}

function PricingPage({ signedIn, coverLetter }: { signedIn: boolean; coverLetter: boolean }) {
  return <p data-page="pricing" data-signed-in={signedIn} data-cover-letter={coverLetter} />;
}

beforeAll(async () => {
  jest.unstable_mockModule('../../lib/auth.tsx', () => ({ useAuth: () => ({ state: { status } }) }));
  jest.unstable_mockModule('../layouts/app-layout.tsx', () => ({ AppLayout }));
  jest.unstable_mockModule('../layouts/public-layout.tsx', () => ({ PublicLayout }));
  jest.unstable_mockModule('../../features/public/index.ts', () => ({ Seo: Nothing }));
  jest.unstable_mockModule('../../components/loading.tsx', () => ({ Loading: Nothing }));
  jest.unstable_mockModule('../../features/flags/index.ts', () => ({
    useFeatureFlag: () => coverLetterFlag,
  }));
  jest.unstable_mockModule('../../features/public/pricing-page.ts', () => ({ PricingPage }));
  ({ PricingRoute } = await import('./pricing.tsx'));
});

async function render() {
  await act(async () => mount.root.render(<PricingRoute />));
  // The app layout is a lazy chunk: let it resolve.
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  const page = mount.container.querySelector('[data-page="pricing"]');
  return {
    layout: page?.closest('[data-layout]')?.getAttribute('data-layout') ?? null,
    coverLetter: page?.getAttribute('data-cover-letter') ?? null,
  };
}

describe('/pricing layout', () => {
  it('keeps the app shell for signed-in users', async () => {
    status = 'signedIn';
    expect((await render()).layout).toBe('app');
  });

  it('uses the public layout for visitors and while the session is read (what prerendering produces)', async () => {
    status = 'signedOut';
    expect((await render()).layout).toBe('public');
    status = 'loading';
    expect((await render()).layout).toBe('public');
  });

  it('lists cover letters only once the coverLetter flag is known to be on', async () => {
    status = 'signedOut';
    coverLetterFlag = null;
    expect((await render()).coverLetter).toBe('false');
    coverLetterFlag = true;
    expect((await render()).coverLetter).toBe('true');
  });
});
