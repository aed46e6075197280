import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** Client errors (4xx) are answers, not glitches: only network failures and 5xx are retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

// One client for the whole page, created when the first route that queries is opened: the landing page and
// the other public pages that never query do not download react-query at all.
let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<(client: QueryClient) => void>();

/** The page's QueryClient, loading react-query on the first call. */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('@tanstack/react-query').then(({ QueryClient }) => {
    client = new QueryClient({
      defaultOptions: {
        queries: { staleTime: 30_000, retry: shouldRetry },
        mutations: { retry: false },
      },
    });
    for (const listener of listeners) listener(client);
    return client;
  });
  return loading;
}

/** The page's QueryClient if a route has created it, else undefined (nothing is cached yet). */
export function currentQueryClient(): QueryClient | undefined {
  return client;
}

/**
 * Runs `effect` with the page's QueryClient as soon as it exists (at once if it already does). The returned
 * function stops waiting, and runs the cleanup `effect` returned, if any: shaped for `useEffect`.
 */
export function onQueryClient(effect: (client: QueryClient) => (() => void) | undefined): () => void {
  let cleanup: (() => void) | undefined;
  let stopped = false;
  const run = (created: QueryClient) => {
    listeners.delete(run);
    if (!stopped) cleanup = effect(created);
  };
  if (client) run(client);
  else listeners.add(run);
  return () => {
    stopped = true;
    listeners.delete(run);
    cleanup?.();
  };
}
