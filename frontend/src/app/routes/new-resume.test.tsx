import { TextEncoder } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { readLocale } from '../../i18n/read-locale.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let router: typeof import('react-router-dom');
let NewResumeRoute: typeof import('./new-resume.tsx').NewResumeRoute;
let meQueryKey: readonly string[];
let container: HTMLDivElement;
let root: Root;

beforeAll(async () => {
  // jsdom lacks TextEncoder, which react-router needs when it loads: hence the imports below come late.
  Object.assign(globalThis, { TextEncoder });
  router = await import('react-router-dom');
  jest.unstable_mockModule('../../features/resumes/components/resumes.css', () => ({}));
  ({ NewResumeRoute } = await import('./new-resume.tsx'));
  ({ meQueryKey } = await import('../../features/account/api/get-me.ts'));
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

/** /new-resume with GET /me already answered: `used` of `limit` resumes (null: Pro). */
function open(used: number, limit: number | null) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(meQueryKey, { usage: { resumes: { used, limit } } });
  const { MemoryRouter, Routes, Route, Link } = router;
  act(() =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <Routes>
            <Route path="/" element={<Link to="/new-resume">create</Link>} />
            <Route path="/new-resume" element={<NewResumeRoute />} />
            <Route path="/builder" element={<p>builder</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  // Arrive by a link, as users do (a declarative router only listens after its first render).
  act(() => container.querySelector('a')?.click());
}

/** Let the router's navigation (promises and a transition) finish. */
const settle = () => act(() => new Promise<void>((done) => setTimeout(done, 20)));

describe('/new-resume', () => {
  it('opens a blank builder below the Free limit, and always for Pro', async () => {
    open(2, 3);
    await settle();
    expect(container.textContent).toBe('builder');
    open(40, null);
    await settle();
    expect(container.textContent).toBe('builder');
  });

  it('at the Free limit says so and links to Pro instead of opening a builder that cannot save', () => {
    open(3, 3);
    expect(container.querySelector('h1')?.textContent).toBe('Your Free plan is full');
    expect(container.textContent).toContain(
      'The Free plan holds up to 3 resumes, and that limit is reached.',
    );
    const upgrade = [...container.querySelectorAll('a')].find((a) => a.textContent === 'Upgrade to Pro');
    expect(upgrade?.getAttribute('href')).toBe('/pricing');
  });
});
