import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons.tsx';
import { JobSteps } from '../../../components/job-steps.tsx';
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
      <JobSteps
        className="ai-steps"
        stepClassName="ai-step"
        statusText={(status) => t(`ai.tailoring.progress.status.${status}`)}
        steps={tailoringSteps.map((name) => ({
          name,
          label: t(`ai.tailoring.progress.steps.${name}.label`),
          detail: t(`ai.tailoring.progress.steps.${name}.detail`),
          status: statuses[name],
        }))}
      />
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
