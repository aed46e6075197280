import type { ServerResponse } from 'node:http';

/** A JSON answer, as API Gateway, Lambda and the AWS JSON APIs give theirs. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}
