import type { ImpersonationSession } from '#shared/admin';
import { api } from '../../../lib/api-client.ts';

// A grant opens one session only: a second call with it (React's development double effects, a re-render
// while the first is in flight) must share the first call rather than be refused as USED.
const inFlight = new Map<string, Promise<ImpersonationSession>>();

/** POST /admin/impersonation/redeem: the grant from the address becomes this tab's read-only session. */
export function redeemImpersonation(request: {
  grant: string;
  targetUser: string;
}): Promise<ImpersonationSession> {
  let call = inFlight.get(request.grant);
  if (!call) {
    call = api
      .post<{ data: ImpersonationSession }>('admin/impersonation/redeem', request)
      .then(({ data }) => data);
    inFlight.set(request.grant, call);
  }
  return call;
}
