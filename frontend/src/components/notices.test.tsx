import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import i18next from 'i18next';
import { act } from 'react';
import { initReactI18next } from 'react-i18next';
import { NoticeProvider, useNotify } from './notices.tsx';
import { rootPerTest } from './testing/dom.ts';

const mount = rootPerTest();
let notify: ReturnType<typeof useNotify>;

function Capture() {
  notify = useNotify();
  return null;
}

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-US',
    resources: {
      'en-US': { translation: { notices: { label: 'Notifications ({{hotkey}})', dismiss: 'Dismiss' } } },
    },
  });
});

beforeEach(() => {
  jest.useFakeTimers();
  act(() =>
    mount.root.render(
      <NoticeProvider>
        <Capture />
      </NoticeProvider>,
    ),
  );
});

afterEach(() => {
  jest.useRealTimers();
});

const titles = () => [...mount.container.querySelectorAll('.notice__title')].map((n) => n.textContent);

describe('NoticeProvider', () => {
  it('closes a notice by itself after 5 s', () => {
    act(() => notify({ title: 'Saved' }));
    expect(titles()).toEqual(['Saved']);

    act(() => jest.advanceTimersByTime(4999));
    expect(titles()).toEqual(['Saved']);
    act(() => jest.advanceTimersByTime(1));
    expect(titles()).toEqual([]);
  });

  it('shows failures as destructive alerts and the rest as status messages', () => {
    act(() => {
      notify({ title: 'Failed', variant: 'destructive' });
      notify({ title: 'Done' });
    });

    const [done, failed] = mount.container.querySelectorAll('.notice');
    expect(failed?.getAttribute('role')).toBe('alert');
    expect(failed?.classList.contains('notice--destructive')).toBe(true);
    expect(done?.getAttribute('role')).toBe('status');
  });

  it('focuses the notifications with F8', () => {
    act(() => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'F8' })));

    expect(document.activeElement?.getAttribute('aria-label')).toBe('Notifications (F8)');
  });

  it('runs the action button once and closes the notice', () => {
    const onClick = jest.fn();
    act(() => notify({ title: 'Experience deleted', action: { label: 'Undo', onClick } }));
    const button = mount.container.querySelector('.notice__action') as HTMLButtonElement;
    expect(button.textContent).toBe('Undo');

    act(() => button.click());

    expect(onClick).toHaveBeenCalledTimes(1);
    expect(titles()).toEqual([]);
    expect(mount.container.querySelector('.notice__action')).toBeNull();
  });

  it('closes with the dismiss button', () => {
    act(() => notify({ title: 'Hello' }));

    act(() => (mount.container.querySelector('.notice__close') as HTMLButtonElement).click());

    expect(titles()).toEqual([]);
  });
});
