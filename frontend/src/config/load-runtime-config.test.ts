/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { loadRuntimeConfig } from './load-runtime-config.ts';

const valid = {
  stage: 'local',
  region: 'us-east-1',
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  cognitoEndpoint: 'http://localhost:3000/cognito',
  apiUrl: '/api',
  wsUrl: 'ws://localhost:3000/ws',
  socialSignIn: false,
  ptBrHosts: [],
  features: { coverLetter: false },
};

const serve = (response: Response | Error) => async () => {
  if (response instanceof Error) throw response;
  return response;
};

describe('loadRuntimeConfig', () => {
  it('returns the validated config', async () => {
    await expect(loadRuntimeConfig(serve(Response.json(valid)))).resolves.toEqual({
      ok: true,
      config: valid,
    });
  });

  it('names the invalid fields', async () => {
    const result = await loadRuntimeConfig(serve(Response.json({ ...valid, userPoolId: '', extra: 1 })));

    expect(result).toMatchObject({ ok: false, reason: 'invalid' });
    expect(result.ok ? '' : result.detail).toMatch(/userPoolId/);
  });

  it('fails when the file is missing or not JSON', async () => {
    await expect(loadRuntimeConfig(serve(new Response('nope', { status: 404 })))).resolves.toMatchObject({
      ok: false,
      reason: 'unreachable',
    });
    await expect(loadRuntimeConfig(serve(new Response('<html>')))).resolves.toMatchObject({
      ok: false,
      reason: 'notJson',
    });
    await expect(loadRuntimeConfig(serve(new TypeError('offline')))).resolves.toMatchObject({
      ok: false,
      reason: 'unreachable',
    });
  });
});
