import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useUpgradePath } from '../lib/upgrade-path.ts';
import { Icon, type IconName } from './icons.tsx';

/**
 * A job that failed: an icon, the heading (it takes focus, so the change is not missed) and what the page
 * adds: the reason, the file, the ways on. The whole panel is an alert named by its heading.
 */
export function FailurePanel({
  headingId,
  title,
  icon,
  className,
  children,
}: {
  headingId: string;
  title: string;
  icon: IconName;
  className?: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div
      className={className ? `failure-panel ${className}` : 'failure-panel'}
      role="alert"
      aria-labelledby={headingId}
    >
      <span className="failure-panel__icon" aria-hidden="true">
        <Icon name={icon} width="28" height="28" />
      </span>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </div>
  );
}

/** The ways on after a failure: the plans when a limit stopped it, then try again, or back to the resumes. */
export function FailureActions({
  className,
  upgrade,
  onRetry,
  labels,
}: {
  className: string;
  upgrade: boolean;
  onRetry: () => void;
  labels: { upgrade: string; retry: string; back: string };
}) {
  const upgradeTo = useUpgradePath();
  return (
    <div className={className}>
      {upgrade ? (
        <Link to={upgradeTo} className="button button--primary">
          {labels.upgrade}
        </Link>
      ) : null}
      <button
        type="button"
        className={`button ${upgrade ? 'button--secondary' : 'button--primary'}`}
        onClick={onRetry}
      >
        {labels.retry}
      </button>
      <Link to="/resumes" className="button button--ghost">
        {labels.back}
      </Link>
    </div>
  );
}
