/** @jest-environment node */
import { describe, expect, it, jest } from '@jest/globals';
import { ApiError, createApiClient } from './api-client.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(response: Response | Error, token: string | null = 'access-token') {
  const fetch = jest.fn<typeof globalThis.fetch>(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  const client = createApiClient({ baseUrl: '/api/', getAccessToken: async () => token ?? undefined, fetch });
  const sent = () => {
    const [url, init] = fetch.mock.calls[0] ?? [];
    return { url, init, headers: new Headers(init?.headers) };
  };
  return { client, fetch, sent };
}

describe('createApiClient', () => {
  it('answers the raw bytes when asked for a blob (photos), with the same token', async () => {
    const { client, sent } = setup(new Response(new Uint8Array([0xff, 0xd8, 0xff]), { status: 200 }));

    const blob = await client.get<Blob>('photos/p.jpg', { as: 'blob' });

    expect(blob).toBeInstanceOf(Blob);
    expect(blob.size).toBe(3);
    expect(sent().headers.get('Authorization')).toBe('Bearer access-token');
  });

  it('an error answer to a blob request is still an ApiError with its code', async () => {
    const { client } = setup(json(404, { error: { code: 'NOT_FOUND', message: 'Photo not found.' } }));

    const error = await client.get('photos/gone.jpg', { as: 'blob' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it('sends JSON to the base URL with the access token as a bearer token', async () => {
    const { client, sent } = setup(json(201, { data: { id: 'r1' } }));

    const result = await client.post('/resume/create/u1', { userId: 'u1' });

    const { url, init, headers } = sent();
    expect(result).toEqual({ data: { id: 'r1' } });
    expect(url).toBe('/api/resume/create/u1');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"userId":"u1"}');
    expect(headers.get('Authorization')).toBe('Bearer access-token');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('parses { error: { code, message } } into an ApiError with code and status', async () => {
    const { client } = setup(json(403, { error: { code: 'RESUME_LIMIT_REACHED', message: 'limit' } }));

    const error = await client.post('resume/create/u1', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'RESUME_LIMIT_REACHED', status: 403, message: 'limit' });
  });

  it('keeps field issues of VALIDATION_FAILED', async () => {
    const issues = [{ path: 'title', message: 'Too long' }];
    const { client } = setup(json(400, { error: { code: 'VALIDATION_FAILED', message: 'bad', issues } }));

    await expect(client.patch('resume/r1?lean=true', {})).rejects.toMatchObject({ issues });
  });

  it('derives a code from the status when the body is not ours', async () => {
    const { client } = setup(json(401, { message: 'Unauthorized' }));

    await expect(client.get('me')).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
  });

  it('answers 204 with undefined', async () => {
    const { client } = setup(new Response(null, { status: 204 }));

    await expect(client.delete('resume/r1')).resolves.toBeUndefined();
  });

  it('reports a failed connection as NETWORK_ERROR with status 0', async () => {
    const { client } = setup(new TypeError('fetch failed'));

    await expect(client.get('me')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });

  it('refuses to call an authenticated route without a session', async () => {
    const { client, fetch } = setup(json(200, {}), null);

    await expect(client.get('me')).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('createApiClient after a 401', () => {
  function sessionSetup(statuses: number[], tokens: { current: string; refreshed: string | Error }) {
    const responses = [...statuses];
    const fetch = jest.fn<typeof globalThis.fetch>(async () => {
      const status = responses.shift() ?? 500;
      return status === 200 ? json(200, { data: 'ok' }) : json(status, { error: { code: 'UNAUTHORIZED' } });
    });
    const getAccessToken = jest.fn(async (options?: { forceRefresh?: boolean }) => {
      if (!options?.forceRefresh) return tokens.current;
      if (tokens.refreshed instanceof Error) throw tokens.refreshed;
      return tokens.refreshed;
    });
    const onSessionExpired = jest.fn();
    const client = createApiClient({ baseUrl: '/api', getAccessToken, fetch, onSessionExpired });
    const bearer = (call: number) => new Headers(fetch.mock.calls[call]?.[1]?.headers).get('Authorization');
    return { client, fetch, getAccessToken, onSessionExpired, bearer };
  }

  it('forces one token refresh and retries the call with the new token', async () => {
    const s = sessionSetup([401, 200], { current: 'old', refreshed: 'new' });

    const result = await s.client.patch('me', { firstName: 'Ana' });

    expect(result).toEqual({ data: 'ok' });
    expect(s.getAccessToken).toHaveBeenLastCalledWith({ forceRefresh: true });
    expect(s.fetch).toHaveBeenCalledTimes(2);
    expect(s.bearer(0)).toBe('Bearer old');
    expect(s.bearer(1)).toBe('Bearer new');
    expect(s.fetch.mock.calls[1]?.[1]?.body).toBe('{"firstName":"Ana"}');
    expect(s.onSessionExpired).not.toHaveBeenCalled();
  });

  it('ends the session when the retry is refused too', async () => {
    const s = sessionSetup([401, 401], { current: 'old', refreshed: 'new' });

    await expect(s.client.get('me')).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    expect(s.fetch).toHaveBeenCalledTimes(2);
    expect(s.onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('ends the session without a retry when the refresh fails', async () => {
    const s = sessionSetup([401], { current: 'old', refreshed: new Error('refresh token revoked') });

    await expect(s.client.get('me')).rejects.toMatchObject({ status: 401 });
    expect(s.fetch).toHaveBeenCalledTimes(1);
    expect(s.onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('shares one refresh among calls refused at the same time', async () => {
    const s = sessionSetup([401, 401, 200, 200], { current: 'old', refreshed: 'new' });

    await Promise.all([s.client.get('me'), s.client.get('resume/all/u1')]);

    expect(s.getAccessToken.mock.calls.filter(([options]) => options?.forceRefresh)).toHaveLength(1);
  });

  it('leaves other errors and public calls alone', async () => {
    const s = sessionSetup([403, 401], { current: 'old', refreshed: 'new' });

    await expect(s.client.get('me')).rejects.toMatchObject({ status: 403 });
    await expect(s.client.get('health', { auth: false })).rejects.toMatchObject({ status: 401 });
    expect(s.getAccessToken).toHaveBeenCalledTimes(1);
    expect(s.onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('createApiClient while impersonating', () => {
  function impersonationSetup(response: () => Response, session: { current?: string }) {
    const fetch = jest.fn<typeof globalThis.fetch>(async () => response());
    const onImpersonationRefused = jest.fn();
    const client = createApiClient({
      baseUrl: '/api',
      getAccessToken: async () => 'staff-token',
      fetch,
      getImpersonationSession: () => session.current,
      onImpersonationRefused,
    });
    const headers = (call: number) => new Headers(fetch.mock.calls[call]?.[1]?.headers);
    return { client, onImpersonationRefused, headers };
  }

  it('sends the session header next to the staff bearer token on every call, and none without a session', async () => {
    const session: { current?: string } = { current: 'session-token-123' };
    const s = impersonationSetup(() => json(200, { data: 'ok' }), session);

    await s.client.get('resume/all/target');
    await s.client.post('ws/ticket', {});
    session.current = undefined;
    await s.client.get('me');

    expect(s.headers(0).get('x-impersonation-session')).toBe('session-token-123');
    expect(s.headers(0).get('Authorization')).toBe('Bearer staff-token');
    expect(s.headers(1).get('x-impersonation-session')).toBe('session-token-123');
    expect(s.headers(2).has('x-impersonation-session')).toBe(false);
  });

  it('reports an expired or invalid session, but not a read-only refusal', async () => {
    const codes = ['IMPERSONATION_READ_ONLY', 'IMPERSONATION_EXPIRED', 'IMPERSONATION_INVALID'];
    const s = impersonationSetup(() => json(403, { error: { code: codes.shift() } }), {
      current: 'session-token-123',
    });

    await expect(s.client.patch('resume/r1', {})).rejects.toMatchObject({ code: 'IMPERSONATION_READ_ONLY' });
    await expect(s.client.get('me')).rejects.toMatchObject({ code: 'IMPERSONATION_EXPIRED' });
    await expect(s.client.get('me')).rejects.toMatchObject({ code: 'IMPERSONATION_INVALID' });

    expect(s.onImpersonationRefused.mock.calls).toEqual([
      ['IMPERSONATION_EXPIRED'],
      ['IMPERSONATION_INVALID'],
    ]);
  });

  it('ignores a refusal of a call that carried no session (it was sent after the exit)', async () => {
    const s = impersonationSetup(() => json(403, { error: { code: 'IMPERSONATION_INVALID' } }), {});

    await expect(s.client.get('me')).rejects.toMatchObject({ code: 'IMPERSONATION_INVALID' });

    expect(s.onImpersonationRefused).not.toHaveBeenCalled();
  });
});
