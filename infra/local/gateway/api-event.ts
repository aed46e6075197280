import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { RouteMatch } from '../http-routes.ts';

/** What the gateway read of an `/api/*` request before it becomes the handler's event. */
export interface ApiRequest {
  method: string;
  url: URL;
  httpVersion: string;
  sourceIp: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const isText = (contentType: string) =>
  /^(text\/|application\/(json|xml|x-www-form-urlencoded))/i.test(contentType);

/**
 * The API Gateway v2 (HTTP API) event for a matched request: headers joined by commas and cookies apart,
 * a repeated query key joined by commas, path parameters decoded (a malformed escape throws URIError, which
 * the gateway answers 400), a text body as it is and any other base64, and the authorizer's claims when the
 * route is not public.
 */
export function apiEvent(
  request: ApiRequest,
  found: RouteMatch,
  claims: JwtPayload | null,
  now: number,
): APIGatewayProxyEventV2 {
  const { method, url, body } = request;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && name !== 'cookie')
      headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const { def } = found.route;
  const requestContext = {
    accountId: '000000000000',
    apiId: 'local',
    domainName: url.host,
    domainPrefix: 'local',
    http: {
      method,
      path: url.pathname,
      protocol: `HTTP/${request.httpVersion}`,
      sourceIp: request.sourceIp,
      userAgent: request.headers['user-agent'] ?? '',
    },
    requestId: randomUUID(),
    routeKey: `${def.method} ${def.path}`,
    stage: '$default',
    time: new Date(now).toUTCString(),
    timeEpoch: now,
  };
  const context = (
    claims ? { ...requestContext, authorizer: { jwt: { claims, scopes: null } } } : requestContext
  ) as APIGatewayProxyEventV2['requestContext'];
  const pathParameters = Object.fromEntries(
    Object.entries(found.rawParams).map(([name, value]) => [name, decodeURIComponent(value)]),
  );
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) query[key] = key in query ? `${query[key]},${value}` : value;
  const contentType = headers['content-type'] ?? '';
  const text = body.length === 0 || isText(contentType);
  const cookie = request.headers.cookie;
  return {
    version: '2.0',
    routeKey: requestContext.routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookie ? { cookies: cookie.split(/;\s*/) } : {}),
    headers,
    ...(url.search ? { queryStringParameters: query } : {}),
    ...(found.route.params.length ? { pathParameters } : {}),
    requestContext: context,
    ...(body.length ? { body: text ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: !text,
  };
}
