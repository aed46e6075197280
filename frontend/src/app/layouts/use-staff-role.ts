import { useQuery } from '@tanstack/react-query';
import { type StaffRole, toStaffRole } from '#shared/roles';
import { useAuth } from '../../lib/auth.tsx';
import { getMeQueryOptions } from '../../lib/get-me.ts';

export interface StaffRoleState {
  /** The staff role from GET /me (resolved by the server), or null for everyone else. */
  role: StaffRole | null;
  /** Still asking the server (spec: role resolution is loading, then resolved). */
  pending: boolean;
}

/** The signed-in user's staff role; visitors have none and cause no request. */
export function useStaffRole(): StaffRoleState {
  const { state } = useAuth();
  const signedIn = state.status === 'signedIn';
  const me = useQuery({ ...getMeQueryOptions(), enabled: signedIn });
  if (!signedIn) return { role: null, pending: state.status === 'loading' };
  return { role: toStaffRole(me.data?.role), pending: me.isPending };
}
