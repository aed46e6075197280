import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { IMPERSONATION_TTL_SECONDS } from '#shared/admin';
import { readSecret } from '../adapters/secrets.ts';
import {
  markEnded,
  markRedeemed,
  putIssuedGrant,
  readGrant,
} from '../adapters/table/impersonation-grants.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * Staff impersonation (SECURITY.md): a grant signed by the server for one staff member and one target user,
 * valid 15 minutes, redeemed once into a read-only session that can be ended early.
 *
 * Tokens are `<payload>.<signature>`, both base64url: the payload is JSON, the signature an HMAC-SHA256 with
 * the `impersonation` secret over the kind and the payload, so a grant never passes for a session.
 *
 * Every grant also has a row (adapters/table/impersonation-grants.ts): its status makes a grant single use
 * and a session endable, and it holds the session's SHA-256. Functions serving user routes are not granted
 * the key (least privilege); they check a session against that row, which only a holder of the key could
 * have written for that exact token.
 */

export type TokenKind = 'grant' | 'session';

export interface TokenClaims {
  kind: TokenKind;
  grantId: string;
  staffSub: string;
  targetSub: string;
  /** Expiry, seconds since the epoch. */
  expires: number;
}

interface WirePayload {
  v: 1;
  k: TokenKind;
  g: string;
  s: string;
  t: string;
  e: number;
  /** Sessions carry a nonce, so two redemptions could never share a token. */
  n?: string;
}

function mac(key: string, kind: TokenKind, payload: string): Buffer {
  return createHmac('sha256', key).update(`impersonation.${kind}.${payload}`).digest();
}

/** Sign claims into a token. */
export function signToken(key: string, claims: TokenClaims): string {
  const wire: WirePayload = {
    v: 1,
    k: claims.kind,
    g: claims.grantId,
    s: claims.staffSub,
    t: claims.targetSub,
    e: claims.expires,
    ...(claims.kind === 'session' ? { n: randomBytes(12).toString('base64url') } : {}),
  };
  const payload = Buffer.from(JSON.stringify(wire)).toString('base64url');
  return `${payload}.${mac(key, claims.kind, payload).toString('base64url')}`;
}

/** The claims a token states, unverified (null when it is not shaped like one of ours). */
export function readToken(token: string, kind: TokenKind): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  try {
    const wire = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8')) as Partial<WirePayload>;
    const ok =
      wire.v === 1 &&
      wire.k === kind &&
      typeof wire.g === 'string' &&
      typeof wire.s === 'string' &&
      typeof wire.t === 'string' &&
      typeof wire.e === 'number' &&
      Number.isFinite(wire.e);
    if (!ok) return null;
    return {
      kind,
      grantId: wire.g as string,
      staffSub: wire.s as string,
      targetSub: wire.t as string,
      expires: wire.e as number,
    };
  } catch {
    return null;
  }
}

/**
 * Verify a token's signature and expiry: forged, tampered, of the other kind or signed with another key is
 * IMPERSONATION_INVALID; past its expiry is IMPERSONATION_EXPIRED.
 */
export function verifyToken(key: string, token: string, kind: TokenKind, now = new Date()): TokenClaims {
  const claims = readToken(token, kind);
  const [payload = '', signature = ''] = token.split('.');
  const expected = mac(key, kind, payload);
  const given = Buffer.from(signature, 'base64url');
  if (!claims || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('IMPERSONATION_INVALID', 'This impersonation link is not valid.');
  }
  if (claims.expires * 1000 <= now.getTime()) {
    throw new AppError('IMPERSONATION_EXPIRED', 'This impersonation link has expired.');
  }
  return claims;
}

/**
 * Verify a grant for the one who redeems it: signed by us, not expired, issued to this staff member for this
 * target. Someone else's link is IMPERSONATION_INVALID, whoever holds it.
 */
export function verifyGrant(
  key: string,
  grant: string,
  redeemer: { callerSub: string; targetUser: string },
  now = new Date(),
): TokenClaims {
  const claims = verifyToken(key, grant, 'grant', now);
  if (claims.staffSub !== redeemer.callerSub || claims.targetSub !== redeemer.targetUser) {
    throw new AppError('IMPERSONATION_INVALID', 'This impersonation link was issued for someone else.');
  }
  return claims;
}

async function signingKey(): Promise<string> {
  const key = await readSecret('impersonation');
  // A missing key is a broken deployment, not a client error: fail, never sign with something guessable.
  if (!key) throw new Error('the impersonation signing key is not configured');
  return key;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

export interface IssuedGrant {
  grant: string;
  grantId: string;
  expiresAt: string;
}

/**
 * Issue a grant for one staff member and one target, and store its row. `ttlSeconds` and `now` exist for
 * tests that need an expired grant without waiting; routes always use the 15 minutes.
 */
export async function issueGrant(input: {
  staffSub: string;
  targetSub: string;
  now?: Date;
  ttlSeconds?: number;
}): Promise<IssuedGrant> {
  const now = input.now ?? new Date();
  const expires = Math.floor(now.getTime() / 1000) + (input.ttlSeconds ?? IMPERSONATION_TTL_SECONDS);
  const grantId = randomUUID();
  const grant = signToken(await signingKey(), {
    kind: 'grant',
    grantId,
    staffSub: input.staffSub,
    targetSub: input.targetSub,
    expires,
  });
  await putIssuedGrant({ grantId, staffSub: input.staffSub, targetSub: input.targetSub, expires }, now);
  return { grant, grantId, expiresAt: new Date(expires * 1000).toISOString() };
}

export interface RedeemedSession {
  session: string;
  grantId: string;
  targetSub: string;
  expiresAt: string;
}

/**
 * Redeem a grant once, by the staff member it names, for the target it names, into a session token with
 * the grant's expiry. A second redemption is IMPERSONATION_USED.
 */
export async function redeemGrant(input: {
  grant: string;
  targetUser: string;
  callerSub: string;
  now?: Date;
}): Promise<RedeemedSession> {
  const now = input.now ?? new Date();
  const key = await signingKey();
  const claims = verifyGrant(
    key,
    input.grant,
    { callerSub: input.callerSub, targetUser: input.targetUser },
    now,
  );
  const session = signToken(key, { ...claims, kind: 'session' });
  if (!(await markRedeemed(claims, sha256(session).toString('hex'), now))) {
    const row = await readGrant(claims.grantId);
    if (row && row.status !== 'issued') {
      throw new AppError('IMPERSONATION_USED', 'This impersonation link has already been used.');
    }
    throw new AppError('IMPERSONATION_INVALID', 'This impersonation link is not valid.');
  }
  return {
    session,
    grantId: claims.grantId,
    targetSub: claims.targetSub,
    expiresAt: new Date(claims.expires * 1000).toISOString(),
  };
}

/** End a session early (its signature checked): every later request with it is refused. */
export async function endSession(input: { session: string; callerSub: string }): Promise<void> {
  const claims = readToken(input.session, 'session');
  const key = await signingKey();
  // An expired session needs no ending; everything else must be a session this key signed.
  if (!claims || claims.expires * 1000 > Date.now()) verifyToken(key, input.session, 'session');
  if (claims?.staffSub !== input.callerSub) {
    throw new AppError('IMPERSONATION_INVALID', 'This impersonation session is not yours.');
  }
  // A row gone after its TTL is a session long dead, which is what ending asks for: nothing to refuse.
  await markEnded(claims.grantId, input.callerSub);
}

export interface ActiveSession {
  grantId: string;
  targetSub: string;
  expiresAt: string;
}

/**
 * Check the session a request carries, for the staff member whose token came with it: the very token the
 * grant was redeemed into (by its hash), not ended, not expired, the same staff member. Needs no key.
 */
export async function checkSession(
  session: string,
  staffSub: string,
  now = new Date(),
): Promise<ActiveSession> {
  const invalid = () => new AppError('IMPERSONATION_INVALID', 'This impersonation session is not valid.');
  const claims = readToken(session, 'session');
  if (!claims) throw invalid();
  const row = await readGrant(claims.grantId);
  const stored = row?.sessionHash ? Buffer.from(row.sessionHash, 'hex') : null;
  const given = sha256(session);
  if (!row || !stored || stored.length !== given.length || !timingSafeEqual(stored, given)) throw invalid();
  if (row.status !== 'redeemed' || row.staffSub !== staffSub) throw invalid();
  if (row.expires * 1000 <= now.getTime()) {
    throw new AppError('IMPERSONATION_EXPIRED', 'This impersonation session has expired.');
  }
  return {
    grantId: row.grantId,
    targetSub: row.targetSub,
    expiresAt: new Date(row.expires * 1000).toISOString(),
  };
}
