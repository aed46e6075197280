import { createHash, createHmac, type Hash, type Hmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ALGORITHM_IDENTIFIER, getCanonicalHeaders, SignatureV4 } from '@smithy/signature-v4';

/**
 * AWS Signature Version 4, checked the way AWS checks it, for the local stand-ins the SDK clients talk to
 * (S3, DynamoDB, SQS, Cognito, Secrets Manager, SES): the signature is computed again with the local cloud's
 * secret key by the SDK's own signer (`@smithy/signature-v4`) and compared. Without it anyone who can reach a loopback port (another
 * local process, a web page) could read every secret and write any object.
 */

export interface LocalCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** The incoming request as sent: the raw path and query (still percent-encoded), headers and body. */
export interface IncomingSignedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** Hashed when the request carries no `x-amz-content-sha256` (every service but S3). */
  body?: Uint8Array;
}

/** Why AWS would refuse a request; each stand-in answers with its service's own error code for it. */
export type SigV4Failure =
  | 'missing' // no Authorization header and no presigned query
  | 'malformed' // an Authorization header or query that is not SigV4
  | 'unknownKey' // an access key id the cloud does not have
  | 'mismatch' // the signature is not the one the secret key makes
  | 'skewed' // x-amz-date more than 15 minutes from now
  | 'expired'; // a presigned URL past X-Amz-Expires

export type SigV4Result = { ok: true } | { ok: false; reason: SigV4Failure; message: string };

type SignableRequest = Parameters<SignatureV4['presign']>[0];

/** node:crypto behind the hash interface the SDK's signer takes (an HMAC when given a key). */
export class NodeSha256 {
  readonly #hash: Hash | Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.#hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.#hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.#hash.digest());
  }
  reset(): void {
    throw new Error('not reusable');
  }
}

function bytes(data: string | ArrayBuffer | ArrayBufferView): Buffer {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}

/** The SDK's signer, with the steps it keeps protected (canonical request, string to sign) opened for checks. */
class Verifier extends SignatureV4 {
  stringToSign(
    request: SignableRequest,
    signedHeaders: readonly string[],
    payloadHash: string,
    longDate: string,
    scope: string,
  ) {
    const canonicalHeaders = getCanonicalHeaders(request, undefined, new Set(signedHeaders));
    return this.createStringToSign(
      longDate,
      scope,
      this.createCanonicalRequest(request, canonicalHeaders, payloadHash),
      ALGORITHM_IDENTIFIER,
    );
  }
}

const MAX_SKEW_MS = 15 * 60 * 1000;
const MAX_PRESIGNED_SECONDS = 7 * 24 * 60 * 60;
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

/** `20260101T120000Z` as a Date, or null. */
export function parseAmzDate(value: string | undefined): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!m) return null;
  const date = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** The query string's parameters, decoded, repeated names as arrays (as the SDK's signer takes them). */
function parseQuery(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const part of search.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1));
    const existing = query[key];
    query[key] =
      existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return query;
}

function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const fail = (reason: SigV4Failure, message: string): SigV4Result => ({ ok: false, reason, message });

/** A checker of SigV4 requests and POST policies for one service, signed with the local cloud's key. */
export function sigV4Verifier(credentials: LocalCredentials, service: string) {
  const verifier = new Verifier({
    credentials,
    region: 'us-east-1',
    service,
    sha256: NodeSha256,
    // S3 signs the path as sent; every other service escapes it once more.
    uriEscapePath: service !== 's3',
    applyChecksum: false,
  });

  /** The scope's parts, if the credential names this cloud's key, this service and the signing day. */
  function checkCredential(
    credential: string,
    longDate: string,
  ): { ok: true; region: string; scope: string } | { ok: false; result: SigV4Result } {
    const [accessKeyId, day, region, scopeService, terminator, ...rest] = credential.split('/');
    if (!accessKeyId || !day || !region || !scopeService || terminator !== 'aws4_request' || rest.length) {
      return {
        ok: false,
        result: fail('malformed', 'The credential is not accessKeyId/date/region/service/aws4_request.'),
      };
    }
    if (!sameSignature(accessKeyId, credentials.accessKeyId)) {
      return { ok: false, result: fail('unknownKey', 'The access key id is not one of the local cloud.') };
    }
    if (scopeService !== service || day !== longDate.slice(0, 8)) {
      return {
        ok: false,
        result: fail('mismatch', `The credential scope is not ${day}/${region}/${service}.`),
      };
    }
    return { ok: true, region, scope: `${day}/${region}/${scopeService}/aws4_request` };
  }

  async function signatureFor(
    input: IncomingSignedRequest,
    query: Record<string, string | string[]>,
    signedHeaders: readonly string[],
    payloadHash: string,
    longDate: string,
    scope: string,
    region: string,
  ): Promise<string | null> {
    const url = new URL(input.url, 'http://local');
    const headers: Record<string, string> = {};
    for (const name of signedHeaders) {
      const value = header(input.headers, name);
      if (value === undefined) return null;
      headers[name] = value;
    }
    const path = input.url.split('?')[0] ?? '/';
    const request = {
      method: input.method,
      protocol: 'http:',
      hostname: url.hostname,
      path,
      query,
      headers,
    } as SignableRequest;
    const stringToSign = await verifier.stringToSign(request, signedHeaders, payloadHash, longDate, scope);
    return verifier.sign(stringToSign, {
      signingDate: parseAmzDate(longDate) ?? new Date(0),
      signingRegion: region,
      signingService: service,
    });
  }

  return {
    /** Whether a request is signed with the local key, by Authorization header or presigned query. */
    async verifyRequest(input: IncomingSignedRequest, now = new Date()): Promise<SigV4Result> {
      const search = input.url.includes('?') ? input.url.slice(input.url.indexOf('?') + 1) : '';
      let query: Record<string, string | string[]>;
      try {
        query = parseQuery(search);
      } catch {
        return fail('malformed', 'The query string is not valid percent-encoding.');
      }
      const authorization = header(input.headers, 'authorization');
      if (authorization) {
        const m =
          /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(
            authorization.trim(),
          );
        if (!m?.[1] || !m[2] || !m[3])
          return fail('malformed', 'The Authorization header is not AWS4-HMAC-SHA256.');
        const longDate = header(input.headers, 'x-amz-date') ?? '';
        const date = parseAmzDate(longDate);
        if (!date) return fail('malformed', 'x-amz-date is missing or not yyyyMMddTHHmmssZ.');
        const credential = checkCredential(m[1], longDate);
        if (!credential.ok) return credential.result;
        if (Math.abs(now.getTime() - date.getTime()) > MAX_SKEW_MS) {
          return fail('skewed', 'The request was signed more than 15 minutes from now.');
        }
        const signedHeaders = m[2].split(';');
        if (!signedHeaders.includes('host')) return fail('malformed', 'The host header must be signed.');
        const declared = header(input.headers, 'x-amz-content-sha256');
        if (service === 's3' && !declared) return fail('malformed', 'x-amz-content-sha256 is required.');
        // With the body at hand, the hash the client declared must be the body's, as AWS checks it; S3 bodies
        // stream through unread, so for S3 the declared hash is what the signature covers.
        const actual = input.body && createHash('sha256').update(input.body).digest('hex');
        if (actual && declared !== undefined && declared !== actual) {
          return fail('mismatch', 'The provided x-amz-content-sha256 does not match what was computed.');
        }
        const payloadHash = actual ?? declared ?? '';
        const expected = await signatureFor(
          input,
          query,
          signedHeaders,
          payloadHash,
          longDate,
          credential.scope,
          credential.region,
        );
        return expected && sameSignature(m[3], expected)
          ? { ok: true }
          : fail(
              'mismatch',
              'The request signature we calculated does not match the signature you provided.',
            );
      }
      if (query['X-Amz-Algorithm'] !== undefined) {
        const value = (name: string) => {
          const v = query[name];
          return typeof v === 'string' ? v : undefined;
        };
        const longDate = value('X-Amz-Date') ?? '';
        const date = parseAmzDate(longDate);
        const expires = Number(value('X-Amz-Expires'));
        const credentialParam = value('X-Amz-Credential');
        const signedHeaders = value('X-Amz-SignedHeaders')?.split(';') ?? [];
        const signature = value('X-Amz-Signature') ?? '';
        if (
          value('X-Amz-Algorithm') !== ALGORITHM_IDENTIFIER ||
          !date ||
          !credentialParam ||
          !Number.isInteger(expires) ||
          expires < 1 ||
          expires > MAX_PRESIGNED_SECONDS ||
          !signedHeaders.includes('host') ||
          !/^[0-9a-f]{64}$/.test(signature)
        ) {
          return fail('malformed', 'The presigned query is not a complete AWS4-HMAC-SHA256 signature.');
        }
        const credential = checkCredential(credentialParam, longDate);
        if (!credential.ok) return credential.result;
        if (now.getTime() > date.getTime() + expires * 1000) return fail('expired', 'Request has expired.');
        const expected = await signatureFor(
          input,
          query,
          signedHeaders,
          UNSIGNED_PAYLOAD,
          longDate,
          credential.scope,
          credential.region,
        );
        return expected && sameSignature(signature, expected)
          ? { ok: true }
          : fail(
              'mismatch',
              'The request signature we calculated does not match the signature you provided.',
            );
      }
      return fail('missing', 'The request is not signed.');
    },

    /**
     * Whether a browser POST's policy is signed with the local key: `X-Amz-Signature` is the HMAC of the
     * base64 policy under the signing key of `X-Amz-Credential`'s scope.
     */
    async verifyPolicy(fields: {
      policy: string;
      algorithm?: string;
      credential?: string;
      date?: string;
      signature?: string;
    }): Promise<SigV4Result> {
      const date = parseAmzDate(fields.date);
      if (fields.algorithm !== ALGORITHM_IDENTIFIER || !date || !fields.credential || !fields.signature) {
        return fail(
          'malformed',
          'The form needs X-Amz-Algorithm, X-Amz-Credential, X-Amz-Date and X-Amz-Signature.',
        );
      }
      const credential = checkCredential(fields.credential, fields.date ?? '');
      if (!credential.ok) return credential.result;
      const expected = await verifier.sign(fields.policy, {
        signingDate: date,
        signingRegion: credential.region,
        signingService: service,
      });
      return sameSignature(fields.signature, expected)
        ? { ok: true }
        : fail('mismatch', 'The request signature we calculated does not match the signature you provided.');
    },
  };
}

export type SigV4Verifier = ReturnType<typeof sigV4Verifier>;
