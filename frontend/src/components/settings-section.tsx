import { type ReactNode, useId } from 'react';

/** One titled card of a settings page: the account settings' sections and the subscription page's. */
export function SettingsSection({
  title,
  description,
  tone,
  children,
}: {
  title: string;
  description?: string;
  tone?: 'danger';
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={
        tone === 'danger' ? 'card settings-section settings-section--danger' : 'card settings-section'
      }
    >
      <div className="settings-section__header">
        <h2 id={headingId}>{title}</h2>
        {description ? <p className="muted">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
