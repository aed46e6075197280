import type { StaffRole } from '#shared/roles';
import { readStaffState, writeStaffState } from '../adapters/table/profile-directory.ts';

/** What the API reads on the Profile to decide a role, as Cognito last reported it. */
export interface StaffState {
  staffRole: StaffRole | null;
  emailVerified?: boolean | undefined;
}

/**
 * Bring the Profile's staff role (and e-mail verification) in step with Cognito. Reads first so the common
 * case, nothing changed, costs no write on every sign-in and refresh. Returns whether it wrote; a user
 * without a Profile (not confirmed yet, or deleted) is left alone.
 */
export async function syncStaffState(sub: string, state: StaffState): Promise<boolean> {
  const stored = await readStaffState(sub);
  if (!stored) return false;
  const roleChanged = (stored.staffRole ?? null) !== state.staffRole;
  const verifiedChanged = state.emailVerified !== undefined && stored.emailVerified !== state.emailVerified;
  if (!roleChanged && !verifiedChanged) return false;
  return writeStaffState(sub, {
    ...(roleChanged ? { staffRole: state.staffRole } : {}),
    ...(verifiedChanged ? { emailVerified: state.emailVerified } : {}),
  });
}
