import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SuggestionTarget } from '#shared/ai';
import { Icon } from '../../../components/icons.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAiUsage } from '../api/get-ai-usage.ts';
import { useRequestSuggestions } from '../api/request-suggestions.ts';
import { useAiMessages } from '../messages.ts';
import './ai.css';

export interface SuggestionsButtonProps {
  target: SuggestionTarget;
  /** The saved resume's id; null before its first save (suggestions are written from the saved resume). */
  resumeId: string | null;
  /** The experience item, for `target: 'experience'`. */
  itemId?: string;
  /** Waits until the server has the latest edits (the editor saves them first). */
  prepare?: () => Promise<void>;
  /** Put the chosen text in the field (through the editor's store, so undo and autosave see it). */
  onUse: (text: string) => void;
}

function SuggestionsPanel({
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
                  onClick={() => onUse(text)}
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

/**
 * "AI suggestions" beside a field of the editor: opens a panel that asks for alternatives (a metered AI
 * use), lists them with "Use this", and says when the Free plan's uses are gone (with the upgrade path).
 */
export function SuggestionsButton(props: SuggestionsButtonProps) {
  const { t } = useTranslation();
  const ready = useAiMessages();
  const [open, setOpen] = useState(false);
  const [applied, setApplied] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  if (!ready) return null;
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div className="ai-suggest">
      <button
        ref={button}
        type="button"
        className="button button--ghost ai-suggest__button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={
          props.target === 'summary' ? t('ai.suggestions.summaryLabel') : t('ai.suggestions.experienceLabel')
        }
        onClick={() => {
          setApplied(false);
          setOpen((value) => !value);
        }}
      >
        <Icon name="sparkles" width="16" height="16" />
        {t('ai.suggestions.button')}
      </button>
      <span className="visually-hidden" role="status">
        {applied ? t('ai.suggestions.applied') : ''}
      </span>
      {open ? (
        <SuggestionsPanel
          {...props}
          id={panelId}
          onClose={close}
          onUse={(text) => {
            props.onUse(text);
            setApplied(true);
            close();
          }}
        />
      ) : null}
    </div>
  );
}
