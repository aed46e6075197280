import type { ReactNode } from 'react';

/** A form's primary button: off while the submit runs, with a spinner before its label. */
export function SubmitButton({
  pending,
  block = false,
  children,
}: {
  pending: boolean;
  /** As wide as the form (the auth pages' single column). */
  block?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className={block ? 'button button--primary button--block' : 'button button--primary'}
      disabled={pending}
    >
      {pending ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
