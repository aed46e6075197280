import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from '@jest/globals';
import { db, info } from './support/client.ts';

const sample = (path: string) => readFileSync(resolve(import.meta.dirname, '../../events', path), 'utf8');
const invoke = async (fn: string, body: string) => {
  const response = await fetch(`${info.url}/2015-03-31/functions/${fn}/invocations`, {
    method: 'POST',
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

  it('a WebSocket message other than ping is acknowledged without a reply', async () => {
    const { error, result } = await invoke('webSocket', sample('websocket/default-ping.json'));

    expect(error).toBeNull();
    expect(result).toEqual({ statusCode: 200 });
  });
});
