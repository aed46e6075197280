import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { readInfo } from './support/paths.ts';

/** Stop the local cloud started by the global setup and remove its data. */
export default async function globalTeardown(): Promise<void> {
  const child = (globalThis as { __LOCAL_CLOUD__?: ChildProcess }).__LOCAL_CLOUD__;
  const info = readInfo();
  if (child && child.exitCode === null) {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGINT');
    });
  }
  rmSync(info.dataDir, { recursive: true, force: true });
}
