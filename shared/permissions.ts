import type { StaffRole } from './roles.ts';

/** Staff permission areas and their actions (spec section 3). */
export const permissionAreas = {
  users: ['view', 'edit', 'delete'],
  subscriptions: ['view', 'edit', 'cancel', 'refund'],
  content: ['view', 'edit', 'delete'],
  analytics: ['view', 'export'],
  system: ['view', 'edit', 'featureFlags'],
} as const;

export type PermissionArea = keyof typeof permissionAreas;
export type Permission = {
  [A in PermissionArea]: `${A}:${(typeof permissionAreas)[A][number]}`;
}[PermissionArea];

/** The permission matrix of spec section 6: what each staff role may do. */
export const permissionMatrix: Record<StaffRole, readonly Permission[]> = {
  admin: [
    'users:view',
    'users:edit',
    'users:delete',
    'subscriptions:view',
    'subscriptions:edit',
    'subscriptions:cancel',
    'subscriptions:refund',
    'content:view',
    'content:edit',
    'content:delete',
    'analytics:view',
    'analytics:export',
    'system:view',
    'system:edit',
    'system:featureFlags',
  ],
  support: [
    'users:view',
    'users:edit',
    'subscriptions:view',
    'subscriptions:edit',
    'subscriptions:cancel',
    'content:view',
    'analytics:view',
    'system:view',
  ],
  content_manager: [
    'users:view',
    'subscriptions:view',
    'content:view',
    'content:edit',
    'content:delete',
    'analytics:view',
  ],
};

/** Whether a role may perform an action; no role means no permission. */
export function can(role: StaffRole | null | undefined, permission: Permission): boolean {
  return role ? permissionMatrix[role].includes(permission) : false;
}

/** Every permission a role holds (empty without a role). */
export function permissionsOf(role: StaffRole | null | undefined): Permission[] {
  return role ? [...permissionMatrix[role]] : [];
}

/** Narrow an "area:action" string to a known permission. */
export function isPermission(value: unknown): value is Permission {
  if (typeof value !== 'string') return false;
  const [area, action, ...rest] = value.split(':');
  if (rest.length > 0 || !area || !action || !Object.hasOwn(permissionAreas, area)) return false;
  return (permissionAreas[area as PermissionArea] as readonly string[]).includes(action);
}

/**
 * Rank in the staff hierarchy: staff act only on users of a lower rank (SECURITY.md), so an admin acts on
 * anyone but another admin, and support and content managers act on plain users only.
 */
export const staffRank: Record<StaffRole, number> = { admin: 2, support: 1, content_manager: 1 };

/** Whether a staff member of role `actor` may act on a user of role `target` (null: not staff). */
export function mayActOn(actor: StaffRole | null | undefined, target: StaffRole | null | undefined): boolean {
  if (!actor) return false;
  return staffRank[actor] > (target ? staffRank[target] : 0);
}
