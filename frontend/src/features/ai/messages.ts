import { useEffect, useState } from 'react';
import { registerMessages } from '../../i18n/index.ts';

let loading: Promise<void> | undefined;

/** The AI features' texts, in their own chunk: loaded with the AI routes and the builder's suggestions. */
export function loadAiMessages(): Promise<void> {
  loading ??= registerMessages('ai', {
    'en-US': async () => (await import('../../i18n/locales/en-US/ai.json')).default,
    'pt-BR': async () => (await import('../../i18n/locales/pt-BR/ai.json')).default,
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

let suggestionsLoading: Promise<void> | undefined;
let suggestionsLoaded = false;

/** The texts and the stylesheet of the editor's suggestion panel, fetched once on first use. */
function loadSuggestions(): Promise<void> {
  suggestionsLoading ??= Promise.all([loadAiMessages(), import('./components/suggestions.css')]).then(
    () => {
      suggestionsLoaded = true;
    },
    (error: unknown) => {
      suggestionsLoading = undefined;
      throw error;
    },
  );
  return suggestionsLoading;
}

/**
 * Whether the suggestion panel's texts and styles are there, loading them on first use: the builder does
 * not load the AI chunk up front, so the buttons appear once it has arrived (a moment after the editor).
 */
export function useSuggestionsReady(): boolean {
  const [ready, setReady] = useState(suggestionsLoaded);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadSuggestions().then(
      () => live && setReady(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}
