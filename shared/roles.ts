/** Staff roles (spec section 6). Role names are matched case-insensitively. */
export const staffRoles = ['admin', 'support', 'content_manager'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** Return the staff role a name denotes, or null when it is not a staff role. */
export function toStaffRole(name: unknown): StaffRole | null {
  if (typeof name !== 'string') return null;
  const lower = name.trim().toLowerCase();
  return (staffRoles as readonly string[]).includes(lower) ? (lower as StaffRole) : null;
}

/** The highest staff role among Cognito groups, admin first. */
export function roleFromGroups(groups: readonly string[] | undefined): StaffRole | null {
  const roles = new Set((groups ?? []).map(toStaffRole).filter((r): r is StaffRole => r !== null));
  return staffRoles.find((r) => roles.has(r)) ?? null;
}

/** Parse a comma-separated e-mail list (the bootstrap admin configuration), lower-cased. */
export function parseEmailList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * Resolve a user's staff role in the spec's order: a staff role in the token's groups, then the bootstrap
 * admin list (configuration, replacing the spec's hard-coded address), else none.
 */
export function resolveRole(
  groups: readonly string[] | undefined,
  email: string | undefined,
  bootstrapAdmins: readonly string[],
): StaffRole | null {
  const fromGroups = roleFromGroups(groups);
  if (fromGroups) return fromGroups;
  const normalised = email?.trim().toLowerCase();
  return normalised && bootstrapAdmins.includes(normalised) ? 'admin' : null;
}

/** What the API reads about a user to decide their role: their Profile. */
export interface RoleSource {
  email?: string | undefined;
  emailVerified?: boolean | undefined;
  staffRole?: StaffRole | null | undefined;
}

/**
 * The role the API trusts, in the spec's order: the staff role stored on the Profile (kept in step with the
 * Cognito groups by the staff API and the token trigger, and read on every request, so a grant or revoke
 * counts from the next request), then the bootstrap admin list, only for a verified e-mail: an unverified
 * address can be anybody's.
 */
export function resolveStaffRole(source: RoleSource, bootstrapAdmins: readonly string[]): StaffRole | null {
  const stored = toStaffRole(source.staffRole);
  if (stored) return stored;
  return resolveRole([], source.emailVerified === true ? source.email : undefined, bootstrapAdmins);
}
