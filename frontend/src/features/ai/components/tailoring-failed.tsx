import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TailoringRequirement } from '#shared/ai';
import { isErrorCode } from '#shared/errors';
import { FailureActions, FailurePanel } from '../../../components/failure-panel.tsx';
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
  const code =
    failure.kind === 'request' && failure.error instanceof ApiError
      ? failure.error.code
      : failure.kind === 'job'
        ? failure.code
        : undefined;
  const upgrade = code !== undefined && upgradeCodes.has(code);
  return (
    <FailurePanel
      className="ai-failed"
      headingId={headingId}
      title={t('ai.tailoring.failed.title')}
      icon="target"
    >
      <p>{reasonOf(t, failure)}</p>
      <FailureActions
        className="ai-actions"
        upgrade={upgrade}
        onRetry={onRetry}
        labels={{ upgrade: t('ai.upgrade'), retry: t('ai.retry'), back: t('ai.tailoring.failed.back') }}
      />
    </FailurePanel>
  );
}
