import {
  endImpersonationSchema,
  type ImpersonateUrl,
  type ImpersonationSession,
  impersonateUrlQuerySchema,
  redeemImpersonationSchema,
} from '#shared/admin';
import { resolveStaffRole } from '#shared/roles';
import { endSession, issueGrant, redeemGrant } from '../domain/impersonation.ts';
import { getProfile } from '../domain/profiles.ts';
import { AppError } from '../lib/app-error.ts';
import { allowedOrigins, bootstrapAdmins } from '../lib/config.ts';
import { header, json, noContent, pathParam } from '../lib/http.ts';
import { parseBody, parseQuery } from '../lib/validate.ts';
import { type ApiEvent, apiHandler, byRouteKey } from '../runtime/api-handler.ts';

/** The app origin the link opens on: the caller's own when it is one of ours, else the canonical one. */
function appOrigin(event: ApiEvent): string {
  const origins = allowedOrigins();
  const requested = header(event, 'origin');
  return requested && origins.includes(requested) ? requested : (origins[0] ?? '');
}

/** A user staff may look at: exists, active, not staff (staff data is not read through another's eyes). */
async function impersonable(event: ApiEvent, targetSub: string) {
  if (targetSub === event.caller.sub) {
    throw new AppError('CANNOT_ACT_ON_SELF', 'You cannot impersonate yourself.');
  }
  const target = await getProfile(targetSub);
  if (!target) throw new AppError('USER_NOT_FOUND', 'User not found');
  if (target.status !== 'active') throw new AppError('FORBIDDEN', 'This account is not active.');
  // Stricter than the staff hierarchy: no staff member is looked at through another's eyes, whatever rank.
  if (resolveStaffRole(target, bootstrapAdmins()) !== null) {
    throw new AppError('STAFF_TARGET_FORBIDDEN', 'Staff members cannot be impersonated.');
  }
  return target;
}

export const handler = apiHandler(
  byRouteKey({
    'GET /api/admin/users/{id}/impersonate-url': async (event) => {
      const targetSub = pathParam(event, 'id');
      const query = parseQuery(impersonateUrlQuerySchema, event);
      if (query.type === 'resume' && !query.resumeId) {
        throw new AppError('VALIDATION_FAILED', 'The query string is not valid.', {
          issues: [{ path: 'resumeId', message: 'required when type is resume' }],
        });
      }
      await impersonable(event, targetSub);
      const issued = await issueGrant({ staffSub: event.caller.sub, targetSub });
      const params = new URLSearchParams();
      if (query.type === 'resume' && query.resumeId) params.set('id', query.resumeId);
      params.set('impersonate', issued.grant);
      params.set('targetUser', targetSub);
      const path = query.type === 'resume' ? '/builder' : '/resumes';
      const data: ImpersonateUrl = {
        url: `${appOrigin(event)}${path}?${params}`,
        expiresAt: issued.expiresAt,
      };
      return json(200, { data });
    },

    'POST /api/admin/impersonation/redeem': async (event) => {
      const body = parseBody(redeemImpersonationSchema, event.json);
      const redeemed = await redeemGrant({
        grant: body.grant,
        targetUser: body.targetUser,
        callerSub: event.caller.sub,
      });
      const target = await impersonable(event, redeemed.targetSub);
      const data: ImpersonationSession = {
        session: redeemed.session,
        targetUserId: target.id,
        targetEmail: target.email,
        targetName: `${target.firstName} ${target.lastName}`.trim(),
        expiresAt: redeemed.expiresAt,
        readOnly: true,
      };
      return json(200, { data });
    },

    'POST /api/admin/impersonation/end': async (event) => {
      const { session } = parseBody(endImpersonationSchema, event.json);
      await endSession({ session, callerSub: event.caller.sub });
      return noContent();
    },
  }),
  { auth: 'staff' },
);
