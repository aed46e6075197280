import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, type ReactNode } from 'react';
import { Dialog } from './dialog.tsx';
import { rootPerTest } from './testing/dom.ts';

const mount = rootPerTest();
let onConfirm: jest.Mock<(form: HTMLFormElement) => void>;
let onClose: jest.Mock<() => void>;

beforeEach(() => {
  onConfirm = jest.fn();
  onClose = jest.fn();
});

function render(open: boolean, options: { busy?: boolean; disabled?: boolean; children?: ReactNode } = {}) {
  act(() =>
    mount.root.render(
      <>
        <button type="button" id="opener">
          Open
        </button>
        <Dialog
          open={open}
          title="Delete it?"
          description="This cannot be undone."
          confirmLabel="Delete"
          cancelLabel="Keep"
          busy={options.busy}
          disabled={options.disabled}
          onConfirm={onConfirm}
          onClose={onClose}
        >
          {options.children}
        </Dialog>
      </>,
    ),
  );
}

const dialog = () => mount.container.querySelector('dialog') as HTMLDialogElement;
const button = (name: string) =>
  [...mount.container.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement;
const pressEscape = () =>
  act(() => {
    dialog().dispatchEvent(new Event('cancel', { cancelable: true }));
  });

describe('Dialog', () => {
  it('is named by its title and description, and first focuses the safe choice', () => {
    render(true);
    expect(dialog().hasAttribute('open')).toBe(true);
    const labelled = document.getElementById(dialog().getAttribute('aria-labelledby') ?? '');
    const described = document.getElementById(dialog().getAttribute('aria-describedby') ?? '');
    expect([labelled?.textContent, described?.textContent]).toEqual(['Delete it?', 'This cannot be undone.']);
    expect(document.activeElement).toBe(button('Keep'));
  });

  it('focuses its first field when it has one, and confirms with its form', () => {
    render(true, { children: <input aria-label="Password" /> });
    const field = mount.container.querySelector('input');
    expect(document.activeElement).toBe(field);
    act(() => button('Delete').click());
    expect(onConfirm.mock.calls[0]?.[0]).toBe(mount.container.querySelector('dialog form'));
  });

  it('confirms nothing while disabled or busy, and Escape closes it unless busy', () => {
    render(true, { disabled: true });
    act(() => (mount.container.querySelector('dialog form') as HTMLFormElement).requestSubmit());
    expect(onConfirm).not.toHaveBeenCalled();
    render(true, { busy: true });
    pressEscape();
    expect(onClose).not.toHaveBeenCalled();
    render(true);
    pressEscape();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('gives the focus back to the opener when it closes', () => {
    render(false);
    const opener = mount.container.querySelector('#opener') as HTMLButtonElement;
    opener.focus();
    render(true);
    expect(document.activeElement).toBe(button('Keep'));
    render(false);
    expect(dialog().hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });
});
