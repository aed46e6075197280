import { z } from 'zod';
import { accountLocales } from './account.ts';
import type { SubscriptionView } from './billing.ts';
import { IMPERSONATION_GRANT_LENGTH, IMPERSONATION_TARGET_LENGTH } from './impersonation.ts';
import { isPermission } from './permissions.ts';
import type { Resume } from './resume.ts';
import { type StaffRole, staffRoles } from './roles.ts';

/**
 * The admin service of spec section 7 (`/api/admin/*`): request schemas and answer shapes, shared by the
 * staff API and the admin screens. Every answer is `{ data: … }`; errors are the usual `{ error: { code } }`.
 */

export const ADMIN_USERS_DEFAULT_LIMIT = 50;
export const ADMIN_USERS_MAX_LIMIT = 100;
export const BULK_DELETE_MAX = 50;

/** `GET /api/admin/users?page&limit&search`: page from 1, search matches e-mail or name (case-insensitive). */
export const adminUsersQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(ADMIN_USERS_MAX_LIMIT).default(ADMIN_USERS_DEFAULT_LIMIT),
  search: z.string().trim().max(200).optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

/** A user's plan; `staff` for an admin, whose role gives every paid feature (shared/plans.ts hasPaidAccess). */
export type AdminPlan = 'free' | 'proSubscription' | 'proLifetime' | 'staff';

/** One row of the users list. */
export interface AdminUserSummary {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  status: 'active' | 'disabled' | 'deleting';
  role: StaffRole | null;
  plan: AdminPlan;
  resumeCount: number;
  aiUsageCount: number;
  createdAt: string;
}

/** `GET /api/admin/users` → `{ data: AdminUserPage }`. */
export interface AdminUserPage {
  users: AdminUserSummary[];
  page: number;
  limit: number;
  /** Users matching the search (all users without one). */
  total: number;
  hasMore: boolean;
}

/** `GET /api/admin/users/{id}` → `{ data: AdminUserDetail }`. */
export interface AdminUserDetail {
  user: AdminUserSummary & {
    locale: string;
    emailVerified: boolean;
    updatedAt: string;
  };
  /** Present only when the caller holds `subscriptions:view`; null for a user who never paid. */
  subscription?: SubscriptionView | null;
}

/** `PUT /api/admin/users/{id}`: the fields staff may change (at least one). */
export const adminUserUpdateSchema = z
  .strictObject({
    firstName: z.string().trim().min(1).max(100).optional(),
    lastName: z.string().trim().max(100).optional(),
    locale: z.enum(accountLocales).optional(),
    /** A disabled user is refused by the API at once (their token no longer works). */
    status: z.enum(['active', 'disabled']).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'nothing to update');
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

/** `POST /api/admin/users/bulk-delete` → `{ data: BulkDeleteResult }`. */
export const bulkDeleteSchema = z.strictObject({
  userIds: z.array(z.string().min(1).max(64)).min(1).max(BULK_DELETE_MAX),
});
export interface BulkDeleteResult {
  deleted: string[];
  /** Users not deleted, with the error code (NOT_FOUND, FORBIDDEN for oneself, …). */
  failed: { userId: string; code: string }[];
}

/** `PUT /api/admin/permissions/{userId}`: grant a staff role, or revoke it with null (needs `system:edit`). */
export const setStaffRoleSchema = z.strictObject({ role: z.enum(staffRoles).nullable() });
export type SetStaffRole = z.infer<typeof setStaffRoleSchema>;

/** `POST /api/admin/permissions/check`: whether a user (the caller by default) holds a permission. */
export const permissionCheckSchema = z.strictObject({
  permission: z.string().refine(isPermission, 'unknown permission'),
  userId: z.string().min(1).max(64).optional(),
});

/** `GET /api/admin/users/{id}/resumes` → `{ data: AdminResumeSummary[] }`. */
export interface AdminResumeSummary {
  id: string;
  title: string;
  template: string;
  updatedAt: string;
}

/** `GET /api/admin/users/{id}/resumes/{resumeId}` → `{ data: Resume }` (read-only for staff). */
export type AdminResume = Resume;

/** `GET /api/admin/health` → `{ data: AdminHealth }`. */
export interface AdminHealth {
  status: 'ok' | 'degraded';
  checkedAt: string;
  table: { name: string; status: string; itemCount: number | null; sizeBytes: number | null };
  queues: {
    name: string;
    /** Messages waiting. */
    depth: number;
    /** Messages being worked on. */
    inFlight: number;
    /** Messages that failed every attempt. */
    dlqDepth: number;
    /** Set when the queue could not be read: its numbers are zeros, not measurements. */
    unavailable?: true;
  }[];
}

/** `GET /api/admin/audit?month=yyyy-mm&cursor&limit` → `{ data: AuditPage }`, newest first. */
export const auditQuerySchema = z.strictObject({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export type AuditOutcome = 'attempted' | 'succeeded' | 'failed' | 'refused';

export interface AuditEntry {
  id: string;
  at: string;
  actor: string;
  actorEmail: string | null;
  actorRole: StaffRole | null;
  /** The route key, e.g. `DELETE /api/admin/users/{id}`. */
  action: string;
  /** The user (and resume) acted on. */
  target: { userId?: string; resumeId?: string; flag?: string };
  outcome: AuditOutcome;
  status: number | null;
  /** Set for requests made while impersonating (the grant's id). */
  impersonationId?: string;
  /** Why, in the staff member's words (asked before impersonating). */
  reason?: string;
  /** The target user's e-mail and name, and the target resume's title, as they are now (read with the page). */
  targetEmail?: string;
  targetName?: string;
  resumeTitle?: string;
  /**
   * Refusals of one user in one minute that only look like staff or impersonation attempts are one entry:
   * how many there were (the entry names the first one's action and target).
   */
  count?: number;
}

export interface AuditPage {
  entries: AuditEntry[];
  nextCursor: string | null;
}

export {
  IMPERSONATION_HEADER,
  IMPERSONATION_SESSION_MAX_LENGTH,
  IMPERSONATION_TTL_SECONDS,
} from './impersonation.ts';

/** The shortest reason staff give for impersonating (a ticket number alone is not a reason). */
export const IMPERSONATION_REASON_MIN_LENGTH = 10;
export const IMPERSONATION_REASON_MAX_LENGTH = 500;

/**
 * `GET /api/admin/users/{id}/impersonate-url?type&resumeId&reason`: where the impersonated view opens, and
 * why the staff member opens it (kept in the audit entry of the request).
 */
export const impersonateUrlQuerySchema = z.strictObject({
  type: z.enum(['resumes', 'resume']).default('resumes'),
  resumeId: z.string().min(1).max(64).optional(),
  reason: z.string().trim().min(IMPERSONATION_REASON_MIN_LENGTH).max(IMPERSONATION_REASON_MAX_LENGTH),
});

/** → `{ data: ImpersonateUrl }`: `url` carries `impersonate=<grant>&targetUser=<id>`. */
export interface ImpersonateUrl {
  url: string;
  expiresAt: string;
}

/** `POST /api/admin/impersonation/redeem` with the grant from the URL → `{ data: ImpersonationSession }`. */
export const redeemImpersonationSchema = z.strictObject({
  grant: z.string().min(IMPERSONATION_GRANT_LENGTH.min).max(IMPERSONATION_GRANT_LENGTH.max),
  targetUser: z.string().min(IMPERSONATION_TARGET_LENGTH.min).max(IMPERSONATION_TARGET_LENGTH.max),
});

export interface ImpersonationSession {
  /** Sent back in `x-impersonation-session` on every call of the session. */
  session: string;
  targetUserId: string;
  targetEmail: string;
  targetName: string;
  expiresAt: string;
  readOnly: true;
}

/** `POST /api/admin/impersonation/end` with the session: it stops working at once. */
export const endImpersonationSchema = z.strictObject({ session: z.string().min(10).max(2000) });
