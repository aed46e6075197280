import { beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { act } from 'react';
import { rootPerTest } from './testing/dom.ts';

type SidebarModule = typeof import('./sidebar.tsx');
let SidebarProvider: SidebarModule['SidebarProvider'];
let SidebarTrigger: SidebarModule['SidebarTrigger'];
let useSidebar: SidebarModule['useSidebar'];

beforeAll(async () => {
  ({ SidebarProvider, SidebarTrigger, useSidebar } = await import('./sidebar.tsx'));
});

const mount = rootPerTest();
let mobile = false;

function State() {
  const { open, openMobile } = useSidebar();
  return <output data-open={open} data-open-mobile={openMobile} />;
}

function renderSidebar(defaultOpen: boolean) {
  act(() =>
    mount.root.render(
      <SidebarProvider defaultOpen={defaultOpen}>
        <SidebarTrigger label="Toggle sidebar" />
        <State />
      </SidebarProvider>,
    ),
  );
}

const state = () => mount.container.querySelector('output') as HTMLOutputElement;
const press = (init: KeyboardEventInit) =>
  act(() => {
    window.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }));
  });

beforeEach(() => {
  mobile = false;
  window.matchMedia = ((query: string) => ({
    matches: mobile,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the cookie under test
  document.cookie = 'sidebar_state=; max-age=0; path=/';
});

describe('SidebarProvider', () => {
  it('toggles with Ctrl+b and Cmd+b and remembers the state in a cookie', () => {
    renderSidebar(true);

    press({ key: 'b', ctrlKey: true });
    expect(state().dataset.open).toBe('false');
    expect(document.cookie).toContain('sidebar_state=false');

    press({ key: 'b', metaKey: true });
    expect(state().dataset.open).toBe('true');
    expect(document.cookie).toContain('sidebar_state=true');
  });

  it('ignores b without a modifier', () => {
    renderSidebar(true);

    press({ key: 'b' });

    expect(state().dataset.open).toBe('true');
    expect(document.cookie).not.toContain('sidebar_state');
  });

  it('opens the drawer instead on a narrow screen, without touching the cookie', () => {
    mobile = true;
    renderSidebar(true);
    const trigger = mount.container.querySelector('button') as HTMLButtonElement;

    act(() => trigger.click());

    expect(state().dataset.openMobile).toBe('true');
    expect(state().dataset.open).toBe('true');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(document.cookie).not.toContain('sidebar_state');
  });
});
