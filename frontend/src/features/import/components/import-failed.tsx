import { useTranslation } from 'react-i18next';
import { FailureActions, FailurePanel } from '../../../components/failure-panel.tsx';
import type { ChosenFile } from '../lib/check-file.ts';
import { failureText, type ImportFailure } from '../lib/failure.ts';
import { ChosenFileLine } from './chosen-file-line.tsx';

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
  return (
    <FailurePanel className="import-failed" headingId={headingId} title={text.title} icon="alert">
      <p className="import-failed__reason">{text.reason}</p>
      <ChosenFileLine file={file} />
      <FailureActions
        className="import-failed__actions"
        upgrade={text.upgrade}
        onRetry={onRetry}
        labels={{
          upgrade: t('import.upgrade'),
          retry: t('import.failed.retry'),
          back: t('import.failed.back'),
        }}
      />
    </FailurePanel>
  );
}
