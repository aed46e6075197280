import { useTranslation } from 'react-i18next';
import type { TailoringChange } from '#shared/ai';
import type { Decision } from '../lib/review.ts';
import { type DiffPart, sideOf, similarity, wordDiff } from '../lib/word-diff.ts';

function DiffText({ parts, empty }: { parts: DiffPart[]; empty: string }) {
  if (parts.length === 0) return <span className="muted">{empty}</span>;
  return (
    <>
      {parts.map((part, index) =>
        part.kind === 'same' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one diff never move
          <span key={index}>{part.text}</span>
        ) : part.kind === 'removed' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <del key={index}>{part.text}</del>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <ins key={index}>{part.text}</ins>
        ),
      )}
    </>
  );
}

/**
 * One suggested change: what it rewrites, the original beside the suggestion with the words that differ
 * marked, the explanation, and Accept / Reject (toggle buttons: pressing the pressed one again puts the
 * change back to review).
 */
export function ChangeCard({
  change,
  item,
  decision,
  onDecide,
}: {
  change: TailoringChange;
  /** The item it belongs to, as the user knows it ("Senior Engineer · Acme"). */
  item: string;
  decision: Decision;
  onDecide: (decision: Decision) => void;
}) {
  const { t } = useTranslation();
  const diff = wordDiff(change.original, change.suggested);
  // A rewrite shares too little with the original for marked words to help: both are shown plain.
  const marked = similarity(diff) >= 0.4;
  const side = (which: 'before' | 'after'): DiffPart[] => {
    if (marked) return sideOf(diff, which);
    const text = which === 'before' ? change.original : change.suggested;
    return text ? [{ kind: 'same', text }] : [];
  };
  const field = t(`ai.tailoring.review.fields.${change.field}`);
  const what = item ? `${field} – ${item}` : field;
  const headingId = `change-${change.id}`;
  return (
    <article className="ai-change" data-decision={decision} aria-labelledby={headingId}>
      <header className="ai-change__header">
        <h4 id={headingId} className="ai-change__title">
          {field}
          {item ? <span className="ai-change__item">{item}</span> : null}
        </h4>
        <span className={`ai-status ai-status--${decision}`}>
          {t(`ai.tailoring.review.status.${decision}`)}
        </span>
      </header>
      <div className="ai-change__diff">
        <div className="ai-change__side ai-change__side--before">
          <span className="ai-change__side-label">{t('ai.tailoring.review.original')}</span>
          <p className="ai-change__text">
            <DiffText parts={side('before')} empty={t('ai.tailoring.review.empty')} />
          </p>
        </div>
        <div className="ai-change__side ai-change__side--after">
          <span className="ai-change__side-label">{t('ai.tailoring.review.suggested')}</span>
          <p className="ai-change__text">
            <DiffText parts={side('after')} empty={t('ai.tailoring.review.empty')} />
          </p>
        </div>
      </div>
      {change.explanation ? (
        <p className="ai-change__why">
          <strong>{t('ai.tailoring.review.why')}:</strong> {change.explanation}
        </p>
      ) : null}
      <div className="ai-change__actions">
        <button
          type="button"
          className="button ai-decide ai-decide--accept"
          aria-pressed={decision === 'accepted'}
          aria-label={t('ai.tailoring.review.acceptLabel', { what })}
          onClick={() => onDecide(decision === 'accepted' ? 'pending' : 'accepted')}
        >
          {t('ai.tailoring.review.accept')}
        </button>
        <button
          type="button"
          className="button ai-decide ai-decide--reject"
          aria-pressed={decision === 'rejected'}
          aria-label={t('ai.tailoring.review.rejectLabel', { what })}
          onClick={() => onDecide(decision === 'rejected' ? 'pending' : 'rejected')}
        >
          {t('ai.tailoring.review.reject')}
        </button>
      </div>
    </article>
  );
}
