import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons.tsx';
import { JobSteps } from '../../../components/job-steps.tsx';
import type { ChosenFile } from '../lib/check-file.ts';
import { type ImportStep, importSteps, stepStatuses } from '../lib/steps.ts';
import { ChosenFileLine } from './chosen-file-line.tsx';

/**
 * The four steps of an import (done, under way, waiting), with the upload's percentage while the bytes
 * leave the browser. The current step is also announced politely, once per step.
 */
export function ImportProgress({
  file,
  step,
  progress,
  finished,
  headingId,
}: {
  file: ChosenFile;
  step: ImportStep;
  /** 0-100 while uploading. */
  progress: number | null;
  /** The import succeeded and the editor is opening: every step is done. */
  finished: boolean;
  headingId: string;
}) {
  const { t } = useTranslation();
  const statuses = stepStatuses(step, finished);
  const uploading = step === 'uploading' && progress !== null && !finished;
  return (
    <div className="import-progress">
      <h2 id={headingId} className="import-progress__title">
        {t('import.progress.title')}
      </h2>
      <ChosenFileLine file={file} />
      <JobSteps
        className="import-steps"
        stepClassName="import-step"
        joined
        statusText={(status) => t(`import.progress.status.${status}`)}
        steps={importSteps.map((name) => ({
          name,
          label: t(`import.progress.steps.${name}.label`),
          detail: t(`import.progress.steps.${name}.detail`),
          status: statuses[name],
          ...(name === 'uploading' && uploading
            ? {
                below: (
                  <span
                    className="import-step__bar"
                    role="progressbar"
                    aria-label={t('import.progress.steps.uploading.label')}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={progress}
                  >
                    <span style={{ width: `${progress}%` }} />
                  </span>
                ),
                end: (
                  <span className="import-step__percent">
                    {t('import.progress.percent', { percent: progress })}
                  </span>
                ),
              }
            : {}),
        }))}
      />
      <p className="import-progress__time">
        <Icon name="clock" width="16" height="16" />
        <span>{t('import.progress.time')}</span>
      </p>
      <p className="import-progress__note">{t('import.progress.keepOpen')}</p>
      <span className="visually-hidden" role="status">
        {finished
          ? ''
          : `${t(`import.progress.steps.${step}.label`)}: ${t(`import.progress.steps.${step}.detail`)}`}
      </span>
    </div>
  );
}
