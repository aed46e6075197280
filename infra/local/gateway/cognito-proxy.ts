import type { IncomingMessage, ServerResponse } from 'node:http';
import { cognitoRefusal } from '../cognito-public.ts';
import { readBody } from '../read-body.ts';
import { sendJson } from './send-json.ts';

/**
 * `/cognito` to cognito-local: the browser's Cognito calls, and only those (cognito-public.ts). cognito-local
 * lacks GetTokensFromRefreshToken (used by Amplify 6.14+); it becomes a refresh InitiateAuth.
 */
export function createCognitoProxy(cognitoEndpoint: string) {
  return async function handleCognito(req: IncomingMessage, res: ServerResponse, url: URL) {
    const refusal = cognitoRefusal(
      (req.method ?? 'GET').toUpperCase(),
      url.pathname.slice('/cognito'.length),
      typeof req.headers['x-amz-target'] === 'string' ? req.headers['x-amz-target'] : undefined,
    );
    if (refusal) {
      // Unread, the body would stay in the socket; the AWS JSON protocol names the error in both places.
      req.resume();
      sendJson(res, refusal.status, refusal.body, {
        'content-type': 'application/x-amz-json-1.1',
        'x-amzn-errortype': refusal.body.__type,
      });
      return;
    }
    const body = (await readBody(req, 1024 * 1024)) ?? Buffer.alloc(0);
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'x-amz-target', 'x-amz-user-agent', 'authorization']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    let payload: Buffer = body;
    if (headers['x-amz-target']?.endsWith('.GetTokensFromRefreshToken')) {
      const input = JSON.parse(body.toString('utf8') || '{}') as { RefreshToken?: string; ClientId?: string };
      headers['x-amz-target'] = 'AWSCognitoIdentityProviderService.InitiateAuth';
      payload = Buffer.from(
        JSON.stringify({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: input.ClientId,
          AuthParameters: { REFRESH_TOKEN: input.RefreshToken },
        }),
      );
    }
    const target = `${cognitoEndpoint}${url.pathname.slice('/cognito'.length) || '/'}${url.search}`;
    const upstream = await fetch(target, {
      method: req.method ?? 'GET',
      headers,
      ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: new Uint8Array(payload) }),
    });
    const out = Buffer.from(await upstream.arrayBuffer());
    res.writeHead(upstream.status, {
      'content-type': upstream.headers.get('content-type') ?? 'application/json',
    });
    res.end(out);
  };
}
