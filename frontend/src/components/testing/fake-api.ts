import { initApiClient } from '../../lib/api-client.ts';

/** For jsdom tests: jsdom has no Response, and the API client reads only these. */
export function jsonResponse(status: number, body: unknown): Response {
  return {
    ok: status < 300,
    status,
    statusText: '',
    text: async () => JSON.stringify(body),
    json: async () => body,
  } as Response;
}

export interface ApiCall {
  /** e.g. 'POST /tailoring' */
  call: string;
  body: unknown;
}

/**
 * Points the API client at `answer` for a test: each call is recorded (method and path without /api, the
 * JSON body) in the returned list, and answered with what `answer` gives for the path, or 503 when it
 * gives nothing.
 */
export function fakeApi(
  answer: (path: string, method: string) => { status: number; body: unknown } | undefined,
): ApiCall[] {
  const calls: ApiCall[] = [];
  initApiClient({
    baseUrl: '/api',
    getAccessToken: async () => 'token',
    fetch: async (requested, init) => {
      const path = String(requested).replace(/^\/api/, '');
      const method = init?.method ?? 'GET';
      calls.push({ call: `${method} ${path}`, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const { status, body } = answer(path, method) ?? {
        status: 503,
        body: { error: { code: 'INTERNAL', message: 'down' } },
      };
      return jsonResponse(status, body);
    },
  });
  return calls;
}
