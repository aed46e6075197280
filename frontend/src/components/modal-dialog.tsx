import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A modal `<dialog>` shown while `open`: the platform keeps focus inside, makes the page inert and closes
 * on Escape (reported through `onClose`, like the buttons inside). The shell is app.css's `.dialog`, shared with
 * components/dialog.tsx; the content brings its own form or body.
 */
export function ModalDialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  afterClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** Runs once the dialog has closed (focus can leave it then), e.g. to put focus back where it came from. */
  afterClose?: () => void;
  labelledBy: string;
  describedBy?: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) {
      element.close();
      afterClose?.();
    }
  }, [open, afterClose]);

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        // React state decides when it closes, so Escape goes through the same path as Cancel.
        event.preventDefault();
        onClose();
      }}
    >
      {open ? children : null}
    </dialog>
  );
}
