import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from '../../../components/icons.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useUpgradePath } from '../../../lib/upgrade-path.ts';
import { track } from '../../analytics/index.ts';
import { useAiUsage } from '../api/get-ai-usage.ts';
import { useRequestSuggestions } from '../api/request-suggestions.ts';
import { addRound, repeatSeed, roundsKey, savedRounds, seenForRepeat } from '../lib/suggestion-rounds.ts';
import type { SuggestionsButtonProps } from './suggestions-props.ts';

/**
 * The suggestion panel: asks once when it opens (a metered AI use) unless this page already holds a round
 * for the field, lists the alternatives with "Use this", and "Suggest again" asks for different ones,
 * sending what was shown; with nothing new to say the server takes no use and the panel says so. A use that
 * was paid for is always shown: the Free plan's limit is said when the next request meets it, with the
 * upgrade path, and the suggestions already shown stay usable. Loaded when first opened.
 */
export default function SuggestionsPanel({
  id,
  target,
  resumeId,
  itemId,
  prepare,
  onUse,
  onClose,
}: SuggestionsButtonProps & { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const usage = useAiUsage();
  const request = useRequestSuggestions();
  const key = resumeId ? roundsKey(resumeId, target, itemId) : '';
  const [rounds, setRounds] = useState(() => savedRounds(key));
  const [nothingNew, setNothingNew] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const headingId = useId();
  const limited = usage.data && usage.data.limit !== null && usage.data.used >= usage.data.limit;
  const suggestions = rounds.shown;

  async function ask(again: boolean) {
    if (!resumeId) return;
    setNothingNew(false);
    setPreparing(true);
    try {
      await prepare?.();
    } catch {
      // The last saved version is used: the server answers for what it has.
    } finally {
      setPreparing(false);
    }
    const repeat = again ? { seed: repeatSeed(), seen: seenForRepeat(rounds) } : {};
    request.mutate(
      { resumeId, target, ...(itemId ? { itemId } : {}), ...repeat },
      {
        onSuccess: (answer) => {
          if (answer.nothingNew) setNothingNew(true);
          else setRounds((current) => addRound(key, current, answer.suggestions));
        },
      },
    );
  }

  // Asked once when the panel opens, unless this page shows a round already or the uses are known gone.
  const asked = useRef(suggestions.length > 0);
  const upgradeTo = useUpgradePath();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the usage is known
  useEffect(() => {
    if (asked.current || !resumeId || !usage.isFetched || limited) return;
    asked.current = true;
    void ask(false);
  }, [resumeId, usage.isFetched, limited]);

  const error = request.error;
  const limitError = error instanceof ApiError && error.code === 'AI_LIMIT_REACHED';
  const busy = preparing || request.isPending;
  const used = request.data?.usage ?? usage.data;

  const limitMessage = (
    <div className="ai-suggest__message" role="alert">
      <p>{t('errors.AI_LIMIT_REACHED')}</p>
      <Link to={upgradeTo} className="button button--primary">
        {t('ai.upgrade')}
      </Link>
    </div>
  );
  const loadingMessage = (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {t('ai.suggestions.loading')}
    </p>
  );
  const failure = (
    <div className="ai-suggest__message" role="alert">
      <strong>{t('ai.suggestions.failed')}</strong>
      <p>{errorMessage(t, error)}</p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void ask(suggestions.length > 0)}
      >
        {t('ai.retry')}
      </button>
    </div>
  );

  let body: React.ReactNode;
  if (!resumeId) body = <p className="ai-suggest__message">{t('ai.suggestions.saveFirst')}</p>;
  else if (suggestions.length === 0) {
    // Nothing shown yet: the limit, the first answer on its way, or why it failed.
    if (limited || limitError) body = limitMessage;
    else if (busy || !usage.isFetched) body = loadingMessage;
    else if (error) body = failure;
  } else {
    body = (
      <>
        <ol className="ai-suggest__list" aria-busy={busy || undefined}>
          {suggestions.map((text, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one round's suggestions never move
            <li key={index} className="ai-suggest__item">
              <p className="ai-suggest__text">{text}</p>
              <button
                type="button"
                className="button button--secondary"
                aria-label={t('ai.suggestions.useLabel', { number: index + 1 })}
                onClick={() => {
                  track('ai_suggestion_selected', { target });
                  onUse(text);
                }}
              >
                {t('ai.suggestions.use')}
              </button>
            </li>
          ))}
        </ol>
        {busy ? (
          loadingMessage
        ) : limitError ? (
          limitMessage
        ) : error ? (
          failure
        ) : nothingNew ? (
          <p className="ai-suggest__nothing-new" role="status">
            {t('ai.suggestions.nothingNew')}
          </p>
        ) : (
          <button type="button" className="button button--ghost" onClick={() => void ask(true)}>
            {t('ai.suggestions.again')}
          </button>
        )}
      </>
    );
  }

  return (
    <section id={id} className="ai-suggest__panel" aria-labelledby={headingId}>
      <div className="ai-suggest__head">
        <h4 id={headingId}>{t('ai.suggestions.title')}</h4>
        <button
          type="button"
          className="icon-button"
          onClick={onClose}
          aria-label={t('ai.suggestions.close')}
        >
          <Icon name="close" width="18" height="18" />
        </button>
      </div>
      <p className="ai-suggest__note">{t('ai.suggestions.note')}</p>
      {body}
      {used && used.limit !== null ? (
        <p className="ai-suggest__usage">
          {t('ai.suggestions.usage', { used: used.used, count: used.limit })}
        </p>
      ) : null}
    </section>
  );
}
