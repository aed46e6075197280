import { type StaffRole, toStaffRole } from '#shared/roles';
import { groupsOf, updateCognitoAttributes } from '../../adapters/cognito.ts';
import {
  addUserToGroup,
  isUserNotFound,
  removeUserFromGroup,
  resetUserPassword,
  setUserEnabled,
  userAttributes,
  usernameOfSub,
} from '../../adapters/cognito-admin.ts';
import { AppError } from '../../lib/app-error.ts';

/*
 * The Cognito calls of the staff API. Users are known by their sub; Cognito's admin calls want the user
 * name, which is the sub for an e-mail sign-up but `Google_…` or `LinkedIn_…` for a social one, so it is
 * looked up first.
 */

function notFound(cause?: unknown): AppError {
  return new AppError('USER_NOT_FOUND', 'User not found.', { cause });
}

/** The Cognito user name of a sub, or null when the sign-in record is gone (a partial deletion). */
export async function usernameOf(sub: string): Promise<string | null> {
  // A sub is a UUID; anything else could not be one and must not reach the filter expression.
  if (!/^[\w-]{1,64}$/.test(sub)) return null;
  return usernameOfSub(sub);
}

/** Run a call with the user's name; a user Cognito does not know is USER_NOT_FOUND. */
async function asUser<T>(sub: string, call: (username: string) => Promise<T>): Promise<T> {
  const username = await usernameOf(sub);
  if (!username) throw notFound();
  try {
    return await call(username);
  } catch (cause) {
    if (isUserNotFound(cause)) throw notFound(cause);
    throw cause;
  }
}

/**
 * Whether Cognito holds the user's e-mail as verified (`email_verified`), or null when Cognito no longer
 * knows the user.
 */
export async function cognitoEmailVerified(sub: string): Promise<boolean | null> {
  const username = await usernameOf(sub);
  if (!username) return null;
  try {
    return (await userAttributes(username)).email_verified === 'true';
  } catch (cause) {
    if (isUserNotFound(cause)) return null;
    throw cause;
  }
}

/** Disable or enable sign-in. The API's own Profile status check is what refuses a disabled user's token. */
export function setSignInEnabled(sub: string, enabled: boolean): Promise<unknown> {
  return asUser(sub, (username) => setUserEnabled(username, enabled));
}

/** Cognito e-mails the user a code (the custom-message trigger's reset mail); their old password stops working. */
export function resetPassword(sub: string): Promise<unknown> {
  return asUser(sub, (username) => resetUserPassword(username));
}

/** Names and language in Cognito too: e-mails and tokens are built from them. */
export function setAttributes(sub: string, attributes: Record<string, string>): Promise<void> {
  return asUser(sub, (username) => updateCognitoAttributes(username, attributes));
}

/**
 * Put the user in the group of `role` and out of every other staff group (none for null), so the groups in
 * their next token say what the Profile says. Group names are the role names (infra/lib/auth.ts).
 */
export function setStaffGroups(sub: string, role: StaffRole | null): Promise<void> {
  return asUser(sub, async (username) => {
    const groups = await groupsOf(username);
    if (role && !groups.some((g) => toStaffRole(g) === role)) await addUserToGroup(username, role);
    // Roles match groups case-insensitively (shared/roles.ts), so a differently cased staff group goes too.
    for (const group of groups) {
      const groupRole = toStaffRole(group);
      if (!groupRole || (groupRole === role && group === role)) continue;
      await removeUserFromGroup(username, group);
    }
  });
}
