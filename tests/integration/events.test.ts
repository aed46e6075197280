import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from '@jest/globals';
import { httpRoutes } from '#functions/contract';
import { INVOKE_SECRET_HEADER, readInvokeSecret } from '../../infra/local/invoke-secret.ts';
import { api, db, info, newUser } from './support/client.ts';

const sample = (path: string) => readFileSync(resolve(import.meta.dirname, '../../events', path), 'utf8');
const invoke = async (fn: string, body: string) => {
  const response = await fetch(`${info.url}/2015-03-31/functions/${fn}/invocations`, {
    method: 'POST',
    headers: { [INVOKE_SECRET_HEADER]: readInvokeSecret(info.dataDir) ?? '' },
    body,
  });
  // biome-ignore lint/suspicious/noExplicitAny: Lambda results of several shapes
  return { error: response.headers.get('x-amz-function-error'), result: (await response.json()) as any };
};

describe('sample events (events/) through the Lambda invoke endpoint', () => {
  it('post-confirmation creates the Profile once, in the chosen language', async () => {
    const event = JSON.parse(sample('cognito/post-confirmation.json'));

    const first = await invoke('postConfirmation', JSON.stringify(event));
    const again = await invoke('postConfirmation', JSON.stringify(event));
    const { Item } = await db.send(
      new GetCommand({
        TableName: info.tableName,
        Key: { pk: `USER#${event.request.userAttributes.sub}`, sk: 'PROFILE' },
      }),
    );

    expect([first.error, again.error]).toEqual([null, null]);
    expect(first.result).toEqual(event);
    expect(Item).toMatchObject({
      email: 'sample@example.com',
      firstName: 'Sam',
      locale: 'pt-BR',
      resumeCount: 0,
    });
  });

  it('health answers 200, and a PATCH without a token is refused before its body is even parsed', async () => {
    const health = await invoke('health', sample('api/get-health.json'));
    const patch = await invoke('resumes', sample('api/patch-resume-malformed.json'));

    expect(health.result.statusCode).toBe(200);
    expect(patch.result.statusCode).toBe(401);
    expect(JSON.parse(patch.result.body).error.code).toBe('UNAUTHORIZED');
  });

  it('a WebSocket message from a connection no user holds is answered 410, without a reply or a rate-limit count', async () => {
    // The sample's connection was never admitted by $connect: since messages are rate-limited per user
    // (issue 21, item 5), a message must come from a known connection.
    const { error, result } = await invoke('webSocket', sample('websocket/default-ping.json'));

    expect(error).toBeNull();
    expect(result).toEqual({ statusCode: 410 });
  });
});

describe('resume and photo sample events, with a real token in place of <access token>', () => {
  /** The sample's resume id, replaced by one the test user owns. */
  const SAMPLE_ID = '3f0c1a52-7d0e-4c5b-9a51-2b8e6f7d9c10';

  it.each([
    // The sample names revision 3; a fresh resume is at 1, so it is refused rather than overwritten.
    ['api/patch-resume-if-match.json', 412, 'REVISION_CONFLICT'],
    ['api/post-resume-duplicate.json', 201, undefined],
    ['api/post-resume-import-json-resume.json', 201, undefined],
    ['api/get-resume-export.json', 200, undefined],
    ['api/post-photos.json', 200, undefined],
  ])('%s answers %s through the manifest function of its route', async (file, status, code) => {
    const user = await newUser('events');
    const created = await api('POST', `/resume/create/${user.sub}`, {
      token: user.accessToken,
      json: { userId: user.sub },
    });
    const event = sample(file)
      .replaceAll('<access token>', user.accessToken)
      .replaceAll(SAMPLE_ID, created.body.data.id);
    const { routeKey } = JSON.parse(event) as { routeKey: string };
    const route = httpRoutes.find((r) => `${r.method} ${r.path}` === routeKey);
    if (!route) throw new Error(`${file}: ${routeKey} is not a manifest route`);

    const { error, result } = await invoke(route.function, event);

    expect(error).toBeNull();
    expect(result.statusCode).toBe(status);
    if (code) expect(JSON.parse(result.body).error.code).toBe(code);
  });
});
