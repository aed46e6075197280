import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import type { ResumeContent } from '#shared/resume';
import type { RuntimeConfig } from '#shared/runtime-config';
import { NoticeProvider } from '../../../components/notices.tsx';
import { initTestI18n, rootPerTest } from '../../../components/testing/dom.ts';
import { ConfigProvider } from '../../../config/config-context.tsx';
import { documentStore, emptyDocument, resetDocument } from '../store/document-store.ts';
import { experienceKind, skillKind } from './sections/item-kinds.ts';

const mount = rootPerTest();
let EditorPanel: typeof import('./editor-panel.tsx').EditorPanel;

beforeAll(async () => {
  // Jest has no CSS transform: the panel's stylesheet is an empty module here.
  jest.unstable_mockModule('./editor.css', () => ({}));
  ({ EditorPanel } = await import('./editor-panel.tsx'));
  await initTestI18n();
  // jsdom does not lay out: scrolling and dnd-kit's measuring only need the APIs to exist.
  Element.prototype.scrollIntoView ??= () => {};
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

function render(doc: Partial<ResumeContent> = {}) {
  resetDocument({ ...emptyDocument(), ...doc });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    mount.root.render(
      <ConfigProvider config={{ apiUrl: '/api' } as RuntimeConfig}>
        <QueryClientProvider client={queryClient}>
          <NoticeProvider>
            <EditorPanel />
          </NoticeProvider>
        </QueryClientProvider>
      </ConfigProvider>,
    ),
  );
}

const doc = () => documentStore.getState().doc;

/** The section region named `name` (each section is a region labelled by its title). */
function section(name: string): HTMLElement {
  const found = mount.container.querySelector<HTMLElement>(`section[aria-label="${name}"]`);
  if (!found) throw new Error(`no section "${name}"`);
  return found;
}

function button(name: string | RegExp, within: ParentNode = mount.container): HTMLButtonElement {
  const found = [...within.querySelectorAll<HTMLButtonElement>('button')].find((b) => {
    const label = b.getAttribute('aria-label') ?? b.textContent ?? '';
    return typeof name === 'string' ? label.trim() === name : name.test(label);
  });
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}

function field<T extends HTMLElement = HTMLInputElement>(
  label: string,
  within: ParentNode = mount.container,
): T {
  const match = [...within.querySelectorAll('label')].find((l) => l.textContent === label);
  const control = match ? document.getElementById(match.htmlFor) : null;
  if (!control) throw new Error(`no field "${label}"`);
  return control as T;
}

/** Type into a controlled input the way React listens for it. */
function type(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto =
    input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const click = (element: HTMLElement) => act(() => element.click());

const experience = (id: string, position: string, company: string) => ({
  ...experienceKind.create(),
  id,
  position,
  company,
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('EditorPanel', () => {
  it('adds an experience with the focus in its first field, and writes what is typed to the document', () => {
    render();
    const work = section('Work Experience');

    click(button('Add experience', work));

    expect(doc().experience).toHaveLength(1);
    const position = field('Position', work);
    expect(document.activeElement).toBe(position);
    type(position, 'Staff Engineer');
    type(field('Company', work), 'Acme');
    expect(doc().experience[0]).toMatchObject({ position: 'Staff Engineer', company: 'Acme' });
    expect(work.querySelector('.editor-item__summary')?.textContent).toBe('Staff Engineer · Acme');
  });

  it('writes personal info and the summary, and warns past 700 characters while still saving', () => {
    render();

    type(field('First name'), 'Ana');
    type(field<HTMLTextAreaElement>('Professional summary'), 'x'.repeat(701));

    expect(doc().personalInfo.firstName).toBe('Ana');
    expect(doc().personalInfo.summary).toHaveLength(701);
    expect(section('Profile').textContent).toContain('Maximum of 700 characters exceeded');
  });

  it('deletes an item and puts it back at the same index with the Undo of its notice', () => {
    render({
      experience: [
        experience('a', 'First', 'A'),
        experience('b', 'Second', 'B'),
        experience('c', 'Third', 'C'),
      ],
    });
    const work = section('Work Experience');

    click(button('Delete Second · B', work));

    expect(doc().experience.map((e) => e.id)).toEqual(['a', 'c']);
    expect(document.activeElement?.textContent).toBe('Third · C');
    const undo = mount.container.querySelector<HTMLButtonElement>('.notice__action');
    expect(undo?.textContent).toBe('Undo');

    click(undo as HTMLButtonElement);

    expect(doc().experience.map((e) => e.id)).toEqual(['a', 'b', 'c']);
    expect(doc().experience[1]).toMatchObject({ position: 'Second', company: 'B' });
  });

  it('keeps incomplete items and marks them on the item and on the field', () => {
    render({
      experience: [experience('a', 'Engineer', '')],
      education: [educationItem()],
      skills: [{ id: 's', name: 'SQL', skillLevelId: '', keywords: '' }],
    });

    expect(section('Work Experience').querySelector('.editor-item__warning')?.textContent).toBe(
      'Add a company',
    );
    expect(section('Education').querySelector('.editor-item__warning')?.textContent).toBe(
      'Add a school and a degree',
    );
    expect(section('Skills').querySelector('.editor-item__warning')?.textContent).toBe('Choose a level');

    click(button('Engineer', section('Work Experience')));
    const company = field('Company', section('Work Experience'));
    expect(company.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${company.id}-warning`)?.textContent).toBe('Add a company');
    expect(doc().experience).toEqual([
      expect.objectContaining({ id: 'a', position: 'Engineer', company: '' }),
    ]);
  });

  it('does not flag the blank fields of an item just added until the user moves on', () => {
    render();
    const work = section('Work Experience');

    click(button('Add experience', work));

    expect(work.querySelector('.editor-item__warning')).toBeNull();
    expect(field('Company', work).getAttribute('aria-invalid')).toBeNull();
  });

  it('stores a typed degree as typed, and a picked suggestion by its id', () => {
    render({ education: [{ ...educationItem(), id: 'e', school: 'USP' }] });
    const education = section('Education');
    click(button('USP', education));
    const degree = field('Degree', education);

    type(degree, 'B.Sc. Computer Engineering');
    expect(doc().education[0]?.degree).toBe('B.Sc. Computer Engineering');
    // Nothing suggested contains what was typed: no list.
    expect(degree.getAttribute('aria-expanded')).toBe('false');

    type(degree, 'bach');
    expect(degree.getAttribute('aria-expanded')).toBe('true');
    const options = () => [...education.querySelectorAll<HTMLElement>('[role="option"]')];
    expect(options().map((o) => o.textContent)).toEqual(['Bachelor’s degree']);
    act(() => degree.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true })));
    expect(degree.getAttribute('aria-activedescendant')).toBe(options()[0]?.id);
    act(() => degree.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    expect(doc().education[0]?.degree).toBe('bachelor');
    expect(degree.value).toBe('Bachelor’s degree');
    expect(degree.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows a stored custom degree as its text and a stored choice as its name', () => {
    render({
      education: [{ ...educationItem(), id: 'e', school: 'FGV', degree: 'MBA', field: 'engineering' }],
    });
    const education = section('Education');
    click(button(/^MBA · FGV/, education));

    expect(field('Degree', education).value).toBe('MBA');
    expect(field('Field of study', education).value).toBe('Engineering');
    expect(doc().education[0]).toMatchObject({ degree: 'MBA', field: 'engineering' });
  });

  it('removes an item closed with nothing in it, and keeps one with something', () => {
    render();
    const work = section('Work Experience');
    click(button('Add experience', work));
    click(button('New experience', work));
    expect(doc().experience).toEqual([]);

    click(button('Add experience', work));
    type(field('Company', work), 'Acme');
    click(button('Acme', work));
    expect(doc().experience.map((e) => e.company)).toEqual(['Acme']);
  });

  it('clears and disables the end date while "I currently work here" is ticked', () => {
    render({ experience: [{ ...experience('a', 'Dev', 'Acme'), startDate: '2020-01', endDate: '2022-05' }] });
    const work = section('Work Experience');
    click(button(/^Dev · Acme/, work));

    click(field('I currently work here', work));

    expect(doc().experience[0]).toMatchObject({ current: true, endDate: '' });
    expect(field('End date', work).disabled).toBe(true);
    expect(work.querySelector('.editor-item__summary')?.textContent).toBe('Dev · Acme · 2020 – Present');
  });

  it('hides a section from the resume but keeps it editable, with a badge', () => {
    render();
    const skills = section('Skills');

    click(button('Hide Skills from the resume', skills));

    expect(doc().hiddenSections).toEqual(['skills']);
    expect(skills.textContent).toContain('Hidden from the resume');
    click(button('Add skill', skills));
    expect(doc().skills).toHaveLength(1);
  });

  it('renames a section in place, cancels with Escape and resets to the default title', () => {
    render();
    click(button('Rename Skills'));
    const input = field('Section title');

    type(input, 'Core skills');
    expect(doc().sectionTitle.skills).toBe('Core skills');
    act(() => input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(doc().sectionTitle.skills).toBe('Skills');

    click(button('Rename Skills'));
    type(field('Section title'), 'Tools');
    click(button('Reset to “Skills”'));
    expect(doc().sectionTitle.skills).toBe('Skills');
  });

  it('adds a custom section, and deletes it with an Undo that restores it in place', () => {
    render();
    click(button('Add a custom section'));
    type(field('New section title'), 'Publications');
    act(() => (mount.container.querySelector('form.editor-add-section') as HTMLFormElement).requestSubmit());

    const [custom] = doc().customSections;
    expect(custom).toMatchObject({ title: 'Publications', items: [] });
    click(button('Add item', section('Publications')));
    type(field('Title', section('Publications')), 'On resumes');
    expect(doc().customSections[0]?.items[0]?.title).toBe('On resumes');

    click(button('Delete section Publications'));
    expect(doc().customSections).toEqual([]);
    expect(doc().sectionOrder).not.toContain(`custom:${custom?.id}`);
    click(mount.container.querySelector('.notice__action') as HTMLButtonElement);
    expect(doc().customSections[0]?.items[0]?.title).toBe('On resumes');
    expect(doc().sectionOrder.at(-1)).toBe(`custom:${custom?.id}`);
  });

  it('offers LinkedIn, GitHub and website links with the focus in the address', () => {
    render();
    const links = section('Links');

    click(button('Add LinkedIn', links));

    expect(doc().links[0]).toMatchObject({ network: 'LinkedIn', url: 'https://www.linkedin.com/in/' });
    expect(document.activeElement).toBe(field('Link', links));
  });

  it('flags an e-mail that looks wrong once the field is left, and still stores it', () => {
    render();
    const email = field('Email');

    type(email, 'ana@');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    act(() => email.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));

    expect(doc().personalInfo.email).toBe('ana@');
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('re-renders only the edited row while typing, not its siblings or other sections', () => {
    render({
      experience: [experience('a', 'First', 'A'), experience('b', 'Second', 'B')],
      skills: [{ id: 's', name: 'SQL', skillLevelId: 'expert', keywords: '' }],
    });
    const work = section('Work Experience');
    click(button(/^First · A/, work));
    const experienceRows = jest.spyOn(experienceKind, 'summary');
    const skillRows = jest.spyOn(skillKind, 'summary');

    type(field('Company', work), 'Acme');

    expect(new Set(experienceRows.mock.calls.map(([item]) => item.id))).toEqual(new Set(['a']));
    expect(skillRows).not.toHaveBeenCalled();
  });
});

function educationItem() {
  return {
    id: 'e',
    school: '',
    degree: '',
    field: '',
    location: '',
    url: '',
    score: '',
    startDate: '',
    endDate: '',
    current: false,
    description: '',
  };
}
