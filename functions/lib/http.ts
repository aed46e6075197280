import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ErrorBody } from '#shared/errors';
import { AppError } from './app-error.ts';
import { logger } from './logger.ts';

/** Largest JSON body any endpoint accepts (a resume is far smaller). */
export const MAX_BODY_BYTES = 256 * 1024;

export type ApiResult = APIGatewayProxyStructuredResultV2;

/** A JSON response, with optional extra headers (e.g. an ETag). */
export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): ApiResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

/** A binary response (an image): API Gateway decodes the base64 body before it reaches the browser. */
export function binary(
  statusCode: number,
  bytes: Uint8Array,
  contentType: string,
  headers: Record<string, string> = {},
): ApiResult {
  return {
    statusCode,
    headers: { 'content-type': contentType, 'x-content-type-options': 'nosniff', ...headers },
    body: Buffer.from(bytes).toString('base64'),
    isBase64Encoded: true,
  };
}

/** An empty 204 response. */
export function noContent(): ApiResult {
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
}

/** A request header, whatever its case. */
export function header(event: APIGatewayProxyEventV2, name: string): string | undefined {
  return event.headers?.[name] ?? event.headers?.[name.toLowerCase()];
}

/** Turn every thrown error into `{error:{code,message}}`; only client errors keep their message. */
export const errorMapper = (): MiddlewareObj<APIGatewayProxyEventV2, ApiResult> => ({
  onError: async (request) => {
    const error = request.error;
    if (error instanceof AppError) {
      if (error.status >= 500) logger.error('request failed', { code: error.code, error });
      const body: ErrorBody = { error: { code: error.code, message: error.message } };
      if (error.issues) body.error.issues = error.issues;
      if (error.resetAt) {
        body.error.resetAt = error.resetAt.toISOString();
        const seconds = Math.max(1, Math.ceil((error.resetAt.getTime() - Date.now()) / 1000));
        request.response = json(error.status, body, { 'retry-after': String(seconds) });
        return;
      }
      request.response = json(error.status, body);
      return;
    }
    logger.error('unhandled error', { error: error as Error, routeKey: request.event.routeKey });
    request.response = json(500, {
      error: { code: 'INTERNAL', message: 'Internal error.' },
    } satisfies ErrorBody);
  },
});

/** Parse the JSON body: size limit, content type and syntax each get their own 400 code. */
export const jsonBody = (): MiddlewareObj<APIGatewayProxyEventV2, ApiResult> => ({
  before: async (request) => {
    const event = request.event as APIGatewayProxyEventV2 & { json: unknown };
    event.json = undefined;
    if (event.body === undefined || event.body === null || event.body === '') return;
    const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
    if (raw.byteLength > MAX_BODY_BYTES) {
      throw new AppError('PAYLOAD_TOO_LARGE', `The body is larger than ${MAX_BODY_BYTES} bytes.`);
    }
    const contentType = header(event, 'content-type') ?? '';
    if (!/^application\/json\b/i.test(contentType)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The body must be application/json.');
    }
    try {
      event.json = JSON.parse(raw.toString('utf8'));
    } catch (cause) {
      throw new AppError('MALFORMED_JSON', 'The body is not valid JSON.', { cause });
    }
  },
});

/** A path parameter that must be present. */
export function pathParam(event: APIGatewayProxyEventV2, name: string): string {
  const value = event.pathParameters?.[name];
  if (!value) throw new AppError('NOT_FOUND', `Missing path parameter ${name}.`);
  return value;
}

/** The ETag of a revisioned resource. */
export function etag(revision: number): string {
  return `"${revision}"`;
}

/**
 * The revision an `If-Match` header names (`3`, `"3"` or `W/"3"`), or undefined without one (or with `*`,
 * which asks for any existing version). Anything else is a client error, never a silent overwrite.
 */
export function ifMatchRevision(event: APIGatewayProxyEventV2): number | undefined {
  const value = header(event, 'if-match')?.trim();
  if (value === undefined || value === '' || value === '*') return undefined;
  const match = /^(?:W\/)?(?:"(\d{1,15})"|(\d{1,15}))$/.exec(value);
  const digits = match?.[1] ?? match?.[2];
  if (digits === undefined) {
    throw new AppError('VALIDATION_FAILED', 'If-Match must name one revision, e.g. "3".', {
      issues: [{ path: 'If-Match', message: 'must be a revision number such as "3"' }],
    });
  }
  return Number(digits);
}

/**
 * A `Content-Disposition` that downloads as `<title>.<extension>`: an ASCII `filename` any browser reads
 * (accents folded, anything unsafe replaced), plus the exact title as UTF-8 `filename*` when it differs.
 */
export function attachment(title: string, extension: string): string {
  const ascii =
    title
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[^A-Za-z0-9 ._-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[\s.-]+|[\s.-]+$/g, '')
      .slice(0, 100) || 'resume';
  const exact = title
    .trim()
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-')
    .slice(0, 100);
  const fallback = `attachment; filename="${ascii}.${extension}"`;
  if (!exact || exact === ascii) return fallback;
  // RFC 5987 leaves ' ( ) * out of the characters allowed unencoded; encodeURIComponent keeps them.
  const encoded = encodeURIComponent(`${exact}.${extension}`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${fallback}; filename*=UTF-8''${encoded}`;
}
