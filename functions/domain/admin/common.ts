import { mayActOn } from '#shared/permissions';
import { resolveStaffRole, type StaffRole } from '#shared/roles';
import { AppError } from '../../lib/app-error.ts';
import { bootstrapAdmins } from '../../lib/config.ts';
import { getProfile, type Profile } from '../profiles.ts';

/** The staff member making the call. */
export interface Actor {
  sub: string;
  role: StaffRole | null;
}

export function notFound(): AppError {
  return new AppError('USER_NOT_FOUND', 'User not found.');
}

/** A user's Profile, or USER_NOT_FOUND. */
export async function requireProfile(userId: string): Promise<Profile> {
  const profile = await getProfile(userId);
  if (!profile) throw notFound();
  return profile;
}

/** Staff act on other accounts only: their own goes through /api/me, where a password is asked. */
export function refuseSelf(actor: Actor, userId: string): void {
  if (actor.sub === userId) {
    throw new AppError('CANNOT_ACT_ON_SELF', 'Staff cannot do this to their own account here.');
  }
}

/** The role the API gives a user, as it resolves the caller's own on every request. */
export function roleOfProfile(
  profile: Pick<Profile, 'email' | 'emailVerified' | 'staffRole'>,
): StaffRole | null {
  return resolveStaffRole(profile, bootstrapAdmins());
}

/**
 * The Profile of a user staff are about to act on, when the actor outranks them (an admin acts on anyone but
 * an admin, other staff on plain users only): USER_NOT_FOUND, else STAFF_TARGET_FORBIDDEN (403), before
 * anything is changed.
 */
export async function requireTarget(actor: Actor, userId: string): Promise<Profile> {
  const profile = await requireProfile(userId);
  if (!mayActOn(actor.role, roleOfProfile(profile))) {
    throw new AppError('STAFF_TARGET_FORBIDDEN', 'Staff act only on users below their own role.');
  }
  return profile;
}
