import type { ImpersonationSession } from '#shared/admin';
import { isRedeemableGrant } from '#shared/impersonation';

/**
 * The route guard's single extension point for seeing the app as someone else.
 *
 * The spec lets `?impersonate&targetUser` skip the guard on the client. Here those parameters only carry a
 * grant that the server issued (signed, single-use, 15 minutes, bound to one staff user and one target):
 * the signed-in staff member redeems it for a read-only session, and the server checks that session on every
 * call. The URL alone never renders anything, and nobody gets past the guard without their own sign-in.
 */
export interface AccessGrant {
  kind: 'impersonation';
  targetUserId: string;
  targetEmail: string;
  targetName: string;
  expiresAt: string;
  readOnly: true;
}

/** The grant and target carried by the address, to be redeemed. */
export interface GrantRequest {
  grant: string;
  targetUser: string;
}

export type GrantFailureCode = 'IMPERSONATION_USED' | 'IMPERSONATION_EXPIRED' | 'IMPERSONATION_INVALID';

export type AccessGrantState =
  | { status: 'none' }
  /** The address carries a grant that has not been redeemed yet. */
  | { status: 'requested'; request: GrantRequest }
  /** A grant is being redeemed with the server. */
  | { status: 'pending' }
  | { status: 'granted'; grant: AccessGrant }
  /** The server refused the grant. */
  | { status: 'failed'; code: GrantFailureCode };

export interface GuardLocation {
  pathname: string;
  search: string;
  hash: string;
}

const noGrant: AccessGrantState = { status: 'none' };

const grantParam = 'impersonate';
const targetParam = 'targetUser';

/**
 * The grant in the address, when it holds both parameters and they could be a server grant at all: anything
 * else (`?impersonate=1`) is not worth a call, nor a refusal screen, and the page renders as usual.
 */
export function grantRequest(search: string): GrantRequest | null {
  const params = new URLSearchParams(search);
  const grant = params.get(grantParam)?.trim();
  const targetUser = params.get(targetParam)?.trim();
  // The redeem call's rule without its schema: the guard reads every address, and zod is not on the first load.
  return grant !== undefined && targetUser !== undefined && isRedeemableGrant(grant, targetUser)
    ? { grant, targetUser }
    : null;
}

/** The address without the grant (history replace after redeeming: a reload must not redeem it again). */
export function withoutGrant({ pathname, search, hash }: GuardLocation): string {
  const params = new URLSearchParams(search);
  params.delete(grantParam);
  params.delete(targetParam);
  const rest = params.toString();
  return `${pathname}${rest ? `?${rest}` : ''}${hash}`;
}

/** What a refused redeem means for the page: one of the three grant codes, INVALID for anything else. */
export function grantFailureCode(code: unknown): GrantFailureCode {
  return code === 'IMPERSONATION_USED' || code === 'IMPERSONATION_EXPIRED' ? code : 'IMPERSONATION_INVALID';
}

/**
 * The access grant for this location: a grant in the address comes first (it replaces any session of the
 * tab), then the tab's live impersonation session, else none. `redeem` is the state of the redeem call for
 * the address's grant, if one was made.
 */
export function resolveAccessGrant(
  location: GuardLocation,
  session: ImpersonationSession | null = null,
  now: number = Date.now(),
  redeem?: { grant: string; status: 'pending' } | { grant: string; status: 'failed'; code: GrantFailureCode },
): AccessGrantState {
  const request = grantRequest(location.search);
  if (request) {
    if (redeem?.grant === request.grant) {
      return redeem.status === 'pending' ? { status: 'pending' } : { status: 'failed', code: redeem.code };
    }
    return { status: 'requested', request };
  }
  if (session && Date.parse(session.expiresAt) > now) {
    const { targetUserId, targetEmail, targetName, expiresAt } = session;
    return {
      status: 'granted',
      grant: { kind: 'impersonation', targetUserId, targetEmail, targetName, expiresAt, readOnly: true },
    };
  }
  return noGrant;
}
