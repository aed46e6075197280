import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from '@jest/globals';
import { sampleResumeEn, sampleResumePtBr } from '../../shared/sample-resumes.ts';
import { spawnCloud } from '../support/spawn-cloud.ts';

/** The demo user's seeded example resumes, created once per data folder. */
const sampleTitles = [sampleResumeEn.title, sampleResumePtBr.title];

const dataDir = mkdtempSync(join(tmpdir(), 'resume-builder-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

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
  const token = AuthenticationResult?.AccessToken ?? '';
  const sub = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub as string;
  return { token, sub };
}

describe('npm start', () => {
  it('keeps data across a restart, refuses a second instance clearly, and stops on Ctrl+C', async () => {
    const first = await spawnCloud(dataDir);
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

    const again = await spawnCloud(dataDir);
    try {
      const demoAgain = await signInDemo(again.info.url, again.info.clientId);
      const list = await fetch(`${again.info.url}/api/resume/all/${demoAgain.sub}`, {
        headers: { authorization: `Bearer ${demoAgain.token}` },
      });
      const titles = ((await list.json()) as { data: { title: string }[] }).data.map((r) => r.title);
      expect(demoAgain.sub).toBe(demo.sub);
      // The samples are not seeded again on restart.
      expect(titles.sort()).toEqual([...sampleTitles, 'Survives restarts'].sort());
    } finally {
      expect(await again.interrupt()).toBe(0);
    }

    const wiped = await spawnCloud(dataDir, ['--reset']);
    try {
      const fresh = await signInDemo(wiped.info.url, wiped.info.clientId);
      const list = await fetch(`${wiped.info.url}/api/resume/all/${fresh.sub}`, {
        headers: { authorization: `Bearer ${fresh.token}` },
      });
      const titles = ((await list.json()) as { data: { title: string }[] }).data.map((r) => r.title);
      expect(titles.sort()).toEqual([...sampleTitles].sort());
    } finally {
      await wiped.interrupt();
    }
  }, 120_000);

  it('takes over a lock left by a crashed run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'resume-builder-stale-'));
    writeFileSync(join(dir, 'local-cloud.pid'), JSON.stringify({ pid: 2 ** 22 + 7, url: null }));

    const cloud = await spawnCloud(dir, ['--no-seed']);
    try {
      expect((await fetch(`${cloud.info.url}/api/health`)).status).toBe(200);
    } finally {
      expect(await cloud.interrupt()).toBe(0);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
