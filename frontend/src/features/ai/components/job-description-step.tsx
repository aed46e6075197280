import { useDeferredValue, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { JOB_DESCRIPTION_MAX_CHARS, type MatchScore } from '#shared/ai';
import type { ResumeContent } from '#shared/resume';
import { matchScore } from '../lib/engine.ts';
import { jobDescriptionStatus } from '../lib/job-description.ts';
import { IgnoredSentences } from './ignored-sentences.tsx';

/** The score the resume already has against the text typed so far (plain local code: no request). */
function useLiveScore(resume: ResumeContent | undefined, text: string): MatchScore | null {
  const deferred = useDeferredValue(text);
  return useMemo(() => {
    if (!resume || jobDescriptionStatus(deferred).kind !== 'ok') return null;
    try {
      return matchScore(resume, deferred);
    } catch {
      return null;
    }
  }, [resume, deferred]);
}

/**
 * Step 2: the job description, with how many more characters it needs (never the minimum itself) and,
 * once it is long enough, the resume's match score as it stands and how many of its sentences were ignored
 * as instructions to an AI.
 */
export function JobDescriptionField({
  value,
  onChange,
  resume,
  invalid,
  errorId,
}: {
  value: string;
  onChange: (value: string) => void;
  resume: ResumeContent | undefined;
  /** Submitted while too short: the field is marked. */
  invalid: boolean;
  /** The id of the error shown for a description too short, read with the field while it is marked. */
  errorId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const status = jobDescriptionStatus(value);
  const score = useLiveScore(resume, value);
  return (
    <div className="field ai-jd">
      <label htmlFor={id}>{t('ai.tailoring.describe.label')}</label>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t('ai.tailoring.describe.placeholder')}
        rows={12}
        maxLength={JOB_DESCRIPTION_MAX_CHARS + 1_000}
        aria-invalid={invalid && status.kind !== 'ok' ? true : undefined}
        aria-describedby={
          invalid && errorId && status.kind === 'short' ? `${errorId} ${id}-hint` : `${id}-hint`
        }
      />
      <p id={`${id}-hint`} className="ai-jd__hint" data-state={status.kind}>
        {status.kind === 'short'
          ? t('ai.tailoring.describe.more', { count: status.missing })
          : status.kind === 'long'
            ? t('ai.tailoring.describe.tooLong', { count: status.over })
            : t('ai.tailoring.describe.enough')}
      </p>
      {score !== null ? (
        <p className="ai-jd__score">
          <strong>{t('ai.tailoring.describe.preview', { score: score.score })}</strong>
          <span className="muted">{t('ai.tailoring.describe.previewHint')}</span>
        </p>
      ) : null}
      {score !== null && score.ignoredSentences > 0 ? (
        <IgnoredSentences count={score.ignoredSentences} />
      ) : null}
    </div>
  );
}
