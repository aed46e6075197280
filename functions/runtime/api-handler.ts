import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { type AuthLevel, httpRoutes } from '#functions/contract';
import { IMPERSONATION_HEADER, IMPERSONATION_SESSION_MAX_LENGTH } from '#shared/admin';
import { can } from '#shared/permissions';
import { resolveStaffRole } from '#shared/roles';
import {
  AUDIT_REASON_MAX_LENGTH,
  type AuditActor,
  type AuditHandle,
  type AuditRecord,
  auditTarget,
  beginAudit,
  finishAudit,
  recordBoundedRefusal,
  recordRefusal,
} from '../domain/audit.ts';
import { checkSession } from '../domain/impersonation.ts';
import { getProfile, type Profile } from '../domain/profiles.ts';
import { AppError } from '../lib/app-error.ts';
import { authenticate, type Caller } from '../lib/auth.ts';
import { bootstrapAdmins } from '../lib/config.ts';
import { type ApiResult, errorMapper, header, jsonBody } from '../lib/http.ts';

/**
 * The pipeline every HTTP API handler runs in: error mapping, authentication with the caller's Profile, the
 * staff permission the contract's route names, impersonation, body parsing and the audit trail. It lives
 * above the domain (it reads profiles, grants and the audit log); the request and response helpers it uses
 * are in functions/lib/http.ts.
 */

/** The event a route sees: the API Gateway event plus the parsed body and the verified caller. */
export interface ApiEvent extends APIGatewayProxyEventV2 {
  json: unknown;
  caller: Caller;
  profile: Profile;
}

type Route = (event: ApiEvent, context: Context) => Promise<ApiResult>;

const routePermissions = new Map(httpRoutes.map((r) => [`${r.method} ${r.path}`, r.permission]));

/** What the audit middleware needs from the authentication one, per request. */
interface AuditContext {
  actor: AuditActor;
  /** Set while impersonating: the grant's id and the user looked at. */
  impersonation?: { grantId: string; targetSub: string };
  handle?: AuditHandle;
}
const auditContexts = new WeakMap<object, AuditContext>();

const READ_METHODS = new Set(['GET', 'HEAD']);

/** The audit log's name for a request made while impersonating. */
export const impersonatedAction = (routeKey: string) => `IMPERSONATE ${routeKey}`;

/**
 * Verify the access token and load the caller's Profile. A user without a Profile (deleted) or with a
 * disabled one is refused even while their token is still valid. The role is the Profile's (then the
 * bootstrap list for a verified e-mail), never the token's groups, so a revoke counts from the next request.
 * Staff routes also need the permission the manifest names: a route naming none lets nobody through.
 * A user route called with an impersonation session runs as the session's target, for reads only.
 */
const requireCaller = (level: AuthLevel): MiddlewareObj<APIGatewayProxyEventV2, ApiResult> => ({
  before: async (request) => {
    if (level === 'public') return;
    const event = request.event as ApiEvent;
    // Before anything is read or written (the refusal audit included): no real session is this long.
    const session = header(event, IMPERSONATION_HEADER);
    if (session !== undefined && session.length > IMPERSONATION_SESSION_MAX_LENGTH) {
      throw new AppError('VALIDATION_FAILED', 'The impersonation session header is too long.', {
        issues: [
          { path: IMPERSONATION_HEADER, message: `at most ${IMPERSONATION_SESSION_MAX_LENGTH} characters` },
        ],
      });
    }
    const caller = await authenticate(header(event, 'authorization'));
    const profile = await getProfile(caller.sub);
    if (profile?.status !== 'active') {
      throw new AppError('ACCOUNT_INACTIVE', 'This account is not active.');
    }
    caller.role = resolveStaffRole(profile, bootstrapAdmins());
    event.caller = caller;
    event.profile = profile;
    const actor: AuditActor = { sub: caller.sub, email: profile.email ?? null, role: caller.role };
    if (level === 'staff') {
      const permission = routePermissions.get(event.routeKey);
      if (!caller.role || !permission || !can(caller.role, permission)) {
        // Bounded: one entry per user per minute with a count, however often it is tried.
        await recordBoundedRefusal(auditRecord(event, actor, event.routeKey), 403);
        throw new AppError('FORBIDDEN', 'Your role does not allow this.');
      }
      auditContexts.set(event, { actor });
      return;
    }
    if (session === undefined) return;
    await impersonate(event, actor, session);
  },
});

/**
 * Turn the request into the target's, read-only, once the session checks out; anything wrong is refused
 * (and logged as refused), never ignored, so a stale or forged header cannot fall back to the staff
 * member's own data unnoticed.
 */
async function impersonate(event: ApiEvent, actor: AuditActor, session: string): Promise<void> {
  const action = impersonatedAction(event.routeKey);
  const refuse = async (error: AppError, grantId?: string) => {
    await recordRefusal({ ...auditRecord(event, actor, action), impersonationId: grantId }, error.status);
    return error;
  };
  if (!can(actor.role, 'users:edit')) {
    // Only looks like an attempt (a plain user with a header): bounded like a plain user's staff calls.
    await recordBoundedRefusal(auditRecord(event, actor, action), 403);
    throw new AppError('IMPERSONATION_INVALID', 'Your role does not allow impersonation.');
  }
  let active: Awaited<ReturnType<typeof checkSession>>;
  try {
    active = await checkSession(session, actor.sub);
  } catch (error) {
    if (error instanceof AppError) throw await refuse(error);
    throw error;
  }
  const target = await getProfile(active.targetSub);
  // A target who left, was disabled or became staff since the grant cannot be looked at through it.
  if (target?.status !== 'active' || resolveStaffRole(target, bootstrapAdmins()) !== null) {
    throw await refuse(
      new AppError('IMPERSONATION_INVALID', 'This user can no longer be impersonated.'),
      active.grantId,
    );
  }
  if (!READ_METHODS.has(event.requestContext?.http?.method ?? event.routeKey.split(' ')[0] ?? '')) {
    throw await refuse(
      new AppError('IMPERSONATION_READ_ONLY', 'Impersonation is read-only: nothing can be changed.'),
      active.grantId,
    );
  }
  event.caller = { sub: target.id, username: target.id, groups: [], role: null };
  event.profile = target;
  auditContexts.set(event, { actor, impersonation: { grantId: active.grantId, targetSub: target.id } });
}

function auditRecord(event: ApiEvent, actor: AuditActor, action: string): AuditRecord {
  return {
    actor,
    action,
    target: auditTarget(event.routeKey, event.pathParameters, event.json),
    requestId: event.requestContext?.requestId ?? null,
  };
}

/** The reason a staff request gives (`?reason=` or a `reason` in the body), trimmed and bounded, if any. */
function staffReason(event: ApiEvent): string | undefined {
  const given =
    event.queryStringParameters?.reason ?? (event.json as { reason?: unknown } | undefined)?.reason;
  const reason = typeof given === 'string' ? given.trim().slice(0, AUDIT_REASON_MAX_LENGTH) : '';
  return reason || undefined;
}

/**
 * The audit trail of staff routes and impersonated requests: the entry is written before the route runs
 * (after the body is parsed, so a target named in it is recorded), and when it cannot be written the route
 * never runs (503 AUDIT_UNAVAILABLE). The outcome is added when the route is done.
 */
const auditTrail = (): MiddlewareObj<APIGatewayProxyEventV2, ApiResult> => ({
  before: async (request) => {
    const event = request.event as ApiEvent;
    const context = auditContexts.get(event);
    if (!context) return;
    const record = auditRecord(
      event,
      context.actor,
      context.impersonation ? impersonatedAction(event.routeKey) : event.routeKey,
    );
    if (context.impersonation) {
      // Whose data was read, whatever the path names.
      record.target = { ...record.target, userId: context.impersonation.targetSub };
      record.impersonationId = context.impersonation.grantId;
    } else {
      record.reason = staffReason(event);
    }
    context.handle = await beginAudit(record);
  },
  after: async (request) => {
    const handle = auditContexts.get(request.event)?.handle;
    const status = request.response?.statusCode ?? 200;
    if (handle) await finishAudit(handle, status < 400 ? 'succeeded' : 'failed', status);
  },
  onError: async (request) => {
    const handle = auditContexts.get(request.event)?.handle;
    const status = request.error instanceof AppError ? request.error.status : 500;
    // A 403 from the route itself (a target above the caller's rank) is a refusal, not a failure.
    if (handle) await finishAudit(handle, status === 403 ? 'refused' : 'failed', status);
  },
});

/**
 * Audit one user a staff route refused to act on while it went on with others (a bulk action): a 'refused'
 * row naming that user, beside the route's own entry, which names them all.
 */
export async function auditRefusedTarget(event: ApiEvent, userId: string, status: number): Promise<void> {
  const context = auditContexts.get(event);
  if (!context) return;
  await recordRefusal({ ...auditRecord(event, context.actor, event.routeKey), target: { userId } }, status);
}

/** Compose an HTTP API handler: error mapping, authentication, body parsing, the audit trail, the route. */
export function apiHandler(route: Route, options: { auth: AuthLevel }) {
  return middy<APIGatewayProxyEventV2, ApiResult>()
    .use(errorMapper())
    .use(requireCaller(options.auth))
    .use(jsonBody())
    .use(auditTrail())
    .handler((event, context) => route(event as ApiEvent, context));
}

/** Dispatch on API Gateway's routeKey ("METHOD /path/{param}"); unknown keys are 404. */
export function byRouteKey(routes: Record<string, Route>): Route {
  return (event, context) => {
    const route = routes[event.routeKey];
    if (!route) throw new AppError('NOT_FOUND', 'No such route.');
    return route(event, context);
  };
}
