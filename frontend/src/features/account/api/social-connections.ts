import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SocialConnection, SocialProvider } from '#shared/account';
import { api } from '../../../lib/api-client.ts';

export const socialConnectionsQueryKey = ['social-connections'] as const;

/** GET /me/social-connections: Google and LinkedIn, connected or not, with the linked e-mail and name. */
export async function getSocialConnections(signal?: AbortSignal): Promise<SocialConnection[]> {
  const { data } = await api.get<{ data: SocialConnection[] }>('me/social-connections', { signal });
  return data;
}

export const getSocialConnectionsQueryOptions = () =>
  queryOptions({
    queryKey: socialConnectionsQueryKey,
    queryFn: ({ signal }) => getSocialConnections(signal),
  });

export function useSocialConnections() {
  return useQuery(getSocialConnectionsQueryOptions());
}

/** DELETE /me/social-connections/{provider}: 204, or 404 PROVIDER_NOT_CONNECTED. */
export async function disconnectSocialConnection(provider: SocialProvider): Promise<void> {
  await api.delete(`me/social-connections/${encodeURIComponent(provider)}`);
}

export function useDisconnectSocialConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectSocialConnection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: socialConnectionsQueryKey }),
  });
}
