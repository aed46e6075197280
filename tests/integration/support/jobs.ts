import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from '@jest/globals';
import { Subscription } from '../../../functions/adapters/table/entities.ts';
import { api, db, info, type Session } from './client.ts';

/** Paid access as the payments issue will store it: a lifetime Pro subscription. */
export async function makePro(session: Session) {
  await db.send(
    new PutCommand({
      TableName: info.tableName,
      Item: {
        ...Subscription.key({ sub: session.sub }),
        entity: 'Subscription',
        subscriptionType: 'proLifetime',
        status: 'active',
        validUntil: null,
      },
    }),
  );
}

/** Follow a job the way the browser's polling fallback does, until it ends. */
export async function waitForJob(session: Session, jobId: string, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await api('GET', `/jobs/${jobId}`, { token: session.accessToken });
    expect(status).toBe(200);
    if (body.data.status === 'succeeded' || body.data.status === 'failed') return body.data;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${body.data.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A resume with this content: created as the builder creates one, then filled in with one PATCH. */
export async function createResume(session: Session, content: object) {
  const created = await api('POST', `/resume/create/${session.sub}`, {
    token: session.accessToken,
    json: { userId: session.sub },
  });
  expect(created.status).toBe(201);
  const patched = await api('PATCH', `/resume/${created.body.data.id}`, {
    token: session.accessToken,
    json: content,
  });
  expect(patched.status).toBe(200);
  return patched.body.data as { id: string; revision: number };
}
