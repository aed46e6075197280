import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { newInfoFile } from './support/paths.ts';

/** Start the real local cloud (emulators and gateway) on free ports in a fresh data folder. */
export default async function globalSetup(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'resume-builder-it-'));
  const root = resolve(import.meta.dirname, '../..');
  const child = spawn(
    process.execPath,
    ['infra/local/start.ts', '--port', '0', '--data-dir', dataDir, '--json'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Payments through the local Stripe stand-in and its development webhook secret, whatever the shell has.
      env: { ...process.env, NODE_OPTIONS: '', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' },
    },
  );
  let stderr = '';
  // Everything the local cloud prints is kept, so a test can check what reaches the logs.
  const log = createWriteStream(join(dataDir, 'cloud.log'));
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const info = await new Promise<Record<string, unknown>>((resolveInfo, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`local cloud did not start:\n${stderr}`)), 90_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) {
        clearTimeout(timer);
        resolveInfo(JSON.parse(line) as Record<string, unknown>);
      }
    });
    child.once('exit', (code) => reject(new Error(`local cloud exited with ${code}:\n${stderr}`)));
  });
  writeFileSync(newInfoFile(), JSON.stringify({ ...info, pid: child.pid }));
  (globalThis as { __LOCAL_CLOUD__?: unknown }).__LOCAL_CLOUD__ = child;
}
