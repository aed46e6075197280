import { beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import i18next from 'i18next';
import { act } from 'react';
import { initTestI18n, rootPerTest } from '../../../components/testing/dom.ts';

// WCAG 2.5.3 (label in name, axe's label-content-name-mismatch): the shell's brand link and account button are
// named by the words they show, never by an aria-label that replaces them.

let MemoryRouter: typeof import('react-router-dom').MemoryRouter;
let SidebarProvider: typeof import('../../../components/sidebar.tsx').SidebarProvider;
let AppSidebar: typeof import('./app-sidebar.tsx').AppSidebar;
let UserMenu: typeof import('./user-menu.tsx').UserMenu;
const mount = rootPerTest();

beforeAll(async () => {
  ({ MemoryRouter } = await import('react-router-dom'));
  ({ SidebarProvider } = await import('../../../components/sidebar.tsx'));
  ({ AppSidebar } = await import('./app-sidebar.tsx'));
  ({ UserMenu } = await import('./user-menu.tsx'));
  await initTestI18n(['en-US', 'pt-BR']);
});

beforeEach(() => {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
});

/** The text a screen reader reads for an element named by its content (aria-hidden parts left out). */
function nameFromContent(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

describe.each(['en-US', 'pt-BR'])('shell names in %s', (language) => {
  beforeEach(async () => {
    await i18next.changeLanguage(language);
  });

  it('names the brand link by its visible words', () => {
    act(() =>
      mount.root.render(
        <MemoryRouter>
          <SidebarProvider defaultOpen={false}>
            <AppSidebar signedIn staff={false} coverLetter={false} />
          </SidebarProvider>
        </MemoryRouter>,
      ),
    );
    const brand = mount.container.querySelector('.sidebar__brand') as HTMLAnchorElement;
    expect(brand.hasAttribute('aria-label')).toBe(false);
    expect(nameFromContent(brand)).toBe(i18next.t('app.name'));
  });

  it('names the account button by the prefix and all it shows, e-mail included', () => {
    act(() =>
      mount.root.render(
        <MemoryRouter>
          <UserMenu
            user={{ userId: 'u1', email: 'ana@example.com', firstName: 'Ana', lastName: 'Silva' }}
            staff={false}
            onLogout={() => {}}
          />
        </MemoryRouter>,
      ),
    );
    const button = mount.container.querySelector('.menu-button__trigger') as HTMLButtonElement;
    expect(button.hasAttribute('aria-label')).toBe(false);
    const name = nameFromContent(button);
    expect(name.startsWith(`${i18next.t('shell.user.menu')}: Ana Silva`)).toBe(true);
    expect(name).toContain('ana@example.com');
  });
});

describe('the sidebar entry of a page without one of its own', () => {
  it.each([
    ['/resume-assistant', '/resumes'],
    ['/resume-tailoring-test', '/resume-tailoring'],
    ['/admin-test', '/admin'],
  ])('%s highlights %s', (path, entry) => {
    act(() =>
      mount.root.render(
        <MemoryRouter initialEntries={[path]}>
          <SidebarProvider defaultOpen>
            <AppSidebar signedIn staff coverLetter={false} />
          </SidebarProvider>
        </MemoryRouter>,
      ),
    );
    const current = [...mount.container.querySelectorAll('.sidebar__link[aria-current]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(current).toEqual([entry]);
  });
});
