import { spawn } from 'node:child_process';
import chromium from '@sparticuz/chromium';

/**
 * `npm test`: every phase of the test suite, in lanes that run side by side. Most phases keep one core
 * busy at most (tsc, Jest in band, one Playwright worker), and the ones that drive a local cloud spend much
 * of their time waiting on it, so lanes side by side finish far sooner on CI's two cores than one chain.
 * A lane is a sequence; a phase that needs another's output (the e2e tests need the app build) follows it
 * in the same lane. After a failure no phase starts (unless `npm test -- --keep-going`); the running ones
 * finish, so no local cloud is cut off.
 * Each phase's output is printed whole when it ends, not interleaved with the others'.
 */

/**
 * Phases of pure computation (no wall-clock timeouts, nothing waiting on them) run at lower CPU priority
 * (nice 10) in a lane of their own: they take what the test lanes leave idle. Test phases never do: a
 * starved Jest or Playwright run would trip its own timeouts.
 */
const background = new Set(['lint', 'typecheck']);

// Measured on a fresh clone, 2026-11-28 (issue 22's specs in): unit 82 s, stack 110 s, integration 243 s,
// e2e app 265 s, templates 96 s. The app's e2e phase and the integration phase each have a lane, after the unit
// tests; the template specs follow the stack phase (lanes about 350, 325 and 290 s, not 445 s with the
// template specs after the app's).
const lanes: string[][] = [
  ['build', 'test:e2e:app'],
  ['test:unit', 'test:stack', 'test:e2e:templates'],
  ['test:integration'],
  ['lint', 'typecheck'],
];

/**
 * Phases that also wait for a phase of another lane. Some unit tests time their own code or give a worker
 * thread 5 s to start, so they run before the local clouds and browsers do, with only the app build (a few
 * seconds) and the background lane beside them.
 */
const after: Record<string, string[]> = {
  'test:e2e:app': ['test:unit'],
  'test:integration': ['test:unit'],
  // The accessibility spec (templates config) serves the app build.
  'test:e2e:templates': ['build'],
};

const keepGoing = process.argv.includes('--keep-going');
const started = Date.now();
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`;
const results: { phase: string; ok: boolean; time: string }[] = [];
let failed = false;
let interrupted = false;
const finished = new Map<string, PromiseWithResolvers<void>>(
  lanes.flat().map((phase) => [phase, Promise.withResolvers<void>()]),
);

function run(phase: string): Promise<boolean> {
  const since = Date.now();
  const args = ['run', '--silent', phase];
  const child = background.has(phase) ? spawn('nice', ['-n', '10', 'npm', ...args]) : spawn('npm', args);
  const output: Buffer[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(d));
  child.stderr?.on('data', (d: Buffer) => output.push(d));
  return new Promise((done) => {
    child.once('close', (code, signal) => {
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

async function runLane(lane: string[]): Promise<void> {
  try {
    for (const phase of lane) {
      await Promise.all((after[phase] ?? []).map((other) => finished.get(other)?.promise));
      if (interrupted || (failed && !keepGoing)) return;
      if (!(await run(phase))) failed = true;
      finished.get(phase)?.resolve();
    }
  } finally {
    // A lane that stops early releases whatever waits on its phases, so every lane reaches its end.
    for (const phase of lane) finished.get(phase)?.resolve();
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
const skipped = lanes.flat().filter((p) => !results.some((r) => r.phase === p));
if (skipped.length > 0) process.stdout.write(`not run after the failure: ${skipped.join(', ')}\n`);
process.stdout.write(`npm test ${failed ? 'failed' : 'passed'} in ${seconds(started)}\n`);
process.exit(failed ? 1 : 0);
