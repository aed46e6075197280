import {
  AdminAddUserToGroupCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminResetUserPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { env } from '#infra/app-manifest';
import { type StaffRole, toStaffRole } from '#shared/roles';
import { cognitoClient, groupsOf } from '../../adapters/cognito.ts';
import { AppError } from '../../lib/app-error.ts';
import { requiredEnv } from '../../lib/config.ts';

/*
 * The Cognito calls of the staff API. A user is named by their sub, which Cognito accepts as the username
 * of a pool that signs in with e-mail (and cognito-local does too).
 */

const pool = () => requiredEnv(env.userPoolId);

/** A sign-in record that is gone (a partial deletion) reads as the user being unknown. */
async function onUser<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (cause) {
    if ((cause as Error).name === 'UserNotFoundException') {
      throw new AppError('USER_NOT_FOUND', 'User not found.', { cause });
    }
    throw cause;
  }
}

/** Disable or enable sign-in. The API's own Profile status check is what refuses a disabled user's token. */
export function setSignInEnabled(sub: string, enabled: boolean): Promise<unknown> {
  const input = { UserPoolId: pool(), Username: sub };
  return onUser(() =>
    cognitoClient.send(enabled ? new AdminEnableUserCommand(input) : new AdminDisableUserCommand(input)),
  );
}

/** Cognito e-mails the user a code (the custom-message trigger's reset mail); their old password stops working. */
export function resetPassword(sub: string): Promise<unknown> {
  return onUser(() =>
    cognitoClient.send(new AdminResetUserPasswordCommand({ UserPoolId: pool(), Username: sub })),
  );
}

/**
 * Put the user in the group of `role` and out of every other staff group (none for null), so the groups in
 * their next token say what the Profile says. Group names are the role names (infra/lib/auth.ts).
 */
export async function setStaffGroups(sub: string, role: StaffRole | null): Promise<void> {
  const groups = await onUser(() => groupsOf(sub));
  if (role && !groups.some((g) => toStaffRole(g) === role)) {
    await onUser(() =>
      cognitoClient.send(
        new AdminAddUserToGroupCommand({ UserPoolId: pool(), Username: sub, GroupName: role }),
      ),
    );
  }
  // Roles match groups case-insensitively (shared/roles.ts), so a differently cased staff group goes too.
  for (const group of groups) {
    const groupRole = toStaffRole(group);
    if (!groupRole || (groupRole === role && group === role)) continue;
    await onUser(() =>
      cognitoClient.send(
        new AdminRemoveUserFromGroupCommand({ UserPoolId: pool(), Username: sub, GroupName: group }),
      ),
    );
  }
}
