import type {
  AdminPlan,
  AdminResumeSummary,
  AdminUserDetail,
  AdminUserPage,
  AdminUserSummary,
  AdminUsersQuery,
  AdminUserUpdate,
  BulkDeleteResult,
} from '#shared/admin';
import { can } from '#shared/permissions';
import { hasPaidAccess } from '#shared/plans';
import { subscriptionsOf } from '../../adapters/table/billing.ts';
import { everyProfile } from '../../adapters/table/profile-directory.ts';
import { AppError } from '../../lib/app-error.ts';
import { logger } from '../../lib/logger.ts';
import { deleteUserAccount } from '../account.ts';
import { subscriptionView } from '../billing/state.ts';
import { readSubscriptionRow } from '../billing/store.ts';
import { type Profile, setProfileStatus, updateProfile } from '../profiles.ts';
import { listResumes } from '../resumes.ts';
import { syncStaffState } from '../staff-role.ts';
import { cognitoEmailVerified, setAttributes, setSignInEnabled, usernameOf } from './cognito.ts';
import { type Actor, notFound, refuseSelf, requireProfile, requireTarget, roleOfProfile } from './common.ts';

/** The Profile fields the users list reads (the index holds whole Profiles; the list needs only these). */
const listFields = [
  'id',
  'email',
  'firstName',
  'lastName',
  'status',
  'staffRole',
  'emailVerified',
  'resumeCount',
  'aiUsageCount',
  'createdAt',
] as const;
type ListedProfile = Pick<Profile, (typeof listFields)[number]>;

function summaryOf(profile: ListedProfile, plan: AdminPlan): AdminUserSummary {
  const role = roleOfProfile(profile);
  return {
    id: profile.id,
    email: profile.email,
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    status: profile.status,
    role,
    // An admin's role gives every paid feature whatever they paid: "Free" would say otherwise.
    plan: hasPaidAccess(null, role) ? 'staff' : plan,
    resumeCount: profile.resumeCount ?? 0,
    aiUsageCount: profile.aiUsageCount ?? 0,
    createdAt: profile.createdAt,
  };
}

/** Every Profile in e-mail order (gsi1 'PROFILES'), only the listed fields. */
async function allProfiles(): Promise<ListedProfile[]> {
  return (await everyProfile(listFields)) as unknown as ListedProfile[];
}

/** Whether a Profile matches a search: a piece of the e-mail, the first, the last or the full name. */
export function matchesSearch(profile: Pick<Profile, 'email' | 'firstName' | 'lastName'>, search: string) {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return true;
  const first = (profile.firstName ?? '').toLocaleLowerCase();
  const last = (profile.lastName ?? '').toLocaleLowerCase();
  return (
    profile.email.toLocaleLowerCase().includes(needle) ||
    first.includes(needle) ||
    last.includes(needle) ||
    `${first} ${last}`.includes(needle)
  );
}

/** The plan of each user, from their Subscription rows. */
async function plansOf(userIds: string[]): Promise<Map<string, AdminPlan>> {
  const now = new Date();
  const rows = await subscriptionsOf(userIds);
  return new Map([...rows].map(([sub, row]) => [sub, subscriptionView(row, now).plan]));
}

/**
 * GET /api/admin/users: one page of the users matching the search, in e-mail order. The whole index
 * partition is read to count the matches honestly (names are not in the sort key, so DynamoDB cannot
 * filter them by prefix); the plans are read for the page only.
 */
export async function listUsers(query: AdminUsersQuery): Promise<AdminUserPage> {
  const matching = (await allProfiles()).filter((p) => matchesSearch(p, query.search ?? ''));
  const start = (query.page - 1) * query.limit;
  const page = matching.slice(start, start + query.limit);
  const plans = await plansOf(page.map((p) => p.id));
  return {
    users: page.map((p) => summaryOf(p, plans.get(p.id) ?? 'free')),
    page: query.page,
    limit: query.limit,
    total: matching.length,
    hasMore: start + page.length < matching.length,
  };
}

/**
 * A Profile whose e-mail is not marked verified, checked against Cognito's `email_verified` and brought in
 * step when Cognito says it is: Profiles written while the local Cognito never set it (and any other that
 * missed the sign-in sync, cognito-pre-token-generation.ts) are backfilled as staff open them.
 */
async function withEmailVerification(profile: Profile): Promise<Profile> {
  if (profile.emailVerified === true) return profile;
  if ((await cognitoEmailVerified(profile.id)) !== true) return profile;
  await syncStaffState(profile.id, { staffRole: profile.staffRole ?? null, emailVerified: true });
  return { ...profile, emailVerified: true };
}

/** GET /api/admin/users/{id}: the user, and their subscription for a role that may see it. */
export async function userDetail(actor: Actor, userId: string): Promise<AdminUserDetail> {
  const profile = await withEmailVerification(await requireProfile(userId));
  return detailOf(actor, profile);
}

async function detailOf(actor: Actor, profile: Profile): Promise<AdminUserDetail> {
  const { row } = await readSubscriptionRow(profile.id);
  const view = row ? subscriptionView(row) : null;
  const detail: AdminUserDetail = {
    user: {
      ...summaryOf(profile, view?.plan ?? 'free'),
      locale: profile.locale,
      emailVerified: profile.emailVerified === true,
      updatedAt: profile.updatedAt,
    },
  };
  if (can(actor.role, 'subscriptions:view')) detail.subscription = view;
  return detail;
}

/**
 * PUT /api/admin/users/{id}: names and language (in the Profile and in Cognito, as the user's own change
 * does), and the status. Disabling writes the Profile first, so the API refuses the user from that moment
 * even if Cognito then fails; enabling asks Cognito first, so a failure leaves the user disabled everywhere.
 */
export async function updateUser(
  actor: Actor,
  userId: string,
  change: AdminUserUpdate,
): Promise<AdminUserDetail> {
  refuseSelf(actor, userId);
  const before = await requireTarget(actor, userId);
  if (before.status === 'deleting') throw notFound();
  const { status, ...fields } = change;
  if (status === 'disabled' && before.status !== 'disabled') {
    await setProfileStatus(userId, 'disabled');
    await setSignInEnabled(userId, false);
  }
  if (status === 'active' && before.status !== 'active') {
    await setSignInEnabled(userId, true);
    await setProfileStatus(userId, 'active');
  }
  if (Object.keys(fields).length > 0) {
    try {
      await updateProfile(userId, fields);
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') throw notFound();
      throw error;
    }
    const attributes: Record<string, string> = {};
    if (fields.firstName !== undefined) attributes.given_name = fields.firstName;
    if (fields.lastName !== undefined) attributes.family_name = fields.lastName;
    if (fields.locale !== undefined) attributes.locale = fields.locale;
    await setAttributes(userId, attributes);
  }
  return detailOf(actor, await requireProfile(userId));
}

/**
 * DELETE /api/admin/users/{id}: the same deletion as the user's own (Stripe cancelled first, files, items,
 * sign-in, Profile last), without the password, which only the user knows.
 */
export async function deleteUser(actor: Actor, userId: string): Promise<void> {
  refuseSelf(actor, userId);
  const profile = await requireTarget(actor, userId);
  // A sign-in record already gone (a retried deletion) leaves nothing to delete in Cognito.
  const username = (await usernameOf(userId)) ?? userId;
  await deleteUserAccount({ sub: userId, username }, profile.status === 'disabled' ? 'disabled' : 'active');
  logger.info('user deleted by staff', { sub: userId, actor: actor.sub });
}

/** How many deletions of a bulk delete run at once: the 50 allowed finish well within the timeout. */
const BULK_DELETE_CONCURRENCY = 5;

/** POST /api/admin/users/bulk-delete: each user on their own; one failure does not stop the others. */
export async function bulkDelete(actor: Actor, userIds: string[]): Promise<BulkDeleteResult> {
  const pending = [...new Set(userIds)];
  const outcomes = new Map<string, string | null>();
  const worker = async () => {
    for (let userId = pending.shift(); userId !== undefined; userId = pending.shift()) {
      try {
        await deleteUser(actor, userId);
        outcomes.set(userId, null);
      } catch (error) {
        if (!(error instanceof AppError)) {
          logger.error('bulk delete: a user could not be deleted', { sub: userId, error: error as Error });
        }
        outcomes.set(userId, error instanceof AppError ? error.code : 'INTERNAL');
      }
    }
  };
  await Promise.all(Array.from({ length: BULK_DELETE_CONCURRENCY }, worker));
  const result: BulkDeleteResult = { deleted: [], failed: [] };
  // In the order asked, whatever order the deletions finished in.
  for (const userId of new Set(userIds)) {
    const code = outcomes.get(userId);
    if (code) result.failed.push({ userId, code });
    else result.deleted.push(userId);
  }
  return result;
}

/** GET /api/admin/users/{id}/resumes: newest first. */
export async function userResumes(userId: string): Promise<AdminResumeSummary[]> {
  await requireProfile(userId);
  return (await listResumes(userId)).map((r) => ({
    id: r.id,
    title: r.title,
    template: r.template,
    updatedAt: r.updatedAt,
  }));
}
