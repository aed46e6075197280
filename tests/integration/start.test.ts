import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { WebSocket } from 'ws';
import { AiDay, Profile, Subscription } from '../../functions/adapters/table/entities.ts';
import { dynamoClient } from '../../infra/local/dynamodb.ts';
import { assistantEventSchema } from '../../shared/ai.ts';
import { AI_DAILY_TOKEN_LIMIT } from '../../shared/plans.ts';
import { sampleResumeEn, sampleResumePtBr } from '../../shared/sample-resumes.ts';
import { type FakeAnthropic, startFakeAnthropic } from '../support/fake-anthropic.ts';
import { makePdf } from '../support/make-files.ts';
import { type RunningCloud, spawnCloud } from '../support/spawn-cloud.ts';

// `npm start` as a person runs it, in a data folder of its own. A start takes seconds of CPU, so one start
// serves several checks: the first runs with ANTHROPIC_API_KEY (the shared local cloud of the other tests
// runs without a key) and is then the run whose data must survive a restart; the restart also takes over
// a lock left by a crash, checks that DynamoDB Local and the SQS emulator are on loopback only, and ends in a
// SIGKILL whose DynamoDB Local must not survive it; a last start, through npm itself and with --reset, wipes
// the data and is stopped with SIGTERM to npm, after which none of its processes may remain.

jest.setTimeout(90_000);

/** The demo user's seeded example resumes, created once per data folder. */
const sampleTitles = [sampleResumeEn.title, sampleResumePtBr.title];

const KEY = 'sk-ant-integration';
const MODEL = 'claude-integration-model';
const dataDir = mkdtempSync(join(tmpdir(), 'resume-builder-restart-'));

let fake: FakeAnthropic;
/** The first start: with the key, until the restart test stops it. */
let cloud: RunningCloud;
let token = '';
let sub = '';
let resumeId = '';

async function signInDemo(url: string, clientId: string): Promise<{ token: string; sub: string }> {
  const cognito = new CognitoIdentityProviderClient({
    endpoint: `${url}/cognito`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const { AuthenticationResult } = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: 'demo@example.com', PASSWORD: 'Demo-Pass-2026' },
    }),
  );
  cognito.destroy();
  const accessToken = AuthenticationResult?.AccessToken ?? '';
  const subject = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString())
    .sub as string;
  return { token: accessToken, sub: subject };
}

/** Live processes as [pid, parent pid, process group] from /proc (Linux, where these tests run). */
function processes(): [number, number, number][] {
  const rows: [number, number, number][] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state !== 'Z') rows.push([Number(entry), Number(ppid), Number(pgrp)]);
    } catch {
      // exited while listed
    }
  }
  return rows;
}

/** Poll (no fixed sleep) until `done` holds, for at most `ms`. */
async function eventually(done: () => boolean | Promise<boolean>, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await done()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return done();
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** `npm start` itself, in a process group of its own so that every process it leads to can be counted. */
function npmStart(
  args: string[],
): Promise<{ npm: ReturnType<typeof spawn>; info: { url: string; port: number } }> {
  const npm = spawn('npm', ['start', '--silent', '--ignore-scripts', '--', ...args], {
    cwd: join(import.meta.dirname, '../..'),
    env: { ...process.env, NODE_OPTIONS: '' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  npm.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  return new Promise((resolve, reject) => {
    let out = '';
    npm.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ npm, info: JSON.parse(line) });
    });
    npm.once('exit', (code) => reject(new Error(`npm start exited ${code}: ${stderr}`)));
  });
}

const call = async (method: string, path: string, json?: unknown) => {
  const response = await fetch(`${cloud.info.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
    ...(json ? { body: JSON.stringify(json) } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    // biome-ignore lint/suspicious/noExplicitAny: response bodies read loosely
    body: (text ? JSON.parse(text) : null) as any,
  };
};

// Two lines no job-title vocabulary decides: the parser takes them the wrong way round, unsure.
const unsurePdf = makePdf(1, {
  lines: () => [
    '**Jordan Reyes**',
    'jordan.reyes@example.com',
    '(555) 201-3344',
    '**Experience**',
    'Northwind',
    'Harbor Lights',
    'Mar 2019 - Present',
    'Shipped the maintenance scheduler used by 40 technicians',
    '**Education**',
    'Lakeside Community College',
    'Associate of Applied Science, 2018',
  ],
});

/** An import as the browser makes it: the upload form, the POST to the bucket, the job followed to its end. */
async function importPdf(pdf: Uint8Array) {
  const upload = await call('POST', '/uploads', { contentType: 'application/pdf', size: pdf.byteLength });
  expect(upload.status).toBe(200);
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.body.data.fields as Record<string, string>)) {
    form.append(name, value);
  }
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'resume.pdf');
  const posted = await fetch(upload.body.data.url, {
    method: 'POST',
    body: form,
    headers: { origin: cloud.info.url },
  });
  expect(posted.status).toBeLessThan(300);
  const deadline = Date.now() + 60_000;
  let job = (await call('GET', `/jobs/${upload.body.data.jobId}`)).body.data;
  while (job.status !== 'succeeded' && job.status !== 'failed' && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    job = (await call('GET', `/jobs/${upload.body.data.jobId}`)).body.data;
  }
  expect(job.status).toBe('succeeded');
  return job;
}

beforeAll(async () => {
  fake = await startFakeAnthropic();
  const settings = {
    ANTHROPIC_API_KEY: KEY,
    ANTHROPIC_BASE_URL: fake.url,
    ANTHROPIC_MODEL: MODEL,
    ANTHROPIC_MAX_TOKENS: 'suggestions=700,tailoring=3000,chat=600',
  };
  const before = Object.fromEntries(Object.keys(settings).map((k) => [k, process.env[k]]));
  Object.assign(process.env, settings);
  try {
    cloud = await spawnCloud(dataDir);
  } finally {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  ({ token, sub } = await signInDemo(cloud.info.url, cloud.info.clientId));
  const list = await call('GET', `/resume/all/${sub}`);
  resumeId = list.body.data[0].id;
});

afterAll(async () => {
  // Already stopped when the restart test got that far; interrupt() then just reads the exit code.
  await cloud?.interrupt();
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the local cloud with ANTHROPIC_API_KEY', () => {
  it('serves the key from its Secrets Manager stand-in', async () => {
    const client = new SecretsManagerClient({
      endpoint: cloud.info.endpoints.secretsManager,
      region: 'us-east-1',
      credentials: cloud.info.credentials,
    });
    const { SecretString } = await client.send(
      new GetSecretValueCommand({ SecretId: 'resume-builder-local/anthropic' }),
    );
    client.destroy();

    expect(SecretString).toBe(KEY);
  });

  it('answers suggestions with Claude: the key, model and max_tokens of the environment reach the API', async () => {
    fake.requests.length = 0;
    fake.enqueue({
      kind: 'text',
      text: JSON.stringify({ suggestions: ['Experienced professional who writes clearly.'] }),
    });

    const response = await call('POST', '/ai/suggestions', { resumeId, target: 'summary' });

    expect(response.status).toBe(200);
    expect(response.body.data.suggestions).toEqual(['Experienced professional who writes clearly.']);
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.body).toMatchObject({ model: MODEL, max_tokens: 700 });
    expect(request?.body.tools).toBeUndefined();
  });

  it('a Claude outage is the AI_UNAVAILABLE error, and the use is given back', async () => {
    fake.enqueue(
      { kind: 'error', status: 500 },
      { kind: 'error', status: 500 },
      { kind: 'error', status: 500 },
    );
    const before = (await call('GET', '/ai/usage')).body.data;

    const response = await call('POST', '/ai/suggestions', { resumeId, target: 'summary' });

    expect(response.body.error.code).toBe('AI_UNAVAILABLE');
    expect((await call('GET', '/ai/usage')).body.data).toEqual(before);
  });

  it("streams Claude's deltas over the WebSocket, in order", async () => {
    const db = DynamoDBDocumentClient.from(
      dynamoClient(cloud.info.endpoints.dynamodb, cloud.info.credentials),
    );
    await db.send(
      new PutCommand({
        TableName: cloud.info.tableName,
        Item: {
          ...Subscription.key({ sub }),
          entity: 'Subscription',
          subscriptionType: 'proLifetime',
          status: 'active',
          validUntil: null,
        },
      }),
    );
    db.destroy();
    const chunks = ['Lead ', 'with ', 'your ', 'strongest ', 'result.'];
    // Far enough apart that the assistant's 60 ms coalescing sends several frames.
    fake.enqueue({ kind: 'text', text: chunks, chunkDelayMs: 150 });
    const { ticket } = (await call('POST', '/ws/ticket')).body.data;
    const socket = new WebSocket(`${cloud.info.url.replace('http', 'ws')}/ws?ticket=${ticket}`, {
      origin: cloud.info.url,
    });
    const frames: unknown[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));

    const response = await call('POST', `/assistant/${resumeId}/messages`, {
      message: 'How can I make my summary stronger?',
      requestId: 'req-claude-0001',
    });
    const deadline = Date.now() + 5_000;
    const ended = () => frames.some((f) => (f as { type?: string }).type === 'assistant.done');
    while (!ended() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    socket.close();

    expect(response.status).toBe(200);
    expect(response.body.data.message.content).toBe(chunks.join(''));
    const deltas = frames
      .filter((f) => (f as { type?: string }).type === 'assistant.delta')
      .map((f) => assistantEventSchema.parse(f))
      .flatMap((e) => (e.type === 'assistant.delta' ? [e] : []));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((d) => d.text).join('')).toBe(chunks.join(''));
    expect(deltas.map((d) => d.seq)).toEqual(deltas.map((_, i) => i));
    expect(fake.requests.at(-1)?.body).toMatchObject({ stream: true, max_tokens: 600, model: MODEL });
  });

  it("refines an import's uncertain fields with Claude, keeping only values the document holds", async () => {
    fake.requests.length = 0;
    fake.enqueue({
      kind: 'text',
      text: JSON.stringify({
        fields: [
          { path: 'experience.0.company', value: 'Northwind' },
          { path: 'experience.0.position', value: 'Harbor Lights' },
          // Neither in the document nor asked: both thrown away.
          { path: 'education.0.school', value: 'Stanford University' },
          { path: 'personalInfo.jobTitle', value: 'Chief Executive Officer' },
        ],
      }),
    });

    const job = await importPdf(unsurePdf);
    const imported = (await call('GET', `/resume/id/${job.result.resumeId}`)).body.data;

    expect(imported.experience[0]).toMatchObject({ company: 'Northwind', position: 'Harbor Lights' });
    expect(imported.education[0].school).toBe('Lakeside Community College');
    expect(imported.personalInfo.jobTitle).toBe('');
    // Still marked for the person to check: the model's reading is a guess too.
    const id = imported.experience[0].id;
    expect(imported.importReview.uncertain).toEqual(
      expect.arrayContaining([`experience.${id}.company`, `experience.${id}.position`]),
    );
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0];
    expect(request?.body.max_tokens).toBe(2048);
    // Contact details do not leave: the model gets them masked.
    expect(request?.raw).not.toContain('jordan.reyes@example.com');
    expect(request?.raw).not.toContain('201-3344');
    expect(request?.raw).toContain('Harbor Lights');
    // Within the Free plan's resume limit for the next test.
    expect((await call('DELETE', `/resume/${job.result.resumeId}`)).status).toBe(204);
  });

  it("imports with the parser's reading when Claude fails", async () => {
    fake.requests.length = 0;
    fake.enqueue(
      { kind: 'error', status: 529 },
      { kind: 'error', status: 529 },
      { kind: 'error', status: 529 },
    );

    const job = await importPdf(unsurePdf);
    const imported = (await call('GET', `/resume/id/${job.result.resumeId}`)).body.data;

    expect(fake.pending()).toBe(0);
    expect(imported.experience[0]).toMatchObject({ company: 'Harbor Lights', position: 'Northwind' });
    expect((await call('DELETE', `/resume/${job.result.resumeId}`)).status).toBe(204);
  });
});

describe('AI tokens, per user and day', () => {
  it('are counted from what Claude reports, and once the day is spent calls are 429 AI_DAILY_LIMIT until it ends', async () => {
    const db = DynamoDBDocumentClient.from(
      dynamoClient(cloud.info.endpoints.dynamodb, cloud.info.credentials),
    );
    const day = new Date().toISOString().slice(0, 10);
    const dayRow = async () =>
      (await db.send(new GetCommand({ TableName: cloud.info.tableName, Key: AiDay.key({ sub, day }) })))
        .Item ?? {};
    const profile = async () =>
      (await db.send(new GetCommand({ TableName: cloud.info.tableName, Key: Profile.key({ sub }) }))).Item ??
      {};
    // The assistant is for paid access.
    await db.send(
      new PutCommand({
        TableName: cloud.info.tableName,
        Item: {
          ...Subscription.key({ sub }),
          entity: 'Subscription',
          subscriptionType: 'proLifetime',
          status: 'active',
          validUntil: null,
        },
      }),
    );
    const before = { day: await dayRow(), profile: await profile() };
    fake.requests.length = 0;
    fake.enqueue({ kind: 'text', text: JSON.stringify({ suggestions: ['A clear, grounded summary.'] }) });

    const answered = await call('POST', '/ai/suggestions', { resumeId, target: 'summary' });

    expect(answered.status).toBe(200);
    const after = { day: await dayRow(), profile: await profile() };
    // The fake Messages API reports 42 tokens in and 17 out for a text answer.
    expect(Number(after.day.tokensIn ?? 0) - Number(before.day.tokensIn ?? 0)).toBe(42);
    expect(Number(after.day.tokensOut ?? 0) - Number(before.day.tokensOut ?? 0)).toBe(17);
    expect(Number(after.profile.aiTokensIn ?? 0) - Number(before.profile.aiTokensIn ?? 0)).toBe(42);

    await db.send(
      new UpdateCommand({
        TableName: cloud.info.tableName,
        Key: AiDay.key({ sub, day }),
        UpdateExpression: 'SET tokensIn = :spent',
        ExpressionAttributeValues: { ':spent': AI_DAILY_TOKEN_LIMIT },
      }),
    );
    const usage = (await call('GET', '/ai/usage')).body.data;
    const refused = [
      await call('POST', '/ai/suggestions', { resumeId, target: 'summary' }),
      await call('POST', '/tailoring', {
        resumeId,
        jobDescription: 'Senior engineer: TypeScript, AWS, PostgreSQL. '.repeat(8),
      }),
      await call('POST', `/assistant/${resumeId}/messages`, {
        message: 'Help?',
        requestId: 'req-daily-0001',
      }),
    ];

    const midnight = new Date(`${day}T00:00:00.000Z`).getTime() + 86_400_000;
    for (const response of refused) {
      expect(response.status).toBe(429);
      expect(response.body.error.code).toBe('AI_DAILY_LIMIT');
      expect(Date.parse(response.body.error.resetAt)).toBe(midnight);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(fake.requests).toHaveLength(1);
    // No AI use was taken by the refused calls.
    expect((await call('GET', '/ai/usage')).body.data).toEqual(usage);
    await db.send(new DeleteCommand({ TableName: cloud.info.tableName, Key: AiDay.key({ sub, day }) }));
    db.destroy();
  });
});

describe('npm start', () => {
  it('keeps data across a restart, refuses a second instance clearly, takes over a lock left by a crashed run, stops on Ctrl+C, keeps DynamoDB Local and SQS on loopback, leaves no DynamoDB Local after a crash, and stops whole on SIGTERM to npm', async () => {
    const first = cloud;
    const demo = await signInDemo(first.info.url, first.info.clientId);
    const created = await fetch(`${first.info.url}/api/resume/create/${demo.sub}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: demo.sub, title: 'Survives restarts' }),
    });
    expect(created.status).toBe(201);

    const second = await spawnCloud(dataDir).catch((e: { code: number; stderr: string }) => e);
    expect(second).toMatchObject({ code: 1 });
    expect((second as { stderr: string }).stderr).toContain('already running');

    expect(await first.interrupt()).toBe(0);

    // A crashed run leaves its lock behind, naming a process that no longer exists (above Linux's pid_max).
    writeFileSync(join(dataDir, 'local-cloud.pid'), JSON.stringify({ pid: 2 ** 22 + 7, url: null }));
    const again = await spawnCloud(dataDir);
    try {
      expect((await fetch(`${again.info.url}/api/health`)).status).toBe(200);
      const demoAgain = await signInDemo(again.info.url, again.info.clientId);
      const list = await fetch(`${again.info.url}/api/resume/all/${demoAgain.sub}`, {
        headers: { authorization: `Bearer ${demoAgain.token}` },
      });
      const titles = ((await list.json()) as { data: { title: string }[] }).data.map((r) => r.title);
      expect(demoAgain.sub).toBe(demo.sub);
      // The samples are not seeded again on restart.
      expect(titles.sort()).toEqual([...sampleTitles, 'Survives restarts'].sort());

      // DynamoDB Local and the SQS emulator listen on loopback only: refused on this machine's other addresses.
      const external = Object.values(networkInterfaces())
        .flat()
        .find((a) => a && !a.internal && a.family === 'IPv4')?.address;
      if (external) {
        for (const endpoint of [again.info.endpoints.dynamodb, again.info.endpoints.sqs]) {
          const { port } = new URL(endpoint);
          expect(await accepts('127.0.0.1', Number(port))).toBe(true);
          expect({ endpoint, external: await accepts(external, Number(port)) }).toEqual({
            endpoint,
            external: false,
          });
        }
      } else {
        console.warn('Skipped the loopback-only check: this machine has no non-loopback IPv4 address.');
      }
    } finally {
      // A crash: DynamoDB Local (the cloud's only child process) must not outlive it.
      const children = processes()
        .filter(([, ppid]) => ppid === again.child.pid)
        .map(([pid]) => pid);
      expect(children.length).toBeGreaterThan(0);
      again.child.kill('SIGKILL');
      expect(await eventually(() => processes().every(([pid]) => !children.includes(pid)), 5_000)).toBe(true);
    }

    // The last start is `npm start` as a process manager runs it: SIGTERM to npm stops the whole tree
    // (npm, its shell, the cloud, DynamoDB Local) and frees the port. It also takes over the crash's lock.
    const { npm, info } = await npmStart(['--port', '0', '--data-dir', dataDir, '--json', '--reset']);
    const group = npm.pid ?? 0;
    try {
      const fresh = await signInDemo(info.url, (info as unknown as { clientId: string }).clientId);
      const list = await fetch(`${info.url}/api/resume/all/${fresh.sub}`, {
        headers: { authorization: `Bearer ${fresh.token}` },
      });
      const titles = ((await list.json()) as { data: { title: string }[] }).data.map((r) => r.title);
      expect(titles.sort()).toEqual([...sampleTitles].sort());
      expect(processes().filter(([, , pgrp]) => pgrp === group).length).toBeGreaterThanOrEqual(3);
    } finally {
      process.kill(group, 'SIGTERM');
      const stopped = await eventually(() => processes().every(([, , pgrp]) => pgrp !== group));
      if (!stopped) process.kill(-group, 'SIGKILL');
      expect(stopped).toBe(true);
      expect(await accepts('127.0.0.1', info.port)).toBe(false);
    }
  }, 120_000);
});
