import { describe, expect, it } from '@jest/globals';
import type { HttpRouteDef } from '#functions/contract';
import { compileRoutes, matchRoute } from '../http-routes.ts';
import { type ApiRequest, apiEvent } from './api-event.ts';

const routes = compileRoutes([
  { method: 'PUT', path: '/api/resume/{id}', function: 'resumes', auth: 'user' },
  { method: 'GET', path: '/api/health', function: 'health', auth: 'public' },
] as HttpRouteDef[]);
const found = (method: string, path: string) => {
  const match = matchRoute(routes, method, path);
  if (!match) throw new Error(`no route for ${method} ${path}`);
  return match;
};
const request = (overrides: Partial<ApiRequest> & { path: string }): ApiRequest => ({
  method: 'PUT',
  url: new URL(overrides.path, 'http://localhost:3000'),
  httpVersion: '1.1',
  sourceIp: '127.0.0.1',
  headers: {},
  body: Buffer.alloc(0),
  ...overrides,
});
const now = Date.UTC(2024, 5, 29, 12, 0, 0);
/** The event for a request to `path` (the route found from its path without the query). */
const eventFor = (
  path: string,
  { claims = { sub: 'u1' }, ...overrides }: Partial<ApiRequest> & { claims?: { sub: string } | null } = {},
) => {
  const req = request({ path, ...overrides });
  return apiEvent(req, found(req.method, req.url.pathname), claims, now);
};

describe('apiEvent', () => {
  it('names the route, decodes path parameters and joins a repeated query key with commas', () => {
    const event = eventFor('/api/resume/a%20b?tag=x&tag=y&q=1');

    expect(event.routeKey).toBe('PUT /api/resume/{id}');
    expect(event.rawPath).toBe('/api/resume/a%20b');
    expect(event.rawQueryString).toBe('tag=x&tag=y&q=1');
    expect(event.pathParameters).toEqual({ id: 'a b' });
    expect(event.queryStringParameters).toEqual({ tag: 'x,y', q: '1' });
    expect(event.requestContext.timeEpoch).toBe(now);
    expect(event.requestContext.http.method).toBe('PUT');
  });

  it('carries the claims for a route behind the authorizer, none for a public one', () => {
    const behind = eventFor('/api/resume/r1');
    const open = eventFor('/api/health', { method: 'GET', claims: null });

    expect((behind.requestContext as unknown as { authorizer: unknown }).authorizer).toEqual({
      jwt: { claims: { sub: 'u1' }, scopes: null },
    });
    expect('authorizer' in open.requestContext).toBe(false);
    expect(open.pathParameters).toBeUndefined();
    expect(open.queryStringParameters).toBeUndefined();
  });

  it('moves cookies out of the headers and joins a repeated header', () => {
    const event = eventFor('/api/resume/r1', {
      headers: { cookie: 'a=1; b=2', 'x-forwarded-for': ['1.1.1.1', '2.2.2.2'] as unknown as string },
    });

    expect(event.cookies).toEqual(['a=1', 'b=2']);
    expect(event.headers).toEqual({ 'x-forwarded-for': '1.1.1.1,2.2.2.2' });
  });

  it('passes a text body as it is and any other body in base64', () => {
    const json = eventFor('/api/resume/r1', {
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{"a":1}'),
    });
    const binary = eventFor('/api/resume/r1', {
      headers: { 'content-type': 'application/pdf' },
      body: Buffer.from([0x25, 0x50, 0x44, 0x46]),
    });
    const empty = eventFor('/api/resume/r1');

    expect(json).toMatchObject({ body: '{"a":1}', isBase64Encoded: false });
    expect(binary).toMatchObject({ body: 'JVBERg==', isBase64Encoded: true });
    expect(empty.body).toBeUndefined();
    expect(empty.isBase64Encoded).toBe(false);
  });

  it('throws URIError on a malformed escape in a path parameter (the gateway answers 400)', () => {
    expect(() => eventFor('/api/resume/%E0%A4%A')).toThrow(URIError);
  });
});
