import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { readInfo } from './support/paths.ts';

/** Every process descended from `root` (Linux /proc), with its command name. */
function descendants(root: number): Map<number, string> {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // pid (comm) state ppid ...: the name may hold spaces and parentheses, so split after the last ')'.
      const close = stat.lastIndexOf(')');
      parents.set(pid, Number(stat.slice(close + 2).split(' ')[1]));
      names.set(pid, stat.slice(stat.indexOf('(') + 1, close));
    } catch {
      // Gone between the listing and the read.
    }
  }
  const found = new Map<number, string>();
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const [pid, ppid] of parents) {
      if (ppid === parent && !found.has(pid)) {
        found.set(pid, names.get(pid) ?? '');
        queue.push(pid);
      }
    }
  }
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
};

/**
 * Stop the local cloud started by the global setup and remove its data. Whatever it started (DynamoDB
 * Local's Java, the PDF worker's Chromium) must end with it: a survivor fails the run.
 */
export default async function globalTeardown(): Promise<void> {
  const child = (globalThis as { __LOCAL_CLOUD__?: ChildProcess }).__LOCAL_CLOUD__;
  const info = readInfo();
  let children = new Map<number, string>();
  if (child?.pid && child.exitCode === null) {
    children = descendants(child.pid);
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGINT');
    });
  }
  const deadline = Date.now() + 5_000;
  while ([...children.keys()].some(alive) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const survivors = [...children].filter(([pid]) => alive(pid));
  for (const [pid] of survivors) process.kill(pid, 'SIGKILL');
  rmSync(info.dataDir, { recursive: true, force: true });
  if (survivors.length > 0) {
    throw new Error(
      `The local cloud left processes running: ${survivors.map(([pid, name]) => `${name} (${pid})`).join(', ')}`,
    );
  }
}
