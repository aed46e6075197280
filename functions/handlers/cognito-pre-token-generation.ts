import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { resolveRole } from '#shared/roles';
import { bootstrapAdmins } from '../lib/config.ts';

/**
 * Put the resolved staff role and the language in the ID token, and give bootstrap admins the admin group
 * in both tokens, so the SPA and the API agree on roles from the first request.
 */
export const handler = async (
  event: PreTokenGenerationTriggerEvent,
): Promise<PreTokenGenerationTriggerEvent> => {
  const attributes = event.request.userAttributes;
  const groups = event.request.groupConfiguration?.groupsToOverride ?? [];
  // The bootstrap list only counts for a verified address: an unverified e-mail can be anybody's.
  const verifiedEmail = attributes.email_verified === 'true' ? attributes.email : undefined;
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
