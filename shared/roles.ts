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
