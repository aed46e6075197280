import { useEffect, useState } from 'react';
import { registerMessages } from '../../i18n/index.ts';

let loading: Promise<void> | undefined;
let loaded = false;

/** The AI features' texts, in their own chunk: loaded with the AI routes and the builder's suggestions. */
export function loadAiMessages(): Promise<void> {
  loading ??= registerMessages('ai', {
    'en-US': async () => (await import('../../i18n/locales/en-US/ai.json')).default,
    'pt-BR': async () => (await import('../../i18n/locales/pt-BR/ai.json')).default,
  }).then(
    () => {
      loaded = true;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Whether the AI texts are there, loading them on first use: the builder's suggestion buttons live in a
 * route that does not load them up front, so they render once the small chunk has arrived.
 */
export function useAiMessages(): boolean {
  const [ready, setReady] = useState(loaded);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadAiMessages().then(
      () => live && setReady(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}
