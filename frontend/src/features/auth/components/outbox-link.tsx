import type { ReactNode } from 'react';

/** The local cloud's page listing sent e-mails (codes and links included); Trans passes the link text. */
export function OutboxLink({ children }: { children?: ReactNode }) {
  return (
    <a href="/_local/outbox" target="_blank" rel="noreferrer">
      {children}
    </a>
  );
}
