import { Fragment } from 'react';

/** A text with every occurrence of an e-mail address made a `mailto:` link. */
export function EmailText({ text, email }: { text: string; email: string }) {
  const parts = text.split(email);
  return (
    <>
      {parts.map((part, index) => (
        // The parts of one fixed text: their order never changes.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={index}>
          {index > 0 ? <a href={`mailto:${email}`}>{email}</a> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
