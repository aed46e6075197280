import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type FeatureFlagName, type FeatureFlags, featureFlagDefaults } from '#shared/flag-names';
import { api } from '../../../lib/api-client.ts';

export const featureFlagsQueryKey = ['flags'] as const;

// The answer may be cached by the browser for a few seconds: fine for the page load, but a read again after
// staff changed a flag must reach the server.
let readBefore = false;

/** GET /flags (public): every flag's current value. */
export async function getFeatureFlags(signal?: AbortSignal): Promise<FeatureFlags> {
  const cache = readBefore ? 'no-cache' : undefined;
  readBefore = true;
  const { data } = await api.get<{ data: Partial<FeatureFlags> }>('flags', { signal, auth: false, cache });
  return { ...featureFlagDefaults, ...data };
}

/** Read once per page load: a flag changed elsewhere shows after a reload (or an invalidation, below). */
export const featureFlagsQueryOptions = () =>
  queryOptions({
    queryKey: featureFlagsQueryKey,
    queryFn: ({ signal }) => getFeatureFlags(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

/**
 * A flag's value from the server, or null while the flags load. A failed load counts as the defaults
 * (every flag off), so a feature never appears because the server could not be asked.
 */
export function useFeatureFlag(name: FeatureFlagName): boolean | null {
  const flags = useQuery(featureFlagsQueryOptions());
  if (flags.data) return flags.data[name];
  return flags.isError ? featureFlagDefaults[name] : null;
}

/** After staff change a flag: this tab shows the new value at once. */
export function invalidateFeatureFlags(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: featureFlagsQueryKey });
}
