import { useTranslation } from 'react-i18next';
import type { MatchKeyword } from '#shared/ai';
import type { ProjectedScore } from '../lib/review.ts';
import { IgnoredSentences } from './ignored-sentences.tsx';

function Keywords({ keywords, kind }: { keywords: readonly MatchKeyword[]; kind: 'matched' | 'missing' }) {
  const { t } = useTranslation();
  if (keywords.length === 0) {
    return (
      <p className="muted">
        {kind === 'matched' ? t('ai.tailoring.review.noneMatched') : t('ai.tailoring.review.noneMissing')}
      </p>
    );
  }
  return (
    <ul className={`ai-keywords ai-keywords--${kind}`}>
      {keywords.map((keyword) => (
        <li key={`${keyword.kind}:${keyword.keyword}`} className="ai-keyword">
          {keyword.keyword}
          {keyword.required ? (
            <span className="ai-keyword__flag">{t('ai.tailoring.review.required')}</span>
          ) : null}
          {kind === 'matched' && keyword.coverage === 'synonym' ? (
            <span className="ai-keyword__flag">{t('ai.tailoring.review.synonym')}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The match score before and with the accepted changes (recomputed as decisions change; the change is
 * announced politely), why it cannot rise when no change can raise it, and the job's keywords the resume
 * covers and lacks. Missing keywords are labelled
 * as such: tailoring never adds them, the user may, where they are true.
 */
export function ScorePanel({ score, changes }: { score: ProjectedScore; changes: number }) {
  const { t } = useTranslation();
  const delta = score.after - score.before;
  // Changes that cannot raise the score are rewordings of what the resume says; the rest is not in it.
  const ceiling = changes > 0 && score.best <= score.before && score.missing.length > 0;
  return (
    <section className="ai-score" aria-labelledby="ai-score-title">
      <h3 id="ai-score-title" className="ai-score__title">
        {t('ai.tailoring.review.score')}
      </h3>
      <span className="visually-hidden" role="status">
        {t('ai.tailoring.review.scoreSummary', { before: score.before, after: score.after })}
      </span>
      <div className="ai-score__figures" aria-hidden="true">
        <div className="ai-score__figure">
          <span className="ai-score__label">{t('ai.tailoring.review.before')}</span>
          <span className="ai-score__value" data-testid="score-before">
            {score.before}
          </span>
        </div>
        <span className="ai-score__arrow" aria-hidden="true">
          →
        </span>
        <div className="ai-score__figure ai-score__figure--after">
          <span className="ai-score__label">{t('ai.tailoring.review.after')}</span>
          <span className="ai-score__value" data-testid="score-after">
            {score.after}
            {delta > 0 ? <span className="ai-score__delta">+{delta}</span> : null}
          </span>
        </div>
      </div>
      <meter className="ai-score__meter" min={0} max={100} value={score.after} aria-hidden="true" />
      {score.best > score.after ? (
        <p className="muted">{t('ai.tailoring.review.best', { score: score.best })}</p>
      ) : null}
      {ceiling ? (
        <p className="ai-score__ceiling" data-testid="score-ceiling">
          {t('ai.tailoring.review.ceiling')}
        </p>
      ) : null}
      {score.ignoredSentences > 0 ? <IgnoredSentences count={score.ignoredSentences} /> : null}
      <div className="ai-score__keywords">
        <div>
          <h4>{t('ai.tailoring.review.matched')}</h4>
          <Keywords keywords={score.matched} kind="matched" />
        </div>
        <div>
          <h4>{t('ai.tailoring.review.missing')}</h4>
          <p className="ai-score__missing-note">{t('ai.tailoring.review.missingNote')}</p>
          <Keywords keywords={score.missing} kind="missing" />
        </div>
      </div>
    </section>
  );
}
