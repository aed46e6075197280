import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { env, queueUrlEnv } from '#functions/contract';
import { asFunction } from './functions.ts';

describe('a local function sees only the manifest variables its grants give it, as in AWS', () => {
  const values: Record<string, string> = {
    [env.tableName]: 'table',
    [env.webSocketEndpoint]: 'http://127.0.0.1:1',
    [env.userPoolId]: 'pool',
    [env.jwtIssuer]: 'http://issuer',
    [queueUrlEnv['pdf-render']]: 'http://127.0.0.1:2/queue/local-pdf-render',
    LOCAL_FUNCTIONS_TEST: 'runtime variable',
  };
  const before = Object.fromEntries(Object.keys(values).map((k) => [k, process.env[k]]));
  beforeAll(() => {
    Object.assign(process.env, values);
  });
  afterAll(() => {
    for (const [key, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  test('jobs (table read) sees the table and the token settings, not the WebSocket, pool or queue', async () => {
    const seen = await asFunction('jobs', async () => {
      await Promise.resolve();
      return {
        table: process.env[env.tableName],
        issuer: process.env[env.jwtIssuer],
        webSocket: process.env[env.webSocketEndpoint],
        pool: process.env[env.userPoolId],
        queue: process.env[queueUrlEnv['pdf-render']],
        keys: Object.keys(process.env),
        runtime: process.env.LOCAL_FUNCTIONS_TEST,
      };
    });

    expect(seen).toMatchObject({ table: 'table', issuer: 'http://issuer', runtime: 'runtime variable' });
    expect([seen.webSocket, seen.pool, seen.queue]).toEqual([undefined, undefined, undefined]);
    expect(seen.keys).not.toContain(env.webSocketEndpoint);
  });

  test('a Cognito trigger without grants gets no table and no token settings', () => {
    const seen = asFunction('customMessage', () =>
      [env.tableName, env.jwtIssuer].map((k) => k in process.env),
    );

    expect(seen).toEqual([false, false]);
  });

  test('code outside an invocation (emulators, gateway) still sees every variable', () => {
    asFunction('health', () => undefined);

    expect(process.env[env.webSocketEndpoint]).toBe('http://127.0.0.1:1');
    expect(process.env[env.tableName]).toBe('table');
  });
});
