import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { resolveRole, roleFromGroups } from '#shared/roles';
import { groupsInPool } from '../adapters/cognito-admin.ts';
import { syncStaffState } from '../domain/staff-role.ts';
import { bootstrapAdmins } from '../lib/config.ts';
import { logger } from '../lib/logger.ts';

/**
 * The user's Cognito groups. Cognito hands them to the trigger; an emulator that does not (cognito-local)
 * is asked, so the local cloud keeps Profiles in step exactly as deployed.
 */
async function groupsOf(event: PreTokenGenerationTriggerEvent): Promise<string[]> {
  const reported = event.request.groupConfiguration?.groupsToOverride;
  if (Array.isArray(reported)) return reported;
  return groupsInPool(event.userPoolId, event.userName);
}

/**
 * At every sign-in and refresh: copy the staff role of the user's groups (and whether the e-mail is
 * verified) onto the Profile, which is what the API trusts, so a group set in the Cognito console counts
 * from the next sign-in or refresh; then put the resolved role and the language in the ID token, and give
 * bootstrap admins the admin group in both tokens, so the SPA shows the same role the API applies.
 */
export const handler = async (
  event: PreTokenGenerationTriggerEvent,
): Promise<PreTokenGenerationTriggerEvent> => {
  const attributes = event.request.userAttributes;
  const groups = await groupsOf(event);
  const emailVerified =
    attributes.email_verified === undefined ? undefined : attributes.email_verified === 'true';
  const sub = attributes.sub;
  // Failing here fails the sign-in: a Profile that kept a revoked role would be worse than a retry.
  if (sub && (await syncStaffState(sub, { staffRole: roleFromGroups(groups), emailVerified }))) {
    logger.info('profile staff state synced from Cognito', { sub });
  }
  // The bootstrap list only counts for a verified address: an unverified e-mail can be anybody's.
  const verifiedEmail = emailVerified ? attributes.email : undefined;
  const role = resolveRole(groups, verifiedEmail, bootstrapAdmins());
  const claims: Record<string, string> = {};
  if (role) claims.role = role;
  if (attributes.locale) claims.locale = attributes.locale;
  event.response.claimsOverrideDetails = {
    claimsToAddOrOverride: claims,
    ...(role === 'admin' && !groups.includes('admin')
      ? {
          groupOverrideDetails: {
            ...event.request.groupConfiguration,
            groupsToOverride: [...groups, 'admin'],
          },
        }
      : {}),
  };
  return event;
};
