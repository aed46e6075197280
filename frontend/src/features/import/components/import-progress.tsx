import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons.tsx';
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
      <ol className="import-steps">
        {importSteps.map((name, index) => {
          const status = statuses[name];
          return (
            <li
              key={name}
              className={`import-step import-step--${status}`}
              aria-current={status === 'active' ? 'step' : undefined}
            >
              <span className="import-step__marker" aria-hidden="true">
                {status === 'done' ? (
                  <Icon name="check" width="16" height="16" />
                ) : status === 'active' ? (
                  <span className="spinner import-step__spinner" />
                ) : (
                  index + 1
                )}
              </span>
              <span className="import-step__text">
                <span className="import-step__label">
                  {t(`import.progress.steps.${name}.label`)}
                  <span className="visually-hidden"> ({t(`import.progress.status.${status}`)})</span>
                </span>
                <span className="import-step__detail">{t(`import.progress.steps.${name}.detail`)}</span>
                {name === 'uploading' && uploading ? (
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
                ) : null}
              </span>
              {name === 'uploading' && uploading ? (
                <span className="import-step__percent">
                  {t('import.progress.percent', { percent: progress })}
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
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
