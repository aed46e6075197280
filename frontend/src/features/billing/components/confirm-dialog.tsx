import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal confirmation on the platform's `<dialog>`: focus moves into it, Escape closes it, and the
 * opener gets focus back (the caller keeps a ref to it).
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  busy,
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
  tone?: 'danger' | 'primary';
  onConfirm: () => void | Promise<void>;
  onClose: () => void;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // jsdom has no showModal; the attribute alone shows it there.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // First focus lands on the safe choice.
      keepRef.current?.focus();
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dialog billing-dialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      {open ? (
        <div className="form">
          <h2 id={titleId}>{title}</h2>
          <p id={descriptionId} className="muted">
            {description}
          </p>
          {children}
          <div className="dialog__actions">
            <button
              type="button"
              className={tone === 'danger' ? 'button button--danger' : 'button button--primary'}
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={() => void onConfirm()}
            >
              {busy ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
              {confirmLabel}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={busy}
              onClick={onClose}
              ref={keepRef}
            >
              {cancelLabel}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
