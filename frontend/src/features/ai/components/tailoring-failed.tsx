import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TailoringRequirement } from '#shared/ai';
import { isErrorCode } from '#shared/errors';
import { Icon } from '../../../components/icons.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import type { TailoringFailure } from '../hooks/use-tailoring-job.tsx';

/** 'Resume validation failed' with the list of the parts the chosen resume lacks, and the way to add them. */
export function ResumeValidationFailed({
  problems,
  resumeId,
}: {
  problems: readonly TailoringRequirement[];
  resumeId: string | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="ai-alert ai-alert--danger" role="alert">
      <strong>{t('ai.tailoring.validation.title')}</strong>
      <p>{t('ai.tailoring.validation.lead')}</p>
      <ul>
        {problems.map((problem) => (
          <li key={problem}>{t(`ai.tailoring.validation.${problem}`)}</li>
        ))}
      </ul>
      {resumeId ? (
        <Link to={`/builder?id=${encodeURIComponent(resumeId)}`} className="button button--secondary">
          {t('ai.tailoring.validation.edit')}
        </Link>
      ) : null}
    </div>
  );
}

const upgradeCodes = new Set(['AI_LIMIT_REACHED', 'RESUME_LIMIT_REACHED']);

function reasonOf(t: TFunction, failure: TailoringFailure): string {
  switch (failure.kind) {
    case 'request':
      return errorMessage(t, failure.error);
    case 'timeout':
      return t('ai.tailoring.failed.tooSlow');
    case 'job':
      return isErrorCode(failure.code)
        ? errorMessage(t, new ApiError({ code: failure.code, status: 0 }))
        : t('ai.tailoring.failed.generic');
    case 'incomplete':
      return '';
  }
}

/** 'Analysis Failed' with the reason, and the ways on: try again, upgrade when a limit stopped it, or leave. */
export function AnalysisFailed({
  failure,
  headingId,
  onRetry,
}: {
  failure: TailoringFailure;
  headingId: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const code =
    failure.kind === 'request' && failure.error instanceof ApiError
      ? failure.error.code
      : failure.kind === 'job'
        ? failure.code
        : undefined;
  const upgrade = code !== undefined && upgradeCodes.has(code);
  return (
    <div className="ai-failed" role="alert" aria-labelledby={headingId}>
      <span className="ai-failed__icon" aria-hidden="true">
        <Icon name="target" width="28" height="28" />
      </span>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t('ai.tailoring.failed.title')}
      </h2>
      <p>{reasonOf(t, failure)}</p>
      <div className="ai-actions">
        {upgrade ? (
          <Link to="/pricing" className="button button--primary">
            {t('ai.upgrade')}
          </Link>
        ) : null}
        <button
          type="button"
          className={`button ${upgrade ? 'button--secondary' : 'button--primary'}`}
          onClick={onRetry}
        >
          {t('ai.retry')}
        </button>
        <Link to="/resumes" className="button button--ghost">
          {t('ai.tailoring.failed.back')}
        </Link>
      </div>
    </div>
  );
}
