import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons.tsx';
import { stepStatuses, type TailoringStep, tailoringSteps } from '../lib/steps.ts';

/**
 * The four steps of a tailoring job (done, under way, waiting). The current step is also announced
 * politely, once per step.
 */
export function TailoringProgress({ step, headingId }: { step: TailoringStep | null; headingId: string }) {
  const { t } = useTranslation();
  // Before the job exists (the request is on its way) the first step is shown as under way.
  const active = step ?? 'parsing job description';
  const statuses = stepStatuses(active);
  return (
    <div className="ai-progress">
      <h2 id={headingId} className="ai-progress__title">
        {t('ai.tailoring.progress.title')}
      </h2>
      <ol className="ai-steps">
        {tailoringSteps.map((name, index) => {
          const status = statuses[name];
          return (
            <li
              key={name}
              className={`ai-step ai-step--${status}`}
              aria-current={status === 'active' ? 'step' : undefined}
            >
              <span className="ai-step__marker" aria-hidden="true">
                {status === 'done' ? (
                  <Icon name="check" width="16" height="16" />
                ) : status === 'active' ? (
                  <span className="spinner ai-step__spinner" />
                ) : (
                  index + 1
                )}
              </span>
              <span className="ai-step__text">
                <span className="ai-step__label">
                  {t(`ai.tailoring.progress.steps.${name}.label`)}
                  <span className="visually-hidden"> ({t(`ai.tailoring.progress.status.${status}`)})</span>
                </span>
                <span className="ai-step__detail">{t(`ai.tailoring.progress.steps.${name}.detail`)}</span>
              </span>
            </li>
          );
        })}
      </ol>
      <p className="ai-progress__time">
        <Icon name="clock" width="16" height="16" />
        <span>{t('ai.tailoring.progress.time')}</span>
      </p>
      <p className="muted">{t('ai.tailoring.progress.keepOpen')}</p>
      <span className="visually-hidden" role="status">
        {`${t(`ai.tailoring.progress.steps.${active}.label`)}: ${t(`ai.tailoring.progress.steps.${active}.detail`)}`}
      </span>
    </div>
  );
}
