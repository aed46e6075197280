import {
  AdminAddUserToGroupCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminLinkProviderForUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminResetUserPasswordCommand,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { requireEnv } from '#functions/contract';
import { cognitoClient } from './cognito.ts';

/**
 * Cognito's admin calls for the staff API (the app's pool, by user name) and for the Cognito triggers (the
 * pool the event names: a trigger's function is not told the pool's id in its environment).
 */

const appPool = () => requireEnv('userPoolId');

/** Whether Cognito refused a call because it does not know the user. */
export function isUserNotFound(error: unknown): boolean {
  return (error as Error).name === 'UserNotFoundException';
}

/** The user name of the user whose `sub` is this (checked by the caller to be a plain id), or null. */
export async function usernameOfSub(sub: string): Promise<string | null> {
  const { Users = [] } = await cognitoClient.send(
    new ListUsersCommand({ UserPoolId: appPool(), Filter: `sub = "${sub}"`, Limit: 1 }),
  );
  return Users[0]?.Username ?? null;
}

/** A user's attributes by name. */
export async function userAttributes(username: string): Promise<Record<string, string>> {
  const { UserAttributes = [] } = await cognitoClient.send(
    new AdminGetUserCommand({ UserPoolId: appPool(), Username: username }),
  );
  return Object.fromEntries(UserAttributes.map((a) => [a.Name ?? '', a.Value ?? '']));
}

/** Enable or disable a user's sign-in. */
export async function setUserEnabled(username: string, enabled: boolean): Promise<void> {
  const input = { UserPoolId: appPool(), Username: username };
  await cognitoClient.send(enabled ? new AdminEnableUserCommand(input) : new AdminDisableUserCommand(input));
}

/** Cognito e-mails the user a reset code; their old password stops working. */
export async function resetUserPassword(username: string): Promise<void> {
  await cognitoClient.send(new AdminResetUserPasswordCommand({ UserPoolId: appPool(), Username: username }));
}

export async function addUserToGroup(username: string, group: string): Promise<void> {
  await cognitoClient.send(
    new AdminAddUserToGroupCommand({ UserPoolId: appPool(), Username: username, GroupName: group }),
  );
}

export async function removeUserFromGroup(username: string, group: string): Promise<void> {
  await cognitoClient.send(
    new AdminRemoveUserFromGroupCommand({ UserPoolId: appPool(), Username: username, GroupName: group }),
  );
}

/** A user of a pool as the sign-up trigger weighs it. */
export interface PoolUser {
  username: string | undefined;
  status: string | undefined;
  attributes: { name: string | undefined; value: string | undefined }[];
}

/** The users of a pool with this e-mail address. */
export async function usersWithEmail(poolId: string, email: string): Promise<PoolUser[]> {
  const { Users = [] } = await cognitoClient.send(
    new ListUsersCommand({ UserPoolId: poolId, Filter: `email = "${email.replace(/"/g, '')}"` }),
  );
  return Users.map((u) => ({
    username: u.Username,
    status: u.UserStatus,
    attributes: (u.Attributes ?? []).map((a) => ({ name: a.Name, value: a.Value })),
  }));
}

/** Link a social identity to an existing user of the pool, who then signs in with either. */
export async function linkIdentity(
  poolId: string,
  username: string,
  identity: { providerName: string; userId: string },
): Promise<void> {
  await cognitoClient.send(
    new AdminLinkProviderForUserCommand({
      UserPoolId: poolId,
      DestinationUser: { ProviderName: 'Cognito', ProviderAttributeValue: username },
      SourceUser: {
        ProviderName: identity.providerName,
        ProviderAttributeName: 'Cognito_Subject',
        ProviderAttributeValue: identity.userId,
      },
    }),
  );
}

/** The groups of a user of a pool. */
export async function groupsInPool(poolId: string, username: string): Promise<string[]> {
  const { Groups = [] } = await cognitoClient.send(
    new AdminListGroupsForUserCommand({ UserPoolId: poolId, Username: username }),
  );
  return Groups.map((g) => g.GroupName ?? '').filter(Boolean);
}
