import { z } from 'zod';
import { isPermission, permissionsOf } from '#shared/permissions';
import { resolveRole } from '#shared/roles';
import { groupsOf } from '../adapters/cognito.ts';
import { getProfile } from '../domain/profiles.ts';
import { AppError } from '../lib/app-error.ts';
import { bootstrapAdmins } from '../lib/config.ts';
import { apiHandler, byRouteKey, json, pathParam } from '../lib/http.ts';
import { parseBody } from '../lib/validate.ts';

const checkSchema = z.strictObject({
  permission: z.string().refine(isPermission, 'unknown permission'),
  userId: z.string().min(1).max(64).optional(),
});

/** The role of any user, resolved on the server: their Cognito groups, then the bootstrap admin list. */
async function roleOf(userId: string) {
  const profile = await getProfile(userId);
  if (!profile) throw new AppError('NOT_FOUND', 'User not found.');
  const groups = await groupsOf(userId).catch((error: Error) => {
    // A Profile whose sign-in record is gone (a partial deletion) has no groups.
    if (error.name === 'UserNotFoundException') return [];
    throw error;
  });
  return resolveRole(groups, profile.email, bootstrapAdmins());
}

export const handler = apiHandler(
  byRouteKey({
    'GET /api/admin/permissions/{userId}': async (event) => {
      const userId = pathParam(event, 'userId');
      const role = userId === event.caller.sub ? event.caller.role : await roleOf(userId);
      return json(200, { data: { userId, role, permissions: permissionsOf(role) } });
    },
    'POST /api/admin/permissions/check': async (event) => {
      const { permission, userId } = parseBody(checkSchema, event.json ?? {});
      const role = !userId || userId === event.caller.sub ? event.caller.role : await roleOf(userId);
      const allowed = permissionsOf(role).some((p) => p === permission);
      return json(200, { data: { permission, userId: userId ?? event.caller.sub, role, allowed } });
    },
  }),
  { auth: 'staff' },
);
