import { describe, expect, it } from '@jest/globals';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { AppError } from '../lib/app-error.ts';
import { binary, etag, ifMatchRevision, json, MAX_BODY_BYTES } from '../lib/http.ts';
import { apiHandler } from './api-handler.ts';

const echo = apiHandler(async (event) => json(200, { got: event.json ?? null }), { auth: 'public' });
const context = {} as Context;
const event = (body?: string, contentType = 'application/json'): APIGatewayProxyEventV2 =>
  ({
    routeKey: 'POST /api/echo',
    rawPath: '/api/echo',
    headers: { 'content-type': contentType },
    isBase64Encoded: false,
    ...(body === undefined ? {} : { body }),
  }) as unknown as APIGatewayProxyEventV2;

const call = async (e: APIGatewayProxyEventV2) => {
  const res = (await echo(e, context)) as { statusCode: number; body: string };
  return { status: res.statusCode, body: JSON.parse(res.body) };
};

describe('apiHandler', () => {
  it('parses a JSON body', async () => {
    expect(await call(event('{"a":1}'))).toEqual({ status: 200, body: { got: { a: 1 } } });
  });

  it.each([
    ['malformed JSON', event('{"a":'), 'MALFORMED_JSON'],
    ['a non-JSON content type', event('a=1', 'application/x-www-form-urlencoded'), 'UNSUPPORTED_MEDIA_TYPE'],
    ['an oversized body', event(JSON.stringify({ a: 'x'.repeat(MAX_BODY_BYTES) })), 'PAYLOAD_TOO_LARGE'],
  ])('answers 400 with a stable code for %s', async (_name, e, code) => {
    expect(await call(e)).toEqual({ status: 400, body: { error: { code, message: expect.any(String) } } });
  });

  it('shows client errors and hides server errors behind a generic 500', async () => {
    const failing = (error: Error) =>
      apiHandler(
        async () => {
          throw error;
        },
        { auth: 'public' },
      );
    const client = (await failing(new AppError('RESUME_NOT_FOUND', 'Resume not found.'))(
      event(),
      context,
    )) as {
      statusCode: number;
      body: string;
    };
    const server = (await failing(new Error('db password=hunter2 leaked'))(event(), context)) as {
      statusCode: number;
      body: string;
    };

    expect(client.statusCode).toBe(404);
    expect(JSON.parse(client.body).error.code).toBe('RESUME_NOT_FOUND');
    expect(server.statusCode).toBe(500);
    expect(server.body).not.toContain('hunter2');
    expect(JSON.parse(server.body).error.code).toBe('INTERNAL');
  });

  it('refuses a user route without a bearer token before touching data', async () => {
    const guarded = apiHandler(async () => json(200, {}), { auth: 'user' });
    const res = (await guarded(event(), context)) as { statusCode: number; body: string };

    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.body).error.code).toBe('UNAUTHORIZED');
  });
});

describe('If-Match', () => {
  const withIfMatch = (value?: string) =>
    ({ headers: value === undefined ? {} : { 'if-match': value } }) as unknown as APIGatewayProxyEventV2;

  it.each([
    ['3', 3],
    ['"3"', 3],
    ['W/"3"', 3],
    [' "12" ', 12],
    ['0', 0],
  ])('reads %s as revision %s', (value, revision) => {
    expect(ifMatchRevision(withIfMatch(value))).toBe(revision);
  });

  it('is absent without the header or with *', () => {
    expect(ifMatchRevision(withIfMatch())).toBeUndefined();
    expect(ifMatchRevision(withIfMatch('*'))).toBeUndefined();
  });

  it.each(['latest', '"3', '-1', '1.5', '"1", "2"', 'W/3x', '1'.repeat(16)])(
    'refuses %s with VALIDATION_FAILED',
    (value) => {
      expect(() => ifMatchRevision(withIfMatch(value))).toThrow(
        expect.objectContaining({ code: 'VALIDATION_FAILED' }),
      );
    },
  );

  it('answers with the same shape it reads', () => {
    expect(ifMatchRevision(withIfMatch(etag(7)))).toBe(7);
  });
});

describe('binary', () => {
  it('base64-encodes the bytes for API Gateway and forbids sniffing', () => {
    const res = binary(200, new Uint8Array([0xff, 0xd8, 0xff]), 'image/jpeg', { 'cache-control': 'private' });

    expect(res).toEqual({
      statusCode: 200,
      headers: {
        'content-type': 'image/jpeg',
        'x-content-type-options': 'nosniff',
        'cache-control': 'private',
      },
      body: '/9j/',
      isBase64Encoded: true,
    });
  });
});
