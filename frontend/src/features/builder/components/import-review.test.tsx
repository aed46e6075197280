import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { act } from 'react';
import type { ImportReview, ResumeContent } from '#shared/resume';
import type { RuntimeConfig } from '#shared/runtime-config';
import { NoticeProvider } from '../../../components/notices.tsx';
import { initTestI18n, rootPerTest } from '../../../components/testing/dom.ts';
import { ConfigProvider } from '../../../config/config-context.tsx';
import { documentStore, emptyDocument, resetDocument, undo } from '../store/document-store.ts';
import { experienceKind } from './sections/item-kinds.ts';

// The marks an import leaves on the fields it was unsure of, and the banner that counts them.

const mount = rootPerTest();
let EditorPanel: typeof import('./editor-panel.tsx').EditorPanel;

beforeAll(async () => {
  jest.unstable_mockModule('./editor.css', () => ({}));
  ({ EditorPanel } = await import('./editor-panel.tsx'));
  await initTestI18n(['en-US', 'pt-BR']);
  Element.prototype.scrollIntoView ??= () => {};
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const experience = (id: string, position: string, company: string) => ({
  ...experienceKind.create(),
  id,
  position,
  company,
});

function render(importReview: ImportReview, more: Partial<ResumeContent> = {}) {
  resetDocument({
    ...emptyDocument(),
    personalInfo: { ...emptyDocument().personalInfo, firstName: 'Maya', city: 'Seattle, WA' },
    experience: [experience('a', 'Nurse', 'Harborview'), experience('b', 'ICU Nurse', 'Swedish')],
    importReview,
    ...more,
  });
  act(() =>
    mount.root.render(
      <ConfigProvider config={{ apiUrl: '/api' } as RuntimeConfig}>
        <QueryClientProvider client={new QueryClient()}>
          <NoticeProvider>
            <EditorPanel />
          </NoticeProvider>
        </QueryClientProvider>
      </ConfigProvider>,
    ),
  );
}

const doc = () => documentStore.getState().doc;
const banner = () => mount.container.querySelector<HTMLElement>('.editor-review');
const click = (element: HTMLElement) => act(() => element.click());

function button(name: string, within: ParentNode = mount.container): HTMLButtonElement {
  const found = [...within.querySelectorAll<HTMLButtonElement>('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim() === name,
  );
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}

function field(label: string, within: ParentNode = mount.container): HTMLInputElement {
  const match = [...within.querySelectorAll('label')].find((l) => l.textContent === label);
  const control = match ? document.getElementById(match.htmlFor) : null;
  if (!control) throw new Error(`no field "${label}"`);
  return control as HTMLInputElement;
}

function type(input: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The text the control's aria-describedby points at (what a screen reader reads after its label). */
const description = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

const work = () =>
  mount.container.querySelector<HTMLElement>('section[aria-label="Work Experience"]') as HTMLElement;

describe('import review', () => {
  it('marks each field the import was unsure of, and counts them in a banner with plural forms', () => {
    render({ uncertain: ['personalInfo.city', 'experience.b.company'], scan: false });

    expect(banner()?.querySelector('h2')?.textContent).toBe('2 fields to check');
    const city = field('City');
    expect(city.dataset.review).toBe('personalInfo.city');
    expect(description(city)).toBe('Check this');
    expect(field('First name').dataset.review).toBeUndefined();
    // The item holding a mark opens with the editor; the one without stays closed.
    const swedish = work().querySelector<HTMLElement>('[data-item="b"]');
    expect(swedish?.querySelector('.editor-item__review')?.textContent).toBe('1 field to check');
    expect(field('Company', swedish as HTMLElement).dataset.review).toBe('experience.b.company');
    expect(work().querySelector('[data-item="a"] .editor-item__body')?.hasAttribute('hidden')).toBe(true);
  });

  it('confirms a field with "Looks right", back in the field, and counts one less', () => {
    render({ uncertain: ['personalInfo.city', 'experience.b.company'], scan: false });

    click(button('City looks right'));

    expect(doc().importReview?.uncertain).toEqual(['experience.b.company']);
    expect(document.activeElement).toBe(field('City'));
    expect(field('City').dataset.review).toBeUndefined();
    expect(banner()?.querySelector('h2')?.textContent).toBe('1 field to check');
    expect(doc().personalInfo.city).toBe('Seattle, WA');
  });

  it('takes the mark off a field the user edits, and puts it back with undo', () => {
    render({ uncertain: ['personalInfo.city', 'experience.b.company'], scan: false });

    type(field('City'), 'Seattle');

    expect(doc().importReview?.uncertain).toEqual(['experience.b.company']);
    expect(field('City').dataset.review).toBeUndefined();
    act(() => undo());
    expect(doc().importReview?.uncertain).toContain('personalInfo.city');
  });

  it('keeps a mark on its item when the list is reordered', () => {
    render({ uncertain: ['experience.b.company'], scan: false });

    act(() => documentStore.getState().change({ experience: [...doc().experience].reverse() }));

    const first = work().querySelector('[data-item]');
    expect(first?.getAttribute('data-item')).toBe('b');
    expect(first?.querySelector('.editor-item__review')).not.toBeNull();
    expect(doc().importReview?.uncertain).toEqual(['experience.b.company']);
  });

  it('goes to the next marked field, opening its closed item, with "Show next"', () => {
    render({ uncertain: ['personalInfo.city', 'experience.a.position'], scan: false });
    // The user closed the item meanwhile: its row still shows the mark.
    click(button('Nurse · Harborview', work()));
    expect(work().querySelector('[data-item="a"] .editor-item__review')).not.toBeNull();

    click(button('Show next'));
    expect(document.activeElement).toBe(field('City'));

    click(button('Show next'));
    expect(document.activeElement).toBe(field('Position', work()));
    expect((document.activeElement as HTMLElement).dataset.review).toBe('experience.a.position');
  });

  it('says a scan was read, and "Confirm all" clears every mark and the banner', () => {
    render({ uncertain: ['personalInfo.city'], scan: true });

    expect(banner()?.querySelector('h2')?.textContent).toBe('Check the details: this file was a scan');
    expect(banner()?.textContent).toContain('1 field is marked to check.');

    click(button('Confirm all'));

    expect(doc().importReview).toEqual({ uncertain: [], scan: false });
    expect(banner()).toBeNull();
    expect(mount.container.querySelector('[data-review]')).toBeNull();
    expect(document.activeElement?.classList.contains('editor-section__toggle')).toBe(true);
  });

  it('keeps the scan notice with nothing else to check until the user is done', () => {
    render({ uncertain: [], scan: true });

    expect(banner()?.querySelector('h2')?.textContent).toBe('Check the details: this file was a scan');
    expect(() => button('Show next')).toThrow();

    click(button('Done checking'));
    expect(banner()).toBeNull();
  });

  it('shows nothing for a resume that was not imported, or whose review is done', () => {
    render({ uncertain: [], scan: false });
    expect(banner()).toBeNull();
    expect(mount.container.querySelector('.field__review')).toBeNull();
  });

  it('speaks Brazilian Portuguese, plurals included', async () => {
    await act(() => i18next.changeLanguage('pt-BR'));
    try {
      render({ uncertain: ['personalInfo.city', 'experience.b.company'], scan: true });
      expect(banner()?.querySelector('h2')?.textContent).toBe(
        'Confira os detalhes: este arquivo era uma digitalização',
      );
      expect(banner()?.textContent).toContain('2 campos estão marcados para conferir.');
      expect(work().querySelector('.editor-item__review')?.textContent).toBe('1 campo para conferir');
      expect(button('Cidade: está certo')).toBeTruthy();
    } finally {
      await act(() => i18next.changeLanguage('en-US'));
    }
  });
});
