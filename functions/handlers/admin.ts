import { z } from 'zod';
import {
  adminUsersQuerySchema,
  adminUserUpdateSchema,
  auditQuerySchema,
  bulkDeleteSchema,
  permissionCheckSchema,
  setStaffRoleSchema,
} from '#shared/admin';
import { emptyRequestSchema } from '#shared/billing';
import { permissionsOf } from '#shared/permissions';
import { resetPassword } from '../domain/admin/cognito.ts';
import { type Actor, requireProfile, requireTarget } from '../domain/admin/common.ts';
import { health } from '../domain/admin/health.ts';
import { permissionsOfUser, setStaffRole } from '../domain/admin/staff-roles.ts';
import {
  adminCancelSchema,
  cancelUserSubscription,
  refundUserPurchase,
  syncUserSubscription,
  userSubscription,
} from '../domain/admin/subscriptions.ts';
import {
  bulkDelete,
  deleteUser,
  listUsers,
  updateUser,
  userDetail,
  userResumes,
} from '../domain/admin/users.ts';
import { listAuditEntries } from '../domain/audit.ts';
import { getResume } from '../domain/resumes.ts';
import { json, noContent, pathParam } from '../lib/http.ts';
import { parseBody, parseQuery } from '../lib/validate.ts';
import { type ApiEvent, apiHandler, auditRefusedTarget, byRouteKey } from '../runtime/api-handler.ts';

/** Routes that take no query string refuse one, like every strict schema (a typo is never ignored). */
const noQuery = z.strictObject({});

const actorOf = (event: ApiEvent): Actor => ({ sub: event.caller.sub, role: event.caller.role });

/** A body that must be empty or `{}` (the SPA posts `{}`). */
const emptyBody = (event: ApiEvent) => parseBody(emptyRequestSchema, event.json ?? {});

/** The role of the caller (as the API resolved it for this request), or of another user from their Profile. */
async function permissionsFor(event: ApiEvent, userId: string) {
  if (userId === event.caller.sub) {
    return { userId, role: event.caller.role, permissions: permissionsOf(event.caller.role) };
  }
  return permissionsOfUser(userId);
}

/**
 * The staff API of spec section 7 (`/api/admin/*`, each route's permission checked and audited by
 * apiHandler before it runs). Staff never change or delete their own account here: /api/me asks for a
 * password.
 */
export const handler = apiHandler(
  byRouteKey({
    'GET /api/admin/health': async (event) => {
      parseQuery(noQuery, event);
      return json(200, { data: await health() });
    },

    'GET /api/admin/users': async (event) =>
      json(200, { data: await listUsers(parseQuery(adminUsersQuerySchema, event)) }),

    'GET /api/admin/users/{id}': async (event) =>
      json(200, { data: await userDetail(actorOf(event), pathParam(event, 'id')) }),

    'GET /api/admin/users/{id}/profile': async (event) =>
      json(200, { data: await requireProfile(pathParam(event, 'id')) }),

    'PUT /api/admin/users/{id}': async (event) => {
      const change = parseBody(adminUserUpdateSchema, event.json ?? {});
      return json(200, { data: await updateUser(actorOf(event), pathParam(event, 'id'), change) });
    },

    'DELETE /api/admin/users/{id}': async (event) => {
      await deleteUser(actorOf(event), pathParam(event, 'id'));
      return noContent();
    },

    'POST /api/admin/users/bulk-delete': async (event) => {
      const { userIds } = parseBody(bulkDeleteSchema, event.json ?? {});
      const result = await bulkDelete(actorOf(event), userIds);
      for (const { userId, code } of result.failed) {
        if (code === 'STAFF_TARGET_FORBIDDEN') await auditRefusedTarget(event, userId, 403);
      }
      return json(200, { data: result });
    },

    'POST /api/admin/users/{id}/reset-password': async (event) => {
      emptyBody(event);
      const userId = pathParam(event, 'id');
      await requireTarget(actorOf(event), userId);
      await resetPassword(userId);
      return json(200, { data: { userId, sent: true } });
    },

    'GET /api/admin/users/{id}/resumes': async (event) =>
      json(200, { data: await userResumes(pathParam(event, 'id')) }),

    'GET /api/admin/users/{id}/resumes/{resumeId}': async (event) => {
      const userId = pathParam(event, 'id');
      await requireProfile(userId);
      // Read from the user's own partition: another user's resume id is simply not found there.
      return json(200, { data: await getResume(userId, pathParam(event, 'resumeId')) });
    },

    'GET /api/admin/users/{id}/subscription': async (event) =>
      json(200, { data: await userSubscription(pathParam(event, 'id')) }),

    'POST /api/admin/users/{id}/subscription/sync': async (event) => {
      emptyBody(event);
      return json(200, { data: await syncUserSubscription(actorOf(event), pathParam(event, 'id')) });
    },

    'POST /api/admin/users/{id}/subscription/cancel': async (event) => {
      const request = parseBody(adminCancelSchema, event.json ?? {});
      return json(200, {
        data: await cancelUserSubscription(actorOf(event), pathParam(event, 'id'), request),
      });
    },

    'POST /api/admin/users/{id}/subscription/refund': async (event) => {
      emptyBody(event);
      return json(200, { data: await refundUserPurchase(actorOf(event), pathParam(event, 'id')) });
    },

    'GET /api/admin/audit': async (event) =>
      json(200, { data: await listAuditEntries(parseQuery(auditQuerySchema, event)) }),

    'GET /api/admin/permissions/{userId}': async (event) =>
      json(200, { data: await permissionsFor(event, pathParam(event, 'userId')) }),

    'PUT /api/admin/permissions/{userId}': async (event) => {
      const { role } = parseBody(setStaffRoleSchema, event.json ?? {});
      return json(200, { data: await setStaffRole(actorOf(event), pathParam(event, 'userId'), role) });
    },

    'POST /api/admin/permissions/check': async (event) => {
      const { permission, userId } = parseBody(permissionCheckSchema, event.json ?? {});
      const { role, permissions } = await permissionsFor(event, userId ?? event.caller.sub);
      const allowed = permissions.some((p) => p === permission);
      return json(200, { data: { permission, userId: userId ?? event.caller.sub, role, allowed } });
    },
  }),
  { auth: 'staff' },
);
