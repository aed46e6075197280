import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { WebSocket } from 'ws';
import { env } from '#functions/contract';
import { documentClient } from '../../functions/adapters/dynamo.ts';
import {
  beginAttempt,
  createJob,
  endAttempt,
  failJob,
  finishJob,
  JobFinishedError,
  readJob,
  startStep,
} from '../../functions/domain/jobs.ts';
import { sendToUser } from '../../functions/domain/push.ts';
import { connectionsOf, saveConnection } from '../../functions/domain/web-socket.ts';
import { api, db, info, newUser, type Session } from './support/client.ts';

// Jobs are created by the API routes and workers of later slices; here the domain writes them straight to
// the local cloud's DynamoDB (its client redirected to the emulator), and the API reads them back.

let ana: Session;
let bruno: Session;
// What a function granted the WebSocket management API sees in the local cloud: its @connections endpoint.
const testEnv = {
  TABLE_NAME: info.tableName,
  [env.webSocketEndpoint]: info.url.replace('localhost', '127.0.0.1'),
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
};
const previousEnv = Object.fromEntries(Object.keys(testEnv).map((name) => [name, process.env[name]]));

beforeAll(async () => {
  Object.assign(process.env, testEnv);
  jest.spyOn(documentClient, 'send').mockImplementation(((command: never) => db.send(command)) as never);
  [ana, bruno] = await Promise.all([newUser('job-owner'), newUser('job-other')]);
});
afterAll(() => {
  jest.restoreAllMocks();
  for (const [name, value] of Object.entries(previousEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const getJob = (s: Session, id: string) => api('GET', `/jobs/${id}`, { token: s.accessToken });

describe('GET /api/jobs/{jobId}', () => {
  it('answers the owner with the job, its steps and its result', async () => {
    const job = await createJob(ana.sub, 'pdf-render');
    const queued = await getJob(ana, job.id);
    await startStep(ana.sub, job.id, 'rendering');
    await startStep(ana.sub, job.id, 'storing');
    await finishJob(ana.sub, job.id, { url: 'https://example.test/file.pdf' });

    const done = await getJob(ana, job.id);

    expect([queued.status, queued.body.data]).toEqual([200, { ...job, steps: [] }]);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      id: job.id,
      type: 'pdf-render',
      status: 'succeeded',
      result: { url: 'https://example.test/file.pdf' },
    });
    expect(done.body.data.steps.map((s: { name: string }) => s.name)).toEqual(['rendering', 'storing']);
    expect(done.body.data).not.toHaveProperty('pk');
    expect(done.body.data).not.toHaveProperty('ttl');
  });

  it("is 404 JOB_NOT_FOUND for someone else's job, a missing one and an impossible id", async () => {
    const job = await createJob(ana.sub, 'import');

    const other = await getJob(bruno, job.id);
    const missing = await getJob(ana, '00000000-0000-4000-8000-000000000000');
    const impossible = await getJob(ana, `${'x'.repeat(2000)}`);
    const odd = await getJob(ana, 'a%23b');

    for (const response of [other, missing, impossible, odd]) {
      expect([response.status, response.body.error.code]).toEqual([404, 'JOB_NOT_FOUND']);
    }
  });

  it('needs a signed-in caller', async () => {
    const job = await createJob(ana.sub, 'import');
    expect((await api('GET', `/jobs/${job.id}`)).status).toBe(401);
  });
});

describe('job writes in DynamoDB', () => {
  it('never move a finished job, and refuse a step of another type', async () => {
    const job = await createJob(ana.sub, 'cover-letter');
    await expect(startStep(ana.sub, job.id, 'rendering')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await startStep(ana.sub, job.id, 'analyzing');
    await failJob(ana.sub, job.id, 'COVER_LETTER_FAILED');

    await expect(startStep(ana.sub, job.id, 'matching')).rejects.toBeInstanceOf(JobFinishedError);
    await expect(finishJob(ana.sub, job.id, {})).rejects.toBeInstanceOf(JobFinishedError);
    await expect(failJob(ana.sub, job.id, 'OTHER')).rejects.toBeInstanceOf(JobFinishedError);
    const read = await getJob(ana, job.id);
    expect(read.body.data).toMatchObject({ status: 'failed', errorCode: 'COVER_LETTER_FAILED' });
    expect(read.body.data.steps).toHaveLength(1);
  });

  it('set a TTL a week ahead and refuse writes to a job that does not exist', async () => {
    const job = await createJob(ana.sub, 'tailoring');
    const { Item } = await db.send(
      new GetCommand({ TableName: info.tableName, Key: { pk: `USER#${ana.sub}`, sk: `JOB#${job.id}` } }),
    );
    const week = 7 * 24 * 60 * 60;
    expect(Item?.ttl).toBeGreaterThan(Date.now() / 1000 + week - 60);
    expect(Item?.ttl).toBeLessThanOrEqual(Date.now() / 1000 + week);
    expect(Item).toMatchObject({ entity: 'Job', status: 'queued', type: 'tailoring' });
    await expect(startStep(bruno.sub, job.id, 'finalizing')).rejects.toMatchObject({ code: 'JOB_NOT_FOUND' });
  });

  it("keep a worker's unended attempt for the worker only, and refuse one on a finished job", async () => {
    const job = await createJob(ana.sub, 'import');
    await beginAttempt(ana.sub, job.id, 1, new Date('2026-11-23T10:00:00.000Z'));
    await startStep(ana.sub, job.id, 'parsing');

    const begun = await readJob(ana.sub, job.id);
    const seen = await getJob(ana, job.id);
    await endAttempt(ana.sub, job.id);
    const ended = await readJob(ana.sub, job.id);
    await failJob(ana.sub, job.id, 'IMPORT_TOO_COMPLEX');

    expect(begun.attempt).toEqual({ receive: 1, startedAt: '2026-11-23T10:00:00.000Z' });
    expect(begun.job.status).toBe('running');
    // The owner's view has no worker bookkeeping.
    expect(seen.status).toBe(200);
    expect(seen.body.data.attempt).toBeUndefined();
    expect(ended.attempt).toBeUndefined();
    await expect(beginAttempt(ana.sub, job.id, 2)).rejects.toBeInstanceOf(JobFinishedError);
  });
});

describe('job push over the WebSocket', () => {
  it("sends the owner's open socket every change of the job, and nothing to anyone else's", async () => {
    const open = async (s: Session) => {
      const { ticket } = (await api('POST', '/ws/ticket', { token: s.accessToken })).body.data;
      const socket = new WebSocket(`${info.url.replace('http', 'ws')}/ws?ticket=${ticket}`, {
        origin: info.url,
      });
      const messages: { type: string; job: { id: string; status: string } }[] = [];
      socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      return { socket, messages };
    };
    const [owner, other] = await Promise.all([open(ana), open(bruno)]);

    const job = await createJob(ana.sub, 'pdf-render');
    await startStep(ana.sub, job.id, 'rendering');
    await finishJob(ana.sub, job.id, { url: 'https://example.test/file.pdf' });
    const deadline = Date.now() + 4_000;
    while (owner.messages.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    owner.socket.close();
    other.socket.close();

    expect(owner.messages.map((m) => [m.type, m.job.id, m.job.status])).toEqual([
      ['job', job.id, 'queued'],
      ['job', job.id, 'running'],
      ['job', job.id, 'succeeded'],
    ]);
    expect(other.messages).toEqual([]);
  });

  it('keeps a connection the gateway does not know yet (its $connect still running), and forgets an old gone one', async () => {
    // API Gateway answers PostToConnection with 410 until `$connect` has returned, but the connection is
    // stored during `$connect`: a push in that window must not forget it, or the socket never hears a job.
    const carla = await newUser('job-connecting');
    await saveConnection(carla.sub, 'connecting0000001');
    await saveConnection(carla.sub, 'gone0000000000001', Date.now() - 60_000);

    const reached = await sendToUser(carla.sub, { type: 'ping' });

    expect(reached).toBe(0);
    expect(await connectionsOf(carla.sub)).toEqual(['connecting0000001']);
  });
});
