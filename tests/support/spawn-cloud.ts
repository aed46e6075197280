import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { LocalCloudInfo } from '../../infra/local/cloud.ts';

const root = resolve(import.meta.dirname, '../..');

export interface RunningCloud {
  child: ChildProcessWithoutNullStreams;
  info: LocalCloudInfo;
  /** Ctrl+C, as a person would; resolves with the exit code. */
  interrupt(): Promise<number | null>;
}

/** Run `npm start`'s script as a child process on a free port and wait for its ready line. */
export function spawnCloud(dataDir: string, extraArgs: string[] = []): Promise<RunningCloud> {
  const child = spawn(
    process.execPath,
    ['infra/local/start.ts', '--port', '0', '--data-dir', dataDir, '--json', ...extraArgs],
    { cwd: root, env: { ...process.env, NODE_OPTIONS: '' } },
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const interrupt = () =>
    new Promise<number | null>((done) => {
      if (child.exitCode !== null) return done(child.exitCode);
      child.once('exit', (code) => done(code));
      child.kill('SIGINT');
    });
  return new Promise((resolveCloud, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolveCloud({ child, info: JSON.parse(line) as LocalCloudInfo, interrupt });
    });
    child.once('exit', (code) =>
      reject(Object.assign(new Error(`exited ${code}: ${stderr}`), { code, stderr })),
    );
  });
}
