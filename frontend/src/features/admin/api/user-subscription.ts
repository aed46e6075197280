import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { seg } from './keys.ts';
import { invalidateUser } from './update-user.ts';

export type SubscriptionAction = 'sync' | 'cancel' | 'refund';

/** POST /admin/users/{id}/subscription/{sync|cancel|refund}: staff act on a user's subscription. */
export async function actOnSubscription(id: string, action: SubscriptionAction): Promise<void> {
  await api.post(`admin/users/${seg(id)}/subscription/${action}`, {});
}

export function useSubscriptionAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SubscriptionAction) => actOnSubscription(id, action),
    onSettled: () => invalidateUser(queryClient, id),
  });
}
