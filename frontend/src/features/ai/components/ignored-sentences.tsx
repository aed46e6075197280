import { useTranslation } from 'react-i18next';

/**
 * Tells the user that sentences of the job description that read like instructions to an AI were left out
 * of the match score (the rest of the description still counts).
 */
export function IgnoredSentences({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <p className="ai-ignored" data-testid="ignored-sentences">
      {t('ai.tailoring.ignoredSentences', { count })}
    </p>
  );
}
