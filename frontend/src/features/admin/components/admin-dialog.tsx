import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal on the platform's `<dialog>`: showModal makes the rest of the page inert (focus stays inside),
 * Escape closes it unless an action is running, and focus returns to the opener when it closes.
 */
export function AdminDialog({
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
  busy?: boolean;
  /** The confirm button stays off until, say, the typed confirmation matches. */
  disabled?: boolean;
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const safeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // jsdom has no showModal; the attribute alone shows the dialog there.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // Without a field to fill, first focus lands on the safe choice.
      if (!dialog.querySelector('input')) safeRef.current?.focus();
      return () => opener?.focus();
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="admin-dialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      {open ? (
        <form
          className="admin-dialog__body"
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy && !disabled) onConfirm();
          }}
        >
          <h2 id={titleId}>{title}</h2>
          <p id={descriptionId} className="muted">
            {description}
          </p>
          {children}
          <div className="admin-dialog__actions">
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
