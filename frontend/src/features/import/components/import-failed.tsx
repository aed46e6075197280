import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ChosenFile } from '../lib/check-file.ts';
import { failureText, type ImportFailure } from '../lib/failure.ts';
import { ChosenFileLine } from './chosen-file-line.tsx';
import { ImportIcon } from './import-icons.tsx';

/**
 * 'Error processing resume' with the reason, and the ways on: another file, Upgrade to Pro when the plan's
 * limit stopped it, or back to the resumes. The heading takes focus, so the change is not missed.
 */
export function ImportFailed({
  file,
  failure,
  headingId,
  onRetry,
}: {
  file: ChosenFile;
  failure: ImportFailure;
  headingId: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const text = failureText(t, failure, file.kind);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="import-failed" role="alert" aria-labelledby={headingId}>
      <span className="import-failed__icon">
        <ImportIcon name="alert" width="28" height="28" />
      </span>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {text.title}
      </h2>
      <p className="import-failed__reason">{text.reason}</p>
      <ChosenFileLine file={file} />
      <div className="import-failed__actions">
        {text.upgrade ? (
          <Link to="/pricing" className="button button--primary">
            {t('import.upgrade')}
          </Link>
        ) : null}
        <button
          type="button"
          className={`button ${text.upgrade ? 'button--secondary' : 'button--primary'}`}
          onClick={onRetry}
        >
          {t('import.failed.retry')}
        </button>
        <Link to="/resumes" className="button button--ghost">
          {t('import.failed.back')}
        </Link>
      </div>
    </div>
  );
}
