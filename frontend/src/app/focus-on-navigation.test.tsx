import { beforeAll, describe, expect, it } from '@jest/globals';
import { act, useEffect, useState } from 'react';
import { rootPerTest } from '../components/testing/dom.ts';

let router: typeof import('react-router-dom');
let FocusOnNavigation: typeof import('./focus-on-navigation.tsx').FocusOnNavigation;
const mount = rootPerTest();
let navigate: (to: string) => void = () => undefined;

beforeAll(async () => {
  router = await import('react-router-dom');
  ({ FocusOnNavigation } = await import('./focus-on-navigation.tsx'));
});

/** A page whose heading appears only once its "data" is in (after `delay` ms). */
function LoadingPage({ delay }: { delay: number }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  return <main>{ready ? <h1>Loaded</h1> : <p>Loading...</p>}</main>;
}

/** A page that puts the focus in its first field itself. */
function FormPage() {
  const [field, setField] = useState<HTMLInputElement | null>(null);
  useEffect(() => field?.focus(), [field]);
  return (
    <main>
      <h1>Form</h1>
      <input aria-label="Name" ref={setField} />
    </main>
  );
}

function Navigator() {
  navigate = router.useNavigate();
  return null;
}

function open(path: string) {
  const { MemoryRouter, Routes, Route } = router;
  act(() =>
    mount.root.render(
      <MemoryRouter initialEntries={[path]}>
        <FocusOnNavigation />
        <Navigator />
        <Routes>
          <Route
            path="/one"
            element={
              <main>
                <h1>One</h1>
                <input aria-label="Field" />
              </main>
            }
          />
          <Route
            path="/two"
            element={
              <main>
                <h1>Two</h1>
              </main>
            }
          />
          <Route path="/slow" element={<LoadingPage delay={50} />} />
          <Route path="/form" element={<FormPage />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

const active = () => document.activeElement?.textContent ?? '';
/** The focus moves a frame after the navigation. */
const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

describe('FocusOnNavigation', () => {
  it('leaves the first page alone and focuses the heading of the next one', async () => {
    open('/one');
    await nextFrame();
    expect(document.activeElement).toBe(document.body);
    act(() => navigate('/two'));
    await nextFrame();
    expect(document.activeElement?.tagName).toBe('H1');
    expect(active()).toBe('Two');
    // Focusable by script only: not a tab stop.
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });

  it('does not move the focus when only the query or the hash changes', async () => {
    open('/one');
    const link = document.createElement('button');
    mount.container.append(link);
    link.focus();
    act(() => navigate('/one?tab=2'));
    act(() => navigate('/one#details'));
    await nextFrame();
    expect(document.activeElement).toBe(link);
    link.remove();
  });

  it('leaves the focus on a field the new page focuses itself', async () => {
    open('/one');
    act(() => navigate('/form'));
    await nextFrame();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Name');
  });

  it('focuses the heading of a page that loads its data once it appears', async () => {
    open('/one');
    act(() => navigate('/slow'));
    await nextFrame();
    expect(document.activeElement).toBe(document.body);
    await act(() => new Promise((resolve) => setTimeout(resolve, 80)));
    expect(active()).toBe('Loaded');
  });

  it('leaves the focus where the user put it while the page loaded, a button included', async () => {
    open('/one');
    act(() => navigate('/slow'));
    await nextFrame();
    const zone = document.createElement('button');
    zone.textContent = 'Drop zone';
    mount.container.append(zone);
    zone.focus();
    await act(() => new Promise((resolve) => setTimeout(resolve, 80)));
    expect(active()).toBe('Drop zone');
    zone.remove();
  });
});
