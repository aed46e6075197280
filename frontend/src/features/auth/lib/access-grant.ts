/**
 * The route guard's single extension point for access without the visitor's own session.
 *
 * The spec lets `?impersonate&targetUser` skip the guard on the client. That is a hole (SECURITY.md:
 * "query parameters alone never bypass anything") and is not implemented. Staff impersonation arrives
 * with the admin issue as a server-issued, short-lived, signed, read-only grant bound to one staff user
 * and one target user; its verification plugs in here, and nowhere else in the guard.
 */
export interface AccessGrant {
  kind: 'impersonation';
  staffUserId: string;
  targetUserId: string;
  expiresAt: string;
  readOnly: true;
}

export type AccessGrantState =
  | { status: 'none' }
  /** A grant is being verified with the server. */
  | { status: 'pending' }
  | { status: 'granted'; grant: AccessGrant };

export interface GuardLocation {
  pathname: string;
  search: string;
  hash: string;
}

const noGrant: AccessGrantState = { status: 'none' };

/** The access grant for this location. Today there is none; the URL alone never yields one. */
export function resolveAccessGrant(_location: GuardLocation): AccessGrantState {
  return noGrant;
}
