import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import chromium from '@sparticuz/chromium';

const port = Number(process.env.E2E_PORT ?? 4317);
const dataDir = join(tmpdir(), `resume-builder-e2e-${port}`);

/** End-to-end tests drive a real Chromium (from @sparticuz/chromium) through the real local cloud. */
export default defineConfig({
  testDir: '.',
  // The template and PDF fidelity specs need no app or local cloud, and the accessibility spec starts a cloud
  // of its own: they run from their own config (playwright.templates.config.ts), in the shorter lane.
  testIgnore: ['templates.spec.ts', 'pdf-fidelity.spec.ts', 'a11y.spec.ts'],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry absorbs a slow 2-core CI machine; Playwright still reports a retried pass as flaky.
  retries: 1,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace costs every test its DOM snapshots and screencast; a failing test is retried once
    // (above), and that retry records one.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: await chromium.executablePath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `node infra/local/start.ts --reset --port ${port} --data-dir ${dataDir}`,
    cwd: join(import.meta.dirname, '../..'),
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGINT', timeout: 10_000 },
  },
});
