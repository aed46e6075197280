import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * The app's confirmation dialog, on the platform's `<dialog>`: showModal makes the rest of the page inert
 * (focus stays inside), the first field (or, without one, the safe choice) takes the focus, Enter in a field
 * confirms, Escape closes it unless an action is running, and the focus returns to the opener on close.
 * Styles: `.dialog` in app.css.
 */
export function Dialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  busy,
  disabled,
  tone = 'danger',
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  /** The action runs: both buttons and Escape wait. */
  busy?: boolean;
  /** The confirm button stays off until, say, the typed confirmation matches. */
  disabled?: boolean;
  tone?: 'danger' | 'primary';
  /** The dialog's form is passed for field checks (`focusFirstInvalid(form)` after a failed one). */
  onConfirm: (form: HTMLFormElement) => void | Promise<void>;
  onClose: () => void;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const safeRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // jsdom has no showModal; the attribute alone shows the dialog there.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      const field = dialog.querySelector<HTMLElement>('input, select, textarea');
      (field ?? safeRef.current)?.focus();
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      // Closed first: while the modal was open, the rest of the page could not take the focus.
      openerRef.current?.focus();
      openerRef.current = null;
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      {open ? (
        <form
          className="dialog__body stack-small"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy && !disabled) void onConfirm(event.currentTarget);
          }}
        >
          <h2 id={titleId}>{title}</h2>
          <p id={descriptionId} className="muted">
            {description}
          </p>
          {children}
          <div className="dialog__actions">
            <button
              type="button"
              className="button button--ghost"
              disabled={busy}
              onClick={onClose}
              ref={safeRef}
            >
              {cancelLabel}
            </button>
            <button
              type="submit"
              className={tone === 'danger' ? 'button button--danger' : 'button button--primary'}
              disabled={busy || disabled}
              aria-busy={busy || undefined}
            >
              {busy ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
              {confirmLabel}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
