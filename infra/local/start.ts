import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startLocalCloud } from './cloud.ts';

/**
 * `npm start`: the whole product on one machine. Flags: --reset (wipe .data first), --port N (default 3000,
 * 0 for any free port), --data-dir DIR, --json (print the ready line as JSON, for tests), --no-seed.
 */
const { values } = parseArgs({
  options: {
    reset: { type: 'boolean', default: false },
    port: { type: 'string', default: process.env.PORT ?? '3000' },
    'data-dir': { type: 'string', default: resolve(import.meta.dirname, '../../.data') },
    json: { type: 'boolean', default: false },
    'no-seed': { type: 'boolean', default: false },
  },
});

const dataDir = resolve(values['data-dir']);
const pidFile = join(dataDir, 'local-cloud.pid');
const started = Date.now();

interface Lock {
  pid: number;
  url: string | null;
}

/** Whether a pid is a live local cloud (not a stranger that reused the number of a crashed one). */
function isLocalCloud(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('start.ts');
  } catch {
    return true; // no /proc (macOS): a live pid is taken at its word
  }
}

/**
 * Take the data folder's lock before anything starts, atomically (`wx`), so two starts can never run on
 * the same data, not even during the seconds the first one takes to come up. A lock left by a crash is taken over.
 */
function acquireLock(): void {
  mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(pidFile, JSON.stringify({ pid: process.pid, url: null } satisfies Lock), { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let other: Lock | null = null;
    try {
      other = JSON.parse(readFileSync(pidFile, 'utf8')) as Lock;
    } catch {
      other = null;
    }
    if (other && isLocalCloud(other.pid)) {
      console.error(
        `The local cloud is already running${other.url ? ` at ${other.url}` : ' (still starting)'} ` +
          `(process ${other.pid}, data in ${dataDir}).\n` +
          'Use that one, or stop it with Ctrl+C in its terminal before starting another.',
      );
      process.exit(1);
    }
    rmSync(pidFile, { force: true });
  }
  throw new Error(`could not take the lock ${pidFile}`);
}

acquireLock();
process.on('exit', () => {
  try {
    const lock = JSON.parse(readFileSync(pidFile, 'utf8')) as Lock;
    if (lock.pid === process.pid) rmSync(pidFile, { force: true });
  } catch {
    // already gone
  }
});

if (!values.json) {
  console.log(
    values.reset ? `Wiping ${dataDir} and starting the local cloud...` : 'Starting the local cloud...',
  );
}
let cloud: Awaited<ReturnType<typeof startLocalCloud>>;
// With --port 0 every port is picked free and bound a moment later (ports.ts): a local cloud starting beside
// this one (the test lanes start two at once) can take one in between, so a clash is tried again.
const start = async (attempt = 1): Promise<Awaited<ReturnType<typeof startLocalCloud>>> => {
  try {
    return await startLocalCloud({
      port: Number(values.port),
      dataDir,
      reset: values.reset,
      seed: !values['no-seed'],
      log: (m) => console.error(m),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || Number(values.port) !== 0 || attempt >= 3)
      throw error;
    console.error('A port picked was taken meanwhile; starting again.');
    return start(attempt + 1);
  }
};
try {
  cloud = await start();
} catch (error) {
  const e = error as NodeJS.ErrnoException;
  if (e.code === 'EADDRINUSE') {
    console.error(`Port ${values.port} is already in use by another program. Try: npm start -- --port 3100`);
  } else {
    console.error(`The local cloud could not start: ${e.stack ?? e.message}`);
  }
  process.exit(1);
}

writeFileSync(pidFile, JSON.stringify({ pid: process.pid, url: cloud.info.url } satisfies Lock));
const { info } = cloud;
if (values.json) {
  console.log(JSON.stringify({ ready: true, ...info }));
} else {
  console.log(`
  Resume Builder is running at ${info.url}   (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)

  Logins (local only):
${info.seedUsers.map((u) => `    ${u.email.padEnd(20)} ${u.password.padEnd(18)} ${u.role ?? 'user'}`).join('\n')}
  E-mail outbox (sign-up codes): ${info.url}/_local/outbox
  Data: ${info.dataDir}   (npm start -- --reset wipes it)
  Press Ctrl+C to stop.
`);
}

let stopping = false;
async function shutdown(reason: string) {
  if (stopping) return;
  stopping = true;
  if (!values.json) console.log(`\n${reason}: stopping the local cloud...`);
  // A stop that hangs must not keep the port: exit anyway after 8 s, within the 10 s process managers
  // commonly allow (DynamoDB Local still exits with us, as it watches its stdin pipe).
  setTimeout(() => process.exit(1), 8_000).unref();
  await cloud.stop();
  process.exit(0);
}
// SIGHUP too: a closed terminal, or a process manager, must not leave the cloud holding its port.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => void shutdown(signal));

/**
 * When whatever started us (npm, a shell, a test runner) dies without passing a signal on, stop too
 * rather than serve on as an orphan nobody can Ctrl+C. npm runs the script through `sh -c`, which neither
 * execs nor forwards signals: `kill <npm pid>` kills npm and that shell and leaves us reparented, and a
 * SIGKILL to npm leaves the shell waiting on us. So on Linux each link from us up through such a shell to
 * the process above it is watched (process.ppid is read once at startup, so /proc is read instead);
 * elsewhere the parent's liveness is probed. Init (pid 1) is never watched, as there is nothing to outlive,
 * and neither is anything when this process leads its own session (`setsid node infra/local/start.ts &`):
 * that is a deliberate detach, meant to outlive the shell that ran it.
 */
function parentOf(pid: number | 'self'): number | null {
  try {
    // Field 4 of /proc/PID/stat, after the parenthesised command name (which may contain spaces).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}
function isShellRunningOnlyUs(pid: number): boolean {
  try {
    const [command = '', flag] = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return /(^|\/)(sh|bash|dash)$/.test(command) && flag === '-c';
  } catch {
    return false;
  }
}
const links: { child: number | 'self'; parent: number }[] = [];
function leadsOwnSession(): boolean {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]) === process.pid;
  } catch {
    return false;
  }
}
if (process.ppid > 1 && !leadsOwnSession()) {
  links.push({ child: 'self', parent: process.ppid });
  const above = parentOf(process.ppid);
  if (isShellRunningOnlyUs(process.ppid) && above !== null && above > 1)
    links.push({ child: process.ppid, parent: above });
}
function parentGone(): boolean {
  if (parentOf('self') === null) {
    try {
      process.kill(process.ppid, 0);
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ESRCH';
    }
  }
  return links.some((link) => parentOf(link.child) !== link.parent);
}
if (links.length > 0) {
  setInterval(() => {
    if (parentGone()) void shutdown('The process that started the local cloud exited');
  }, 500).unref();
}
