import { type ChildProcess, spawn } from 'node:child_process';
import chromium from '@sparticuz/chromium';

/**
 * `npm test`: every phase of the test suite, in lanes that run side by side. Most phases keep one core
 * busy at most (tsc, Jest in band, one Playwright worker), and the ones that drive a local cloud spend much
 * of their time waiting on it, so two or three lanes finish far sooner on CI's two cores than one chain.
 * A lane is a sequence; a phase that needs another's output (the e2e tests need the app build) follows it
 * in the same lane. After a failure no phase starts (unless `npm test -- --keep-going`); the running ones
 * finish, so no local cloud is cut off.
 * Each phase's output is printed whole when it ends, not interleaved with the others'.
 */

interface Lane {
  phases: string[];
  /**
   * Lower CPU priority (nice 10) for lanes of pure computation: they take the cores the cloud-driven lanes
   * leave idle, and never slow the browser tests whose timeouts are measured in wall time.
   */
  background?: boolean;
}

const lanes: Lane[] = [
  { phases: ['build', 'test:e2e:app'] },
  { phases: ['test:integration'] },
  { phases: ['lint', 'typecheck', 'test:unit', 'test:stack', 'test:e2e:templates'], background: true },
];

const keepGoing = process.argv.includes('--keep-going');
const started = Date.now();
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`;
const results: { phase: string; ok: boolean; time: string }[] = [];
const running = new Set<ChildProcess>();
let failed = false;
let interrupted = false;

function run(phase: string, background: boolean): Promise<boolean> {
  const since = Date.now();
  const args = ['run', '--silent', phase];
  const child = background ? spawn('nice', ['-n', '10', 'npm', ...args]) : spawn('npm', args);
  running.add(child);
  const output: Buffer[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(d));
  child.stderr?.on('data', (d: Buffer) => output.push(d));
  return new Promise((done) => {
    child.once('close', (code, signal) => {
      running.delete(child);
      const ok = code === 0;
      results.push({ phase, ok, time: seconds(since) });
      process.stdout.write(
        `\n── ${phase}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds(since)} ──\n`,
      );
      process.stdout.write(Buffer.concat(output));
      done(ok);
    });
  });
}

async function runLane(lane: Lane): Promise<void> {
  for (const phase of lane.phases) {
    if (interrupted || (failed && !keepGoing)) return;
    if (!(await run(phase, lane.background ?? false))) failed = true;
  }
}

// Ctrl+C reaches every phase through the process group; waiting here lets them stop their clouds.
process.on('SIGINT', () => {
  interrupted = true;
  failed = true;
});

// Both Playwright configs unpack the browser on first use; doing it once here keeps two runs that start
// together on a fresh machine from unpacking into the same folder at once.
await chromium.executablePath();

await Promise.all(lanes.map(runLane));

const width = Math.max(...results.map((r) => r.phase.length));
process.stdout.write('\n');
for (const r of results)
  process.stdout.write(`${r.phase.padEnd(width)}  ${r.ok ? 'ok  ' : 'FAIL'}  ${r.time}\n`);
const skipped = lanes.flatMap((l) => l.phases).filter((p) => !results.some((r) => r.phase === p));
if (skipped.length > 0) process.stdout.write(`not run after the failure: ${skipped.join(', ')}\n`);
process.stdout.write(`npm test ${failed ? 'failed' : 'passed'} in ${seconds(started)}\n`);
process.exit(failed ? 1 : 0);
