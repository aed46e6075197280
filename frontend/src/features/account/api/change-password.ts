import { useMutation } from '@tanstack/react-query';
import type { ChangePassword } from '#shared/account';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /me/password: 204; 400 INCORRECT_PASSWORD (the current one is wrong), 400 PASSWORD_TOO_WEAK (the
 * policy, with the problem in `issues`), 429 AUTH_RATE_LIMITED (too many password checks).
 */
export async function changePassword(input: ChangePassword): Promise<void> {
  await api.post('me/password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
