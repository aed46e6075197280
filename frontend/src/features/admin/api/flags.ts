import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeatureFlagName, FeatureFlagState } from '#shared/flags';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, seg } from './keys.ts';

/** GET /admin/flags: every flag with its state and who last changed it. */
export async function getFlags(signal?: AbortSignal): Promise<FeatureFlagState[]> {
  const { data } = await api.get<{ data: FeatureFlagState[] }>('admin/flags', { signal });
  return data;
}

export function useAdminFlags() {
  return useQuery({ queryKey: adminKeys.flags(), queryFn: ({ signal }) => getFlags(signal) });
}

/** PUT /admin/flags/{flag}. */
export async function setFlag(name: FeatureFlagName, enabled: boolean): Promise<void> {
  await api.request('PUT', `admin/flags/${seg(name)}`, { body: { enabled } });
}

export function useSetFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, enabled }: { name: FeatureFlagName; enabled: boolean }) => setFlag(name, enabled),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.flags() }),
        // The SPA's own copy of the flags (navigation, /cover-letter) follows the change at once.
        queryClient.invalidateQueries({ queryKey: ['flags'] }),
      ]),
  });
}
