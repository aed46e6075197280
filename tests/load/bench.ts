import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawnCloud } from '../support/spawn-cloud.ts';

/**
 * `npm run bench`: API latency of GET and PATCH resume at 1 and 20 concurrent clients against the real
 * local cloud (gateway, authorizer, handlers, DynamoDB Local). Writes tests/load/results/latest.{json,md}.
 */
const REQUESTS = { 1: 300, 20: 2000 } as const;
const outDir = resolve(import.meta.dirname, 'results');

interface Stats {
  scenario: string;
  concurrency: number;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
  throughput: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (n: number) => Math.round(n * 100) / 100;

async function run(
  scenario: string,
  concurrency: number,
  total: number,
  request: (i: number, client: number) => Promise<Response>,
): Promise<Stats> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        try {
          const response = await request(i, client);
          await response.arrayBuffer();
          if (!response.ok) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    scenario,
    concurrency,
    requests: total,
    errors,
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? 0),
    mean: round(latencies.reduce((a, b) => a + b, 0) / latencies.length),
    throughput: round(total / elapsed),
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'resume-builder-bench-'));
const cloud = await spawnCloud(dataDir);
try {
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
      // The seeded admin: no plan limit, so every simulated client gets a resume of its own.
      AuthParameters: { USERNAME: 'admin@example.com', PASSWORD: 'Admin-Pass-2026' },
    }),
  });
  const token = ((await auth.json()) as { AuthenticationResult: { AccessToken: string } })
    .AuthenticationResult.AccessToken;
  const sub = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub as string;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  // One resume per client: a resume is edited by one person, whose autosave keeps one request in flight.
  const ids: string[] = [];
  for (let client = 0; client < 20; client++) {
    const created = await fetch(`${url}/api/resume/create/${sub}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        userId: sub,
        firstName: 'Bench',
        lastName: `Mark ${client}`,
        email: 'bench@example.com',
      }),
    });
    ids.push(((await created.json()) as { data: { id: string } }).data.id);
  }
  const id = ids[0] as string;
  const experience = Array.from({ length: 5 }, (_, i) => ({
    id: `e${i}`,
    company: `Company ${i}`,
    position: 'Engineer',
    startDate: '2020-01',
    endDate: '2022-01',
    current: false,
    description: 'Built and ran services. '.repeat(20),
  }));

  // Warm-up: module loading and JWKS fetch, as a warm Lambda would have done.
  for (let i = 0; i < 20; i++) await (await fetch(`${url}/api/resume/id/${id}`, { headers })).arrayBuffer();

  const results: Stats[] = [];
  for (const concurrency of [1, 20] as const) {
    const total = REQUESTS[concurrency];
    results.push(
      await run('GET /api/resume/id/{id}', concurrency, total, () =>
        fetch(`${url}/api/resume/id/${id}`, { headers }),
      ),
    );
    results.push(
      await run('PATCH /api/resume/{id}?lean=true', concurrency, total, (i, client) =>
        fetch(`${url}/api/resume/${ids[client]}?lean=true`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ title: `Bench ${i}`, experience }),
        }),
      ),
    );
  }

  const report = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? '', node: process.version },
    note: 'Local cloud on one machine: HTTP gateway + JWT authorizer + handler (token check, profile read) + DynamoDB Local. Milliseconds. PATCH: each client writes its own resume (read, merge, conditional put).',
    results,
  };
  writeFileSync(join(outDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  const rows = results.map(
    (r) =>
      `| ${r.scenario} | ${r.concurrency} | ${r.requests} | ${r.errors} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.max} | ${r.throughput} |`,
  );
  const md = `# API latency (local cloud)

${report.date} · ${report.machine.cpus} × ${report.machine.cpu} · Node ${report.machine.node}

${report.note}

| Scenario | Clients | Requests | Errors | p50 ms | p95 ms | p99 ms | max ms | req/s |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
  writeFileSync(join(outDir, 'latest.md'), md);
  console.log(md);
} finally {
  await cloud.interrupt();
  rmSync(dataDir, { recursive: true, force: true });
}
