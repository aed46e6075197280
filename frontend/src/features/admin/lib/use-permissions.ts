import { useQuery } from '@tanstack/react-query';
import type { Permission } from '#shared/permissions';
import { toStaffRole } from '#shared/roles';
import { getMeQueryOptions } from '../../../lib/get-me.ts';

export interface StaffPermissions {
  role: ReturnType<typeof toStaffRole>;
  /** Whether the server grants this permission to the signed-in staff member (GET /me). */
  can: (permission: Permission) => boolean;
}

/**
 * The permissions GET /me reports: the screens offer only what the API will allow. The API still checks
 * every call; hiding a button is a courtesy, not the protection.
 */
export function usePermissions(): StaffPermissions {
  const me = useQuery(getMeQueryOptions());
  const granted = new Set(me.data?.permissions ?? []);
  return { role: toStaffRole(me.data?.role), can: (permission) => granted.has(permission) };
}
