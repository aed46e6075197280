import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from '../../../components/icons.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { track } from '../../analytics/index.ts';
import { useAiUsage } from '../api/get-ai-usage.ts';
import { useRequestSuggestions } from '../api/request-suggestions.ts';
import type { SuggestionsButtonProps } from './suggestions-button.tsx';

/**
 * The suggestion panel: asks once when it opens (a metered AI use), lists the alternatives with "Use
 * this", and says when the Free plan's uses are gone, with the upgrade path. Loaded when first opened.
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
  const [preparing, setPreparing] = useState(false);
  const headingId = useId();
  const limited = usage.data && usage.data.limit !== null && usage.data.used >= usage.data.limit;

  async function ask() {
    if (!resumeId) return;
    setPreparing(true);
    try {
      await prepare?.();
    } catch {
      // The last saved version is used: the server answers for what it has.
    } finally {
      setPreparing(false);
    }
    request.mutate({ resumeId, target, ...(itemId ? { itemId } : {}) });
  }

  // Asked once when the panel opens, unless the plan's AI uses are known to be gone.
  const asked = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the usage is known
  useEffect(() => {
    if (asked.current || !resumeId || !usage.isFetched || limited) return;
    asked.current = true;
    void ask();
  }, [resumeId, usage.isFetched, limited]);

  const error = request.error;
  const limitReached = limited || (error instanceof ApiError && error.code === 'AI_LIMIT_REACHED');
  const loading = preparing || request.isPending || (!usage.isFetched && resumeId !== null);
  const suggestions = request.data?.suggestions ?? [];
  const used = request.data?.usage ?? usage.data;

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
      {!resumeId ? (
        <p className="ai-suggest__message">{t('ai.suggestions.saveFirst')}</p>
      ) : limitReached ? (
        <div className="ai-suggest__message" role="alert">
          <p>{t('errors.AI_LIMIT_REACHED')}</p>
          <Link to="/pricing" className="button button--primary">
            {t('ai.upgrade')}
          </Link>
        </div>
      ) : loading ? (
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('ai.suggestions.loading')}
        </p>
      ) : error ? (
        <div className="ai-suggest__message" role="alert">
          <strong>{t('ai.suggestions.failed')}</strong>
          <p>{errorMessage(t, error)}</p>
          <button type="button" className="button button--secondary" onClick={() => void ask()}>
            {t('ai.retry')}
          </button>
        </div>
      ) : (
        <>
          <ol className="ai-suggest__list">
            {suggestions.map((text, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one answer's suggestions never move
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
          <button type="button" className="button button--ghost" onClick={() => void ask()}>
            {t('ai.suggestions.again')}
          </button>
        </>
      )}
      {used && used.limit !== null ? (
        <p className="ai-suggest__usage">
          {t('ai.suggestions.usage', { used: used.used, count: used.limit })}
        </p>
      ) : null}
    </section>
  );
}
