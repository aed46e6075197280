import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons.tsx';

export const wizardSteps = ['select', 'describe', 'review'] as const;
export type WizardStep = (typeof wizardSteps)[number];

/** The spec's three steps of tailoring, the current one marked for assistive technology too. */
export function WizardSteps({ current }: { current: WizardStep }) {
  const { t } = useTranslation();
  const at = wizardSteps.indexOf(current);
  return (
    <ol className="ai-wizard" aria-label={t('ai.tailoring.wizard.label')}>
      {wizardSteps.map((step, index) => {
        const status = index < at ? 'done' : index === at ? 'current' : 'pending';
        return (
          <li
            key={step}
            className={`ai-wizard__step ai-wizard__step--${status}`}
            aria-current={status === 'current' ? 'step' : undefined}
          >
            <span className="ai-wizard__marker" aria-hidden="true">
              {status === 'done' ? <Icon name="check" width="14" height="14" /> : index + 1}
            </span>
            <span className="ai-wizard__label">
              {t(`ai.tailoring.wizard.${step}`)}
              {status === 'done' ? (
                <span className="visually-hidden"> ({t('ai.tailoring.wizard.done')})</span>
              ) : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
