import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { TailoringResult } from '#shared/ai';
import type { ResumeContent } from '#shared/resume';
import { useNotify } from '../../../components/notices.tsx';
import { useApplyTailoring } from '../api/apply-tailoring.ts';
import { reviewEngine } from '../lib/engine.ts';
import {
  acceptedIds,
  countDecisions,
  type Decision,
  type Decisions,
  decide,
  decideAll,
  groupBySection,
  initialDecisions,
  itemLabel,
  type ProjectedScore,
  projectedScore,
} from '../lib/review.ts';
import { ChangeCard } from './change-card.tsx';
import { SaveDialog } from './save-dialog.tsx';
import { ScorePanel } from './score-panel.tsx';

/** The score as decisions stand; the server's figures when the resume cannot be scored here. */
function useProjectedScore(
  resume: ResumeContent | undefined,
  result: TailoringResult,
  accepted: readonly string[],
): ProjectedScore {
  const key = accepted.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is `accepted` by value
  return useMemo(() => {
    const fallback: ProjectedScore = {
      before: result.score.before,
      after: accepted.length === result.changes.length ? result.score.after : result.score.before,
      best: result.score.after,
      matched: result.score.matched,
      missing: result.score.missing,
      ignoredSentences: result.score.ignoredSentences ?? 0,
    };
    if (!resume) return fallback;
    try {
      return projectedScore(resume, result, accepted, reviewEngine);
    } catch {
      return fallback;
    }
  }, [resume, result, key]);
}

/**
 * Step 3: the score before and after, the keywords, every change by section with its diff and
 * explanation, accept or reject each (or all), then save a new resume and open it in the editor.
 */
export function TailoringReview({
  jobId,
  result,
  resume,
  sourceTitle,
  onStartOver,
}: {
  jobId: string;
  result: TailoringResult;
  /** The resume the changes were made against (undefined while it loads). */
  resume: ResumeContent | undefined;
  sourceTitle: string;
  onStartOver: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const [decisions, setDecisions] = useState<Decisions>(() => initialDecisions(result.changes));
  const [saving, setSaving] = useState(false);
  const [noneSelected, setNoneSelected] = useState(false);
  const apply = useApplyTailoring(jobId);
  const accepted = acceptedIds(result.changes, decisions);
  const counts = countDecisions(result.changes, decisions);
  const score = useProjectedScore(resume, result, accepted);
  const groups = groupBySection(result.changes);

  const set = (id: string, decision: Decision) => {
    setDecisions((current) => decide(current, id, decision));
    setNoneSelected(false);
  };

  function openSave() {
    // 'No Changes Selected' before asking for a name; the dialog checks the name (checkSave) again.
    if (accepted.length === 0) {
      setNoneSelected(true);
      return;
    }
    apply.reset();
    setSaving(true);
  }

  function save(title: string) {
    apply.mutate(
      { accepted, title },
      {
        onSuccess: (created) => {
          notify({ title: t('ai.tailoring.save.success') });
          navigate(`/builder?id=${encodeURIComponent(created.id)}`);
        },
      },
    );
  }

  return (
    <div className="ai-review">
      <header className="ai-section-header">
        <h2 id="ai-review-title">{t('ai.tailoring.review.title')}</h2>
        <p className="muted">{t('ai.tailoring.review.lead')}</p>
      </header>

      <div className="ai-review__layout">
        <div className="ai-review__aside">
          <ScorePanel score={score} changes={result.changes.length} />
        </div>

        <div className="ai-review__main">
          {result.changes.length === 0 ? (
            <div className="ai-empty">
              <strong>{t('ai.tailoring.review.noChangesTitle')}</strong>
              <p>{t('ai.tailoring.review.noChangesBody')}</p>
            </div>
          ) : (
            <>
              <div className="ai-review__toolbar">
                <p className="ai-review__counts">
                  {t('ai.tailoring.review.progress', {
                    accepted: t('ai.tailoring.review.accepted', { count: counts.accepted }),
                    rejected: t('ai.tailoring.review.rejected', { count: counts.rejected }),
                    pending: t('ai.tailoring.review.pending', { count: counts.pending }),
                  })}
                </p>
                <div className="ai-actions">
                  {/* Only the changes still to review: a decision the user made stands. */}
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={counts.pending === 0}
                    onClick={() => {
                      setDecisions((current) => decideAll(result.changes, current, 'accepted'));
                      setNoneSelected(false);
                    }}
                  >
                    {counts.pending === result.changes.length || counts.pending === 0
                      ? t('ai.tailoring.review.acceptAll')
                      : t('ai.tailoring.review.acceptRest', { count: counts.pending })}
                  </button>
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={counts.pending === 0}
                    onClick={() => setDecisions((current) => decideAll(result.changes, current, 'rejected'))}
                  >
                    {counts.pending === result.changes.length || counts.pending === 0
                      ? t('ai.tailoring.review.rejectAll')
                      : t('ai.tailoring.review.rejectRest', { count: counts.pending })}
                  </button>
                </div>
              </div>
              {groups.map((group) => (
                <section
                  key={group.section}
                  className="ai-review__group"
                  aria-labelledby={`group-${group.section}`}
                >
                  <h3 id={`group-${group.section}`}>{t(`ai.tailoring.review.sections.${group.section}`)}</h3>
                  {group.changes.map((change) => (
                    <ChangeCard
                      key={change.id}
                      change={change}
                      item={itemLabel(resume, change)}
                      decision={decisions[change.id] ?? 'pending'}
                      onDecide={(decision) => set(change.id, decision)}
                    />
                  ))}
                </section>
              ))}
            </>
          )}
          {result.dropped > 0 ? (
            <p className="muted ai-review__dropped">
              {t('ai.tailoring.review.dropped', { count: result.dropped })}
            </p>
          ) : null}

          {noneSelected ? (
            <div className="ai-alert ai-alert--danger" role="alert">
              <strong>{t('ai.tailoring.review.noneSelectedTitle')}</strong>
              <p>{t('ai.tailoring.review.noneSelected')}</p>
            </div>
          ) : null}
          <div className="ai-review__footer">
            {result.changes.length > 0 ? (
              <p className="ai-review__footer-score" aria-hidden="true">
                {t('ai.tailoring.review.score')}: {score.before} → <strong>{score.after}</strong>
              </p>
            ) : null}
            <button type="button" className="button button--ghost" onClick={onStartOver}>
              {t('ai.tailoring.review.startOver')}
            </button>
            {result.changes.length > 0 ? (
              <button type="button" className="button button--primary" onClick={openSave}>
                {t('ai.tailoring.review.save')}
              </button>
            ) : null}
          </div>
        </div>
      </div>

      <SaveDialog
        // A fresh form at every opening: the name starts from the resume's title as it is now.
        key={saving ? 'open' : 'closed'}
        open={saving}
        accepted={accepted}
        defaultName={t('ai.tailoring.save.defaultName', { title: sourceTitle })}
        saving={apply.isPending}
        error={apply.error}
        onSave={save}
        onClose={() => setSaving(false)}
      />
    </div>
  );
}
