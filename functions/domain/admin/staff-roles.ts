import { type Permission, permissionsOf } from '#shared/permissions';
import type { StaffRole } from '#shared/roles';
import { writeStaffRole as writeRoleOnProfile } from '../../adapters/table/profile-directory.ts';
import { setStaffGroups } from './cognito.ts';
import { type Actor, notFound, refuseSelf, requireProfile, requireTarget, roleOfProfile } from './common.ts';

export interface UserPermissions {
  userId: string;
  role: StaffRole | null;
  permissions: Permission[];
}

/** A user's role and what it allows. */
export async function permissionsOfUser(userId: string): Promise<UserPermissions> {
  const role = roleOfProfile(await requireProfile(userId));
  return { userId, role, permissions: permissionsOf(role) };
}

async function writeStaffRole(userId: string, role: StaffRole | null): Promise<void> {
  if (!(await writeRoleOnProfile(userId, role))) throw notFound();
}

/**
 * PUT /api/admin/permissions/{userId}: grant a staff role, or revoke it with null, on the Profile (which the
 * API reads on every request) and in the Cognito groups (which the next token carries). A grant changes the
 * groups first and a revoke the Profile first, so a failure half-way never leaves more access than asked.
 */
export async function setStaffRole(
  actor: Actor,
  userId: string,
  role: StaffRole | null,
): Promise<UserPermissions> {
  refuseSelf(actor, userId);
  const profile = await requireTarget(actor, userId);
  if (profile.status === 'deleting') throw notFound();
  if (role) {
    await setStaffGroups(userId, role);
    await writeStaffRole(userId, role);
  } else {
    await writeStaffRole(userId, null);
    await setStaffGroups(userId, null);
  }
  return permissionsOfUser(userId);
}
