// The renderer imports .tsx templates: the hook must be in place before any of them loads.
import '../../infra/local/tsx-hooks.ts';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';

/**
 * `npm run bench`: PDF export.
 * 1. Warm render time of `renderPdf` in this process, per template, for a one-page and a long resume
 *    (p50, p95, and the layout/print split of its own timings). Budget: p50 < 100 ms.
 * 2. Request-to-link through a real local cloud: from the POST /api/resume/{id}/pdf to the job's
 *    `succeeded` with its link, observed over the WebSocket (the push the browser gets). Cold (first request,
 *    no Chromium yet), warm (each after a PATCH, so each renders), cached (no change). Aims: warm < 1 s,
 *    cold < 3 s.
 * 3. Peak memory of the worker alone (pdf-memory-worker.ts in a child process): RSS of the Node process and
 *    of every Chromium process under it, sampled every 20 ms; compared with the manifest's memoryMb.
 * Writes tests/load/results/pdf.{json,md}.
 */
const WARM_UP = 5;
const SAMPLES = 30;
const LINK_WARM = 24;
const LINK_CACHED = 10;
const MEMORY_ROUNDS = 10;
const SAMPLE_EVERY_MS = 20;
const RENDER_BUDGET_MS = 100;
const WARM_LINK_AIM_MS = 1000;
const COLD_LINK_AIM_MS = 3000;

const root = resolve(import.meta.dirname, '../..');
const outDir = resolve(import.meta.dirname, 'results');

const { sampleResumeEn, shortResume } = await import('../../shared/sample-resumes.ts');
const { templateIds } = await import('../../shared/templates/registry.ts');
const { renderPdf } = await import('../../functions/domain/pdf-render.ts');
const { browserPid, closeBrowser } = await import('../../functions/adapters/chromium.ts');
const { functions } = await import('../../infra/app-manifest.ts');
const { spawnCloud } = await import('../support/spawn-cloud.ts');
type RunningCloud = Awaited<ReturnType<typeof spawnCloud>>;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (n: number) => Math.round(n * 10) / 10;
const sortedOf = (values: number[]) => [...values].sort((a, b) => a - b);
const p50 = (values: number[]) => round(percentile(sortedOf(values), 50));
const p95 = (values: number[]) => round(percentile(sortedOf(values), 95));
const load = () => loadavg().map((l) => Math.round(l * 100) / 100) as [number, number, number];
const loads: { phase: string; at: string; load: [number, number, number] }[] = [];
const noteLoad = (phase: string) => loads.push({ phase, at: new Date().toISOString(), load: load() });

// ---------------------------------------------------------------------------------------------------------
// Processes: a tree read from /proc, for the memory watch and to check nothing outlives the bench.

interface ProcInfo {
  pid: number;
  ppid: number;
  name: string;
  /** R, S, Z…: a zombie has ended and only waits to be reaped. */
  state: string;
  /** Clock ticks after boot: with the pid, names the process even once the pid is reused. */
  startTime: string;
}

function procInfo(pid: number): ProcInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name is in parentheses and may hold spaces or parentheses itself: the fields follow the last ')'.
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    return {
      pid,
      ppid: Number(fields[1]),
      name: stat.slice(stat.indexOf('(') + 1, close),
      state: fields[0] ?? '',
      startTime: fields[19] ?? '',
    };
  } catch {
    // Gone between the listing and the read.
    return undefined;
  }
}

function processTable(): ProcInfo[] {
  const table: ProcInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const info = procInfo(Number(entry));
    if (info) table.push(info);
  }
  return table;
}

function descendants(rootPid: number, table = processTable()): ProcInfo[] {
  const children = new Map<number, ProcInfo[]>();
  for (const p of table) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const found: ProcInfo[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift() as number) ?? []) {
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

/** A /proc/<pid>/<file> field in kB (VmRSS of status, Pss of smaps_rollup), 0 when the process is gone. */
function kbOf(pid: number, file: string, field: string): number {
  try {
    const match = readFileSync(`/proc/${pid}/${file}`, 'utf8').match(
      new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'),
    );
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

let memoryChild: ChildProcess | undefined;

/** Chromium's processes, by name (the trees also hold esbuild, DynamoDB Local and the like). */
const isChromium = (p: ProcInfo) => /chrom|headless/i.test(p.name);
/** Every Chromium process the bench has seen, its own or under a child of it: none may outlive the bench. */
const watchedChromium = new Map<number, string>();
const watch = (processes: ProcInfo[]) => {
  for (const p of processes.filter(isChromium)) watchedChromium.set(p.pid, p.startTime);
};

/** The watched processes still running (the same process, not a reused pid; a zombie has ended). */
function stillRunning(): number[] {
  return [...watchedChromium].flatMap(([pid, startTime]) => {
    const now = procInfo(pid);
    return now && now.startTime === startTime && now.state !== 'Z' ? [pid] : [];
  });
}

/**
 * Chromium's processes end on their own a moment after the browser's main process is killed: give them
 * `graceMs`, then kill by pid whatever still runs. Reports how long they lingered and what had to be killed.
 */
async function reapChromium(graceMs = 3_000): Promise<{ lingeredMs: number; killed: number[] }> {
  const started = performance.now();
  while (stillRunning().length > 0 && performance.now() - started < graceMs) {
    await new Promise((r) => setTimeout(r, 25));
  }
  const lingeredMs = Math.round(performance.now() - started);
  const killed = stillRunning();
  for (const pid of killed) process.kill(pid, 'SIGKILL');
  return { lingeredMs, killed };
}

// ---------------------------------------------------------------------------------------------------------
// 1. Warm render time, in process.

interface RenderRow {
  template: string;
  resume: 'short' | 'long';
  pages: number;
  bytes: number;
  n: number;
  p50: number;
  p95: number;
  max: number;
  layoutP50: number;
  printP50: number;
  firstMs: number;
  pass: boolean;
}

async function measureRenders(): Promise<RenderRow[]> {
  const rows: RenderRow[] = [];
  for (const template of templateIds) {
    for (const [name, resume] of [
      ['short', shortResume],
      ['long', sampleResumeEn],
    ] as const) {
      const input = { resume: { ...resume, template }, title: `Bench ${template} ${name}` };
      let firstMs = 0;
      for (let i = 0; i < WARM_UP; i++) {
        const t0 = performance.now();
        await renderPdf(input);
        if (i === 0) firstMs = round(performance.now() - t0);
      }
      const totals: number[] = [];
      const layouts: number[] = [];
      const prints: number[] = [];
      let last: Awaited<ReturnType<typeof renderPdf>> | undefined;
      for (let i = 0; i < SAMPLES; i++) {
        const t0 = performance.now();
        last = await renderPdf(input);
        totals.push(performance.now() - t0);
        layouts.push(last.timings.layout);
        prints.push(last.timings.print);
        if (last.blockedRequests.length > 0) {
          throw new Error(`${template}/${name}: the page made requests: ${last.blockedRequests.join(', ')}`);
        }
      }
      const row: RenderRow = {
        template,
        resume: name,
        pages: last?.pages ?? 0,
        bytes: last?.bytes.byteLength ?? 0,
        n: SAMPLES,
        p50: p50(totals),
        p95: p95(totals),
        max: round(Math.max(...totals)),
        layoutP50: p50(layouts),
        printP50: p50(prints),
        firstMs,
        pass: p50(totals) < RENDER_BUDGET_MS,
      };
      rows.push(row);
      console.log(
        `render ${template}/${name}: ${row.pages} p, p50 ${row.p50} ms (layout ${row.layoutP50} + print ${row.printP50}), p95 ${row.p95}`,
      );
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------------
// 3. Peak memory of the worker alone.

interface MemoryResult {
  renders: number;
  samples: number;
  durationMs: number;
  peakNodeMb: number;
  peakChromiumMb: number;
  peakSumMb: number;
  peakSumPssMb: number;
  chromiumProcessesMax: number;
  /** RSS sum (node + chromium) right after each round: growth from round to round is what a leak looks like. */
  sumAfterRoundMb: number[];
  chromiumAfterRoundMb: number[];
  manifestMemoryMb: number;
  /** After the worker exited: how long its Chromium processes lingered, and which had to be killed. */
  afterExit: { lingeredMs: number; killed: number[] };
}

async function measureMemory(): Promise<MemoryResult> {
  const child = spawn(
    process.execPath,
    [join(import.meta.dirname, 'pdf-memory-worker.ts'), String(MEMORY_ROUNDS)],
    { cwd: root, env: { ...process.env, NODE_OPTIONS: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  memoryChild = child;
  const pid = child.pid as number;
  const perTemplate = templateIds.length * 2;
  const sumAfterRound: number[] = [];
  const chromiumAfterRound: number[] = [];
  let peakNode = 0;
  let peakChromium = 0;
  let peakSum = 0;
  let peakPss = 0;
  let maxProcesses = 0;
  let samples = 0;
  let renders = 0;
  let lastNode = 0;
  let lastChromium = 0;
  let stderr = '';
  const started = performance.now();
  const sample = () => {
    const tree = descendants(pid).filter(isChromium);
    watch(tree);
    const node = kbOf(pid, 'status', 'VmRSS');
    if (node === 0) return;
    let chromium = 0;
    for (const p of tree) {
      chromium += kbOf(p.pid, 'status', 'VmRSS');
    }
    // PSS counts a shared page once across the processes: closer to what a memory limit sees. Costlier to
    // read, so every fifth sample.
    if (samples % 5 === 0) {
      const pss = [pid, ...tree.map((p) => p.pid)].reduce((s, p) => s + kbOf(p, 'smaps_rollup', 'Pss'), 0);
      peakPss = Math.max(peakPss, pss);
    }
    samples++;
    lastNode = node;
    lastChromium = chromium;
    maxProcesses = Math.max(maxProcesses, tree.length);
    peakNode = Math.max(peakNode, node);
    peakChromium = Math.max(peakChromium, chromium);
    peakSum = Math.max(peakSum, node + chromium);
  };
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    const lines = out.split('\n');
    out = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{"render"')) continue;
      renders = (JSON.parse(line) as { render: number }).render;
      if (renders % perTemplate === 0) {
        sample();
        sumAfterRound.push(round((lastNode + lastChromium) / 1024));
        chromiumAfterRound.push(round(lastChromium / 1024));
      }
    }
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  try {
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    if (code !== 0) throw new Error(`memory worker exited ${code}: ${stderr.slice(-2000)}`);
  } finally {
    clearInterval(timer);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  const mb = (kb: number) => round(kb / 1024);
  return {
    renders,
    samples,
    durationMs: Math.round(performance.now() - started),
    peakNodeMb: mb(peakNode),
    peakChromiumMb: mb(peakChromium),
    peakSumMb: mb(peakSum),
    peakSumPssMb: mb(peakPss),
    chromiumProcessesMax: maxProcesses,
    sumAfterRoundMb: sumAfterRound,
    chromiumAfterRoundMb: chromiumAfterRound,
    manifestMemoryMb: functions.pdfRender.memoryMb,
    afterExit: await reapChromium(),
  };
}

// ---------------------------------------------------------------------------------------------------------
// 2. Request to link, through the local cloud.

interface JobMessage {
  type: string;
  job: {
    id: string;
    status: string;
    steps: { name: string }[];
    result?: { url: string; cached: boolean; pages: number };
  };
}

interface LinkSample {
  /** POST sent → 202 received. */
  accepted: number;
  /** POST sent → first 'running' push (the worker picked the message up). */
  running: number;
  /** POST sent → the push of the 'storing' step (the PDF is rendered); equal to total when it was cached. */
  rendered: number;
  /** POST sent → 'succeeded' push with its link. */
  total: number;
  url: string;
  cached: boolean;
  pages: number;
}

interface LinkResult {
  resume: string;
  cold: Omit<LinkSample, 'url'>;
  warm: {
    n: number;
    p50: number;
    p95: number;
    max: number;
    acceptedP50: number;
    pickupP50: number;
    renderedP50: number;
  };
  cached: { n: number; p50: number; p95: number };
  warmSamples: number[];
  coldPass: boolean;
  warmPass: boolean;
  /** After the local cloud exited: how long its Chromium processes lingered, and which had to be killed. */
  afterExit: { lingeredMs: number; killed: number[] };
}

async function measureLinks(cloud: RunningCloud): Promise<LinkResult> {
  const watchCloudChromium = () => {
    watch(descendants(cloud.child.pid as number));
  };
  const { url, clientId } = cloud.info;
  const auth = await fetch(`${url}/cognito/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      // The seeded admin has paid access, which PDF export needs.
      AuthParameters: { USERNAME: 'admin@example.com', PASSWORD: 'Admin-Pass-2026' },
    }),
  });
  const token = ((await auth.json()) as { AuthenticationResult: { AccessToken: string } })
    .AuthenticationResult.AccessToken;
  const sub = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub as string;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(`${url}/api/resume/create/${sub}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ userId: sub }),
  });
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  const patch = async (body: object) => {
    const response = await fetch(`${url}/api/resume/${id}?lean=true`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`PATCH answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  };
  await patch({ ...sampleResumeEn, title: 'PDF bench' });

  // The browser's way to hear about its job: a ticket, then the socket; every change of a job is pushed.
  const ticketResponse = await fetch(`${url}/api/ws/ticket`, { method: 'POST', headers });
  const { ticket } = ((await ticketResponse.json()) as { data: { ticket: string } }).data;
  const socket = new WebSocket(`${url.replace('http', 'ws')}/ws?ticket=${ticket}`, { origin: url });
  await new Promise((done, fail) => socket.once('open', done).once('error', fail));
  const seen = new Map<string, { status: string; at: number; message: JobMessage }[]>();
  let wake: (() => void) | undefined;
  socket.on('message', (data) => {
    const at = performance.now();
    const message = JSON.parse(data.toString()) as JobMessage;
    if (message.type !== 'job') return;
    seen.set(message.job.id, [
      ...(seen.get(message.job.id) ?? []),
      { status: message.job.status, at, message },
    ]);
    wake?.();
  });

  const requestPdf = async (timeoutMs = 30_000): Promise<LinkSample> => {
    const t0 = performance.now();
    const response = await fetch(`${url}/api/resume/${id}/pdf`, { method: 'POST', headers });
    const accepted = performance.now() - t0;
    const body = (await response.json()) as { data?: { jobId: string }; error?: { code: string } };
    if (response.status !== 202 || !body.data) {
      throw new Error(`POST /pdf answered ${response.status} ${body.error?.code ?? ''}`);
    }
    const { jobId } = body.data;
    const deadline = t0 + timeoutMs;
    for (;;) {
      const events = seen.get(jobId) ?? [];
      const end = events.find((e) => e.status === 'succeeded' || e.status === 'failed');
      if (end) {
        const result = end.message.job.result;
        if (end.status !== 'succeeded' || !result?.url) throw new Error(`job ${jobId} ${end.status}`);
        const running = events.find((e) => e.status === 'running');
        const storing = events.find((e) => e.message.job.steps.some((step) => step.name === 'storing'));
        return {
          accepted,
          running: (running?.at ?? end.at) - t0,
          rendered: (storing?.at ?? end.at) - t0,
          total: end.at - t0,
          url: result.url,
          cached: result.cached,
          pages: result.pages,
        };
      }
      if (performance.now() > deadline) throw new Error(`job ${jobId}: no end after ${timeoutMs} ms`);
      await new Promise<void>((done) => {
        const timer = setTimeout(done, 250);
        wake = () => {
          clearTimeout(timer);
          done();
        };
      });
    }
  };

  try {
    const cold = await requestPdf();
    watchCloudChromium();
    const file = await fetch(cold.url);
    const head = Buffer.from(await file.arrayBuffer())
      .subarray(0, 5)
      .toString();
    if (!file.ok || head !== '%PDF-') throw new Error(`the link did not give a PDF: ${file.status} ${head}`);
    const warmSamples: LinkSample[] = [];
    for (let i = 0; i < LINK_WARM; i++) {
      await patch({ title: `PDF bench ${i}` });
      const sample = await requestPdf();
      if (sample.cached) throw new Error('a changed resume was served from the cache');
      warmSamples.push(sample);
    }
    const cachedSamples: LinkSample[] = [];
    for (let i = 0; i < LINK_CACHED; i++) {
      const sample = await requestPdf();
      if (!sample.cached) throw new Error('an unchanged resume was rendered again');
      cachedSamples.push(sample);
    }
    watchCloudChromium();
    const totals = warmSamples.map((s) => s.total);
    return {
      resume: `sampleResumeEn (${sampleResumeEn.template}, ${cold.pages} pages)`,
      cold: {
        accepted: round(cold.accepted),
        running: round(cold.running),
        rendered: round(cold.rendered),
        total: round(cold.total),
        pages: cold.pages,
        cached: cold.cached,
      },
      warm: {
        n: totals.length,
        p50: p50(totals),
        p95: p95(totals),
        max: round(Math.max(...totals)),
        acceptedP50: p50(warmSamples.map((s) => s.accepted)),
        pickupP50: p50(warmSamples.map((s) => s.running)),
        renderedP50: p50(warmSamples.map((s) => s.rendered)),
      },
      cached: {
        n: cachedSamples.length,
        p50: p50(cachedSamples.map((s) => s.total)),
        p95: p95(cachedSamples.map((s) => s.total)),
      },
      warmSamples: totals.map(round),
      coldPass: cold.total < COLD_LINK_AIM_MS,
      warmPass: p50(totals) < WARM_LINK_AIM_MS,
      afterExit: { lingeredMs: 0, killed: [] },
    };
  } finally {
    socket.close();
  }
}

// ---------------------------------------------------------------------------------------------------------

const dataDir = mkdtempSync(join(tmpdir(), 'resume-builder-bench-pdf-'));
let cloud: RunningCloud | undefined;
try {
  noteLoad('start');
  console.log(`load average ${load().join(' ')} on ${cpus().length} CPUs`);
  // Warm render times first, before anything else of ours is running.
  const renders = await measureRenders();
  watch(descendants(process.pid));
  console.log(`bench's own Chromium: ${browserPid()}, ${watchedChromium.size} processes`);
  await closeBrowser();
  const ownAfterClose = await reapChromium();
  noteLoad('after renders');

  const memory = await measureMemory();
  noteLoad('after memory');

  cloud = await spawnCloud(dataDir);
  const links = await measureLinks(cloud);
  noteLoad('after request-to-link');
  await cloud.interrupt();
  cloud = undefined;
  links.afterExit = await reapChromium();

  const cleanup = [
    { owner: 'bench process, closeBrowser()', ...ownAfterClose },
    { owner: 'memory worker, closeBrowser() then exit', ...memory.afterExit },
    { owner: 'local cloud, Ctrl+C', ...links.afterExit },
  ];
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? '', node: process.version },
    load: loads,
    note: 'Milliseconds unless marked. Renders: renderPdf in the bench process, Chromium reused (as in a warm Lambda), the same resume each time. Request-to-link: admin (paid) through the local cloud, one client, observed over the WebSocket push.',
    budgets: {
      renderP50Ms: RENDER_BUDGET_MS,
      warmLinkP50Ms: WARM_LINK_AIM_MS,
      coldLinkMs: COLD_LINK_AIM_MS,
    },
    renders,
    requestToLink: links,
    memory,
    cleanup,
  };
  writeFileSync(join(outDir, 'pdf.json'), `${JSON.stringify(report, null, 2)}\n`);
  const verdict = (pass: boolean) => (pass ? 'pass' : '**miss**');
  const renderRows = renders.map(
    (r) =>
      `| ${r.template} | ${r.resume} | ${r.pages} | ${Math.round(r.bytes / 1024)} | ${r.n} | ${r.p50} | ${r.p95} | ${r.max} | ${r.layoutP50} | ${r.printP50} | ${r.firstMs} | ${verdict(r.pass)} |`,
  );
  const md = `# PDF export

${report.date} · ${report.machine.cpus} × ${report.machine.cpu} · Node ${report.machine.node}

Load average (1, 5, 15 min): ${loads.map((l) => `${l.phase} ${l.load.join(' / ')}`).join(' · ')}

## Warm render time (renderPdf in process; budget p50 < ${RENDER_BUDGET_MS} ms)

${WARM_UP} warm-up renders, then ${SAMPLES} measured, per row. Layout and print are renderPdf's own timings (layout
includes lending the page); "first" is the first warm-up render of the row (the very first one launches Chromium).

| Template | Resume | Pages | KiB | n | p50 ms | p95 ms | max ms | layout p50 | print p50 | first ms | Budget |
|---|---|---|---|---|---|---|---|---|---|---|---|
${renderRows.join('\n')}

## Request to link (local cloud, ${links.resume})

From sending POST /api/resume/{id}/pdf to the WebSocket push of the job as \`succeeded\` with its link.
Warm: each request after a PATCH of the title, so each one renders. Cached: no change, the stored file is linked.
The phase columns (warm: p50) are times from the POST too: the 202, the worker's first 'running' push (it has
the message), its 'storing' push (the PDF is printed); the rest up to the total is storing, presigning and the push.

| Case | n | p50 ms | p95 ms | max ms | 202 after | picked up after | rendered after | Aim |
|---|---|---|---|---|---|---|---|---|
| Cold (first request, Chromium not launched) | 1 | ${links.cold.total} | | | ${links.cold.accepted} | ${links.cold.running} | ${links.cold.rendered} | < ${COLD_LINK_AIM_MS}: ${verdict(links.coldPass)} |
| Warm (changed resume, rendered) | ${links.warm.n} | ${links.warm.p50} | ${links.warm.p95} | ${links.warm.max} | ${links.warm.acceptedP50} | ${links.warm.pickupP50} | ${links.warm.renderedP50} | p50 < ${WARM_LINK_AIM_MS}: ${verdict(links.warmPass)} |
| Cached (unchanged resume) | ${links.cached.n} | ${links.cached.p50} | ${links.cached.p95} | | | | | |

## Peak memory of the worker alone (${memory.renders} renders: ${MEMORY_ROUNDS} rounds of 4 templates × 2 resumes)

RSS sampled every ${SAMPLE_EVERY_MS} ms (${memory.samples} samples) of the Node process and of every Chromium process under it
(up to ${memory.chromiumProcessesMax}). RSS counts shared pages once per process, so the sum overstates; PSS shares them out.

| Measure | MB |
|---|---|
| Node, peak RSS | ${memory.peakNodeMb} |
| Chromium (all processes), peak RSS | ${memory.peakChromiumMb} |
| Sum, peak RSS | ${memory.peakSumMb} |
| Sum, peak PSS | ${memory.peakSumPssMb} |
| Manifest memoryMb of pdfRender | ${memory.manifestMemoryMb} |

RSS sum after each round (MB): ${memory.sumAfterRoundMb.join(', ')}; of it Chromium: ${memory.chromiumAfterRoundMb.join(', ')}.
Locally Chromium runs one process per role; in Lambda it runs with --single-process.

## Clean-up: Chromium after its owner ended

| Owner | Chromium processes gone after | Killed by the bench |
|---|---|---|
${cleanup.map((c) => `| ${c.owner} | ${c.lingeredMs} ms | ${c.killed.length > 0 ? `**${c.killed.join(', ')}**` : 'none'} |`).join('\n')}
`;
  writeFileSync(join(outDir, 'pdf.md'), md);
  console.log(md);
} finally {
  await closeBrowser();
  if (memoryChild?.exitCode === null) memoryChild.kill('SIGKILL');
  if (cloud) await cloud.interrupt();
  const { killed } = await reapChromium();
  if (killed.length > 0) console.error(`killed Chromium processes left running: ${killed.join(', ')}`);
  rmSync(dataDir, { recursive: true, force: true });
}
