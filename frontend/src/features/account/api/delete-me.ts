import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * DELETE /me with the password checked again: 204; 400 INCORRECT_PASSWORD; 500 PARTIAL_DELETION when the
 * data is gone but the sign-in account could not be deleted.
 */
export async function deleteMe(password: string): Promise<void> {
  await api.delete('me', { body: { password } });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteMe });
}
