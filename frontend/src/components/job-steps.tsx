import type { ReactNode } from 'react';
import { Icon } from './icons.tsx';
import type { JobStepStatus } from './job-step-status.ts';

export interface JobStep {
  name: string;
  label: string;
  detail: string;
  status: JobStepStatus;
  /** Under the detail, e.g. the upload's progress bar. */
  below?: ReactNode;
  /** At the end of the row, e.g. the upload's percentage. */
  end?: ReactNode;
}

/**
 * A background job's steps in order (done, under way, waiting): a tick, a spinner or the number, then the
 * label (its status spelled out for assistive technology) and what the step does. Each item is also named
 * `<stepClassName> <stepClassName>--<status>` for the page's own styles; `joined` draws a line from one
 * marker to the next.
 */
export function JobSteps({
  steps,
  statusText,
  className,
  stepClassName,
  joined = false,
}: {
  steps: readonly JobStep[];
  /** The visually hidden status after each label, e.g. 'done'. */
  statusText: (status: JobStepStatus) => string;
  className: string;
  stepClassName: string;
  joined?: boolean;
}) {
  return (
    <ol className={`job-steps${joined ? ' job-steps--joined' : ''} ${className}`}>
      {steps.map((step, index) => (
        <li
          key={step.name}
          className={`${stepClassName} ${stepClassName}--${step.status}`}
          data-status={step.status}
          aria-current={step.status === 'active' ? 'step' : undefined}
        >
          <span className="job-steps__marker" aria-hidden="true">
            {step.status === 'done' ? (
              <Icon name="check" width="16" height="16" />
            ) : step.status === 'active' ? (
              <span className="spinner job-steps__spinner" />
            ) : (
              index + 1
            )}
          </span>
          <span className="job-steps__text">
            <span className="job-steps__label">
              {step.label}
              <span className="visually-hidden"> ({statusText(step.status)})</span>
            </span>
            <span className="job-steps__detail">{step.detail}</span>
            {step.below}
          </span>
          {step.end}
        </li>
      ))}
    </ol>
  );
}
