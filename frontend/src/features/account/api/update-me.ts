import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationKind, UpdateMe } from '#shared/account';
import { api } from '../../../lib/api-client.ts';
import { type Me, meQueryKey } from '../../../lib/get-me.ts';
import type { ProfileForm } from '../lib/profile-form.ts';

/** PATCH /me: any subset of names, locale and notification preferences; answers like GET /me. */
export async function updateMe(input: UpdateMe): Promise<Me> {
  const { data } = await api.patch<{ data: Me }>('me', input);
  return data;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileForm) => updateMe(input),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

/** Put one preference into a cached GET /me answer. */
export function withPreference(me: Me, kind: NotificationKind, value: boolean): Me {
  if (!me.profile) return me;
  return {
    ...me,
    profile: {
      ...me.profile,
      notificationPreferences: { ...me.profile.notificationPreferences, [kind]: value },
    },
  };
}

/**
 * Toggle one e-mail preference optimistically: the switch moves at once, and moves back when the server
 * refuses (the caller shows the failure).
 */
export function useUpdateNotificationPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, value }: { kind: NotificationKind; value: boolean }) =>
      updateMe({ notificationPreferences: { [kind]: value } }),
    onMutate: async ({ kind, value }) => {
      await queryClient.cancelQueries({ queryKey: meQueryKey });
      const previous = queryClient.getQueryData<Me>(meQueryKey);
      if (previous) queryClient.setQueryData(meQueryKey, withPreference(previous, kind, value));
      return { previous };
    },
    onError: (_error, { kind }, context) => {
      const current = queryClient.getQueryData<Me>(meQueryKey);
      const before = context?.previous?.profile?.notificationPreferences[kind];
      // Roll back only this switch: another toggle may have succeeded meanwhile.
      if (current && before !== undefined)
        queryClient.setQueryData(meQueryKey, withPreference(current, kind, before));
      else if (context?.previous) queryClient.setQueryData(meQueryKey, context.previous);
    },
    onSuccess: (me, { kind }) => {
      // Keep the server's word on this switch, without undoing toggles still in flight.
      const current = queryClient.getQueryData<Me>(meQueryKey);
      const saved = me.profile?.notificationPreferences[kind];
      if (current && saved !== undefined)
        queryClient.setQueryData(meQueryKey, withPreference(current, kind, saved));
    },
  });
}
