import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons.tsx';
import { useSuggestionsReady } from '../messages.ts';
import type { SuggestionsButtonProps } from './suggestions-props.ts';

// The panel (with its requests and links) is fetched when first opened; the editor only carries the button.
const SuggestionsPanel = lazy(() => import('./suggestions-panel.tsx'));

/**
 * "AI suggestions" beside a field of the editor: opens a panel that asks for alternatives (a metered AI
 * use), lists them with "Use this", and says when the Free plan's uses are gone (with the upgrade path).
 */
export function SuggestionsButton(props: SuggestionsButtonProps) {
  const { t } = useTranslation();
  const ready = useSuggestionsReady();
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
        <Suspense
          fallback={
            <p className="loading" role="status">
              <span className="spinner" aria-hidden="true" />
              {t('ai.suggestions.loading')}
            </p>
          }
        >
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
        </Suspense>
      ) : null}
    </div>
  );
}
