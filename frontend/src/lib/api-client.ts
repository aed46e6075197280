import { type ErrorCode, type FieldIssue, isErrorCode } from '#shared/errors';
import { IMPERSONATION_HEADER } from '#shared/impersonation';
import { loadAmplify } from './amplify.ts';
import { sessionAccessToken } from './session.ts';
import { oauthSignInInFlight } from './stored-session.ts';

/** Codes the client itself produces: no response at all, or a response without a known code. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'UNKNOWN';

/** A failed API call: the server's stable code (or a client one) and the HTTP status (0 without a response). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ErrorCode | ClientErrorCode;
  readonly status: number;
  readonly issues: FieldIssue[];
  /** When a limit that refused the request lets it through again (AI_DAILY_LIMIT). */
  readonly resetAt: Date | undefined;

  constructor(
    init: {
      code: ErrorCode | ClientErrorCode;
      status: number;
      message?: string;
      issues?: FieldIssue[];
      resetAt?: Date;
    },
    options?: ErrorOptions,
  ) {
    super(init.message ?? `${init.code} (${init.status})`, options);
    this.code = init.code;
    this.status = init.status;
    this.issues = init.issues ?? [];
    this.resetAt = init.resetAt;
  }
}

// Bodies that are not ours (an API Gateway authorizer's `{"message":"Unauthorized"}`, a proxy's HTML page)
// still get a code the UI can translate.
const codeByStatus: Partial<Record<number, ErrorCode>> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

function codeForStatus(status: number): ErrorCode | ClientErrorCode {
  return codeByStatus[status] ?? (status >= 500 ? 'INTERNAL' : 'UNKNOWN');
}

/** Turn an error response into an ApiError, reading `{ error: { code, message, issues? } }` when present. */
export async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const error = (
    body as { error?: { code?: unknown; message?: unknown; issues?: unknown; resetAt?: unknown } } | undefined
  )?.error;
  const resetAt = typeof error?.resetAt === 'string' ? new Date(error.resetAt) : undefined;
  return new ApiError({
    ...(resetAt && !Number.isNaN(resetAt.getTime()) ? { resetAt } : {}),
    code: isErrorCode(error?.code) ? error.code : codeForStatus(response.status),
    status: response.status,
    message: typeof error?.message === 'string' ? error.message : response.statusText || undefined,
    issues: Array.isArray(error?.issues) ? (error.issues as FieldIssue[]) : undefined,
  });
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `If-Match` for a conditional write. */
  headers?: Record<string, string>;
  /** How to read a successful answer: JSON (the default) or the raw bytes (images). */
  as?: 'json' | 'blob';
  /** Send the access token; on by default. Without a session the call fails before any request. */
  auth?: boolean;
  /** The browser's HTTP cache mode, e.g. `no-cache` to see a change through a cacheable answer at once. */
  cache?: RequestCache;
}

export interface AccessTokenOptions {
  /** Ask Cognito for new tokens even if the cached ones look valid (after the API answered 401). */
  forceRefresh?: boolean;
}

export interface ApiClientOptions {
  /** `config.apiUrl`, e.g. `/api`. */
  baseUrl: string;
  /** The Cognito access token (never the ID token: the API accepts access tokens only). */
  getAccessToken?: (options?: AccessTokenOptions) => Promise<string | undefined>;
  fetch?: typeof fetch;
  /**
   * Called when the API still answers 401 after one forced token refresh: the session is over (revoked,
   * account disabled or deleted). Defaults to the handler registered with `onSessionExpired`.
   */
  onSessionExpired?: () => void;
  /** The impersonation session to send in `x-impersonation-session`; defaults to `setImpersonationSession`. */
  getImpersonationSession?: () => string | undefined;
  /** The server no longer honours that session; defaults to the handler of `onImpersonationRefused`. */
  onImpersonationRefused?: (code: ImpersonationRefusal) => void;
}

/** The answers that end an impersonation session wherever they come from. */
export type ImpersonationRefusal = 'IMPERSONATION_EXPIRED' | 'IMPERSONATION_INVALID';

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T = void>(path: string, options?: RequestOptions): Promise<T>;
}

/**
 * The current session's access token. Asked for on every call: it is refreshed when it is about to expire
 * (lib/session.ts), and `forceRefresh` makes it refresh now. While a social sign-in is under way, Amplify
 * completes it and gives the token.
 */
export async function currentAccessToken(options: AccessTokenOptions = {}): Promise<string | undefined> {
  if (!oauthSignInInFlight()) return sessionAccessToken(options);
  const { auth } = await loadAmplify();
  const session = await auth.fetchAuthSession(options.forceRefresh ? { forceRefresh: true } : undefined);
  return session.tokens?.accessToken.toString();
}

let sessionExpiredHandler: (() => void) | undefined;

/** Register what the app does when a session is over (the auth provider signs out); returns an unregister. */
export function onSessionExpired(handler: () => void): () => void {
  sessionExpiredHandler = handler;
  return () => {
    if (sessionExpiredHandler === handler) sessionExpiredHandler = undefined;
  };
}

let impersonationSession: string | undefined;
let impersonationRefusedHandler: ((code: ImpersonationRefusal) => void) | undefined;

/**
 * The staff member's read-only session as another user (or none): every call carries it until it is
 * cleared, so the whole app sees the target's data without knowing it is impersonating.
 */
export function setImpersonationSession(session: string | undefined): void {
  impersonationSession = session;
}

/** Register what the app does when the server refuses the impersonation session; returns an unregister. */
export function onImpersonationRefused(handler: (code: ImpersonationRefusal) => void): () => void {
  impersonationRefusedHandler = handler;
  return () => {
    if (impersonationRefusedHandler === handler) impersonationRefusedHandler = undefined;
  };
}

/** Join the base and a path the way the spec's resume service does: leading slashes on paths are removed. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * A JSON client for the HTTP API. A 401 on a call made with a token gets one forced token refresh and one
 * retry (concurrent 401s share the refresh); a second 401 ends the session through `onSessionExpired`.
 */
export function createApiClient({
  baseUrl,
  getAccessToken = currentAccessToken,
  fetch: fetchFn = (...args) => globalThis.fetch(...args),
  onSessionExpired: sessionExpired = () => sessionExpiredHandler?.(),
  getImpersonationSession = () => impersonationSession,
  onImpersonationRefused: impersonationRefused = (code) => impersonationRefusedHandler?.(code),
}: ApiClientOptions): ApiClient {
  let refreshing: Promise<string | undefined> | undefined;

  /** One forced refresh at a time; callers arriving meanwhile wait for the same one. */
  function refreshedToken(): Promise<string | undefined> {
    refreshing ??= getAccessToken({ forceRefresh: true })
      .catch(() => undefined)
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  }

  async function send(
    method: string,
    path: string,
    options: RequestOptions,
    token: string | undefined,
    sentSession: string | undefined,
  ) {
    const headers = new Headers({ ...options.headers, Accept: 'application/json' });
    if (options.body !== undefined) headers.set('Content-Type', 'application/json');
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (sentSession) headers.set(IMPERSONATION_HEADER, sentSession);
    try {
      return await fetchFn(joinUrl(baseUrl, path), {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
        ...(options.cache ? { cache: options.cache } : {}),
      });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw new ApiError({ code: 'NETWORK_ERROR', status: 0, message: 'Network error' }, { cause });
    }
  }

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    let token: string | undefined;
    if (options.auth !== false) {
      try {
        token = await getAccessToken();
      } catch (cause) {
        throw new ApiError({ code: 'UNAUTHORIZED', status: 401, message: 'No session' }, { cause });
      }
      if (!token) throw new ApiError({ code: 'UNAUTHORIZED', status: 401, message: 'No session' });
    }

    // The session rides on the staff member's own token: a public call (no token) has nothing to add it to.
    const sentSession = options.auth === false ? undefined : getImpersonationSession();
    let response = await send(method, path, options, token, sentSession);
    if (response.status === 401 && token) {
      const fresh = await refreshedToken();
      if (fresh) response = await send(method, path, options, fresh, sentSession);
      if (response.status === 401) sessionExpired();
    }

    if (!response.ok) {
      const error = await toApiError(response);
      // Only a call that carried the session may end it: a stale answer after exit must not.
      const refused = error.code === 'IMPERSONATION_EXPIRED' || error.code === 'IMPERSONATION_INVALID';
      if (refused && sentSession) impersonationRefused(error.code);
      throw error;
    }
    if (options.as === 'blob') return (await response.blob()) as T;
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    patch: (path, body, options) => request('PATCH', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
  };
}

let client: ApiClient | undefined;

/** Set the base address once the runtime config is known (start-up). */
export function initApiClient(options: ApiClientOptions): ApiClient {
  client = createApiClient(options);
  return client;
}

function current(): ApiClient {
  if (!client) throw new Error('API client used before initApiClient()');
  return client;
}

/** The app's API client; endpoint files call it. */
export const api: ApiClient = {
  request: (method, path, options) => current().request(method, path, options),
  get: (path, options) => current().get(path, options),
  post: (path, body, options) => current().post(path, body, options),
  patch: (path, body, options) => current().patch(path, body, options),
  delete: (path, options) => current().delete(path, options),
};
