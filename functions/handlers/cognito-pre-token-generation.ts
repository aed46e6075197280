import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { env } from '#infra/app-manifest';
import { parseEmailList, resolveRole } from '#shared/roles';

const bootstrapAdmins = parseEmailList(process.env[env.bootstrapAdminEmails]);

/**
 * Put the resolved staff role and the language in the ID token, and give bootstrap admins the admin group
 * in both tokens, so the SPA and the API agree on roles from the first request.
 */
export const handler = async (
  event: PreTokenGenerationTriggerEvent,
): Promise<PreTokenGenerationTriggerEvent> => {
  const attributes = event.request.userAttributes;
  const groups = event.request.groupConfiguration?.groupsToOverride ?? [];
  const role = resolveRole(groups, attributes.email, bootstrapAdmins);
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
