import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type FeatureFlagName, type FeatureFlags, featureFlagDefaults } from '#shared/flags';
import { api } from '../../../lib/api-client.ts';

export const featureFlagsQueryKey = ['flags'] as const;

/** GET /flags (public): every flag's current value. */
export async function getFeatureFlags(signal?: AbortSignal): Promise<FeatureFlags> {
  const { data } = await api.get<{ data: Partial<FeatureFlags> }>('flags', { signal, auth: false });
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
