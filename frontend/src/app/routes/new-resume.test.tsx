import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { initTestI18n, rootPerTest } from '../../components/testing/dom.ts';

let router: typeof import('react-router-dom');
let NewResumeRoute: typeof import('./new-resume.tsx').NewResumeRoute;
let meQueryKey: readonly string[];
const mount = rootPerTest();

beforeAll(async () => {
  router = await import('react-router-dom');
  jest.unstable_mockModule('../../features/resumes/components/resumes.css', () => ({}));
  ({ NewResumeRoute } = await import('./new-resume.tsx'));
  ({ meQueryKey } = await import('../../lib/get-me.ts'));
  await initTestI18n();
});

/** /new-resume with GET /me already answered: `used` of `limit` resumes (null: Pro). */
function open(used: number, limit: number | null) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(meQueryKey, { usage: { resumes: { used, limit } } });
  const { MemoryRouter, Routes, Route, Link } = router;
  act(() =>
    mount.root.render(
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
  act(() => mount.container.querySelector('a')?.click());
}

/** Let the router's navigation (promises and a transition) finish. */
const settle = () => act(() => new Promise<void>((done) => setTimeout(done, 20)));

describe('/new-resume', () => {
  it('opens a blank builder below the Free limit, and always for Pro', async () => {
    open(2, 3);
    await settle();
    expect(mount.container.textContent).toBe('builder');
    open(40, null);
    await settle();
    expect(mount.container.textContent).toBe('builder');
  });

  it('at the Free limit says so and links to Pro instead of opening a builder that cannot save', () => {
    open(3, 3);
    expect(mount.container.querySelector('h1')?.textContent).toBe('Your Free plan is full');
    expect(mount.container.textContent).toContain(
      'The Free plan holds up to 3 resumes, and that limit is reached.',
    );
    const upgrade = [...mount.container.querySelectorAll('a')].find(
      (a) => a.textContent === 'Upgrade to Pro',
    );
    expect(upgrade?.getAttribute('href')).toBe('/pricing?returnTo=%2Fnew-resume');
  });
});
