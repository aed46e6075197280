import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { invoke } from '../functions.ts';
import { type CompiledRoute, matchRoute } from '../http-routes.ts';
import { readBody } from '../read-body.ts';
import { apiEvent } from './api-event.ts';
import { sendJson } from './send-json.ts';

/** API Gateway's own payload limit. */
export const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

type LambdaResult = APIGatewayProxyStructuredResultV2 | string | undefined;

/** A handler's result as API Gateway v2 answers it: a structured result as it says, anything else as JSON. */
function writeLambdaResult(res: ServerResponse, result: LambdaResult) {
  if (typeof result !== 'object' || result === null || !('statusCode' in result)) {
    // API Gateway v2 infers a 200 JSON response from a bare return value.
    sendJson(res, 200, result ?? null);
    return;
  }
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k.toLowerCase()] = String(v);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined);
}

/**
 * The HTTP API: `/api/*` matched against the contract's routes (404 otherwise), a body over the payload
 * limit 413, a route that is not public through the JWT authorizer (401), then the route's function.
 */
export function createApiHandler(
  routes: readonly CompiledRoute[],
  authorize: (authorization: string | undefined) => Promise<JwtPayload | null>,
) {
  return async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const method = (req.method ?? 'GET').toUpperCase();
    const found = matchRoute(routes, method, url.pathname);
    if (!found) {
      sendJson(res, 404, { message: 'Not Found' });
      return;
    }
    const body = await readBody(req, MAX_PAYLOAD_BYTES);
    if (body === null) {
      sendJson(res, 413, { message: 'Request Entity Too Large' });
      return;
    }
    const now = Date.now();
    let claims: JwtPayload | null = null;
    if (found.route.def.auth !== 'public') {
      claims = await authorize(req.headers.authorization);
      if (!claims) {
        sendJson(res, 401, { message: 'Unauthorized' }, { 'www-authenticate': 'Bearer' });
        return;
      }
    }
    const event = apiEvent(
      {
        method,
        url,
        httpVersion: req.httpVersion,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        headers: req.headers,
        body,
      },
      found,
      claims,
      now,
    );
    writeLambdaResult(res, (await invoke(found.route.def.function, event)) as LambdaResult);
  };
}
