import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import chromium from '@sparticuz/chromium';

/**
 * The short browser lane. Template and pagination tests: a real Chromium (from @sparticuz/chromium) renders the
 * preview harness (tests/e2e/support/preview-harness.tsx, bundled by esbuild), with no app build or cloud;
 * pdf-fidelity.spec.ts also prints the same resumes with the PDF worker's renderer and compares the two.
 * a11y.spec.ts runs axe over the built app (frontend/dist, or SPA_DIR) in a local cloud of its own, started
 * here on E2E_A11Y_PORT: it only reads the seeded accounts, so it needs no fresh cloud per test, and this lane
 * is shorter than the app lane (playwright.config.ts), which would otherwise grow by its minute.
 */

const port = Number(process.env.E2E_A11Y_PORT ?? 4327);
const dataDir = join(tmpdir(), `resume-builder-a11y-${port}`);

const executablePath = await chromium.executablePath();
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: '.',
  // Its own output folder: Playwright empties it on start, and other suites may be running next to this one.
  outputDir: join(tmpdir(), 'templates-test-results'),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    viewport: { width: 1000, height: 1200 },
    launchOptions: { executablePath, args },
  },
  projects: [
    { name: 'templates', testMatch: 'templates.spec.ts' },
    {
      name: 'pdf-fidelity',
      testMatch: 'pdf-fidelity.spec.ts',
      // The PDF worker's Chromium lays text out with unhinted glyph advances (functions/adapters/chromium.ts),
      // as Chrome does on macOS, on Windows and on any high-density screen; the preview is compared in the same.
      use: { launchOptions: { executablePath, args: [...args, '--font-render-hinting=none'] } },
    },
    {
      name: 'a11y',
      testMatch: 'a11y.spec.ts',
      // One retry absorbs a slow, shared machine, as in the app lane.
      retries: 1,
      use: {
        baseURL: `http://localhost:${port}`,
        viewport: { width: 1280, height: 900 },
        actionTimeout: 15_000,
        trace: 'on-first-retry',
      },
    },
  ],
  webServer: {
    command: `node infra/local/start.ts --reset --port ${port} --data-dir ${dataDir}`,
    cwd: join(import.meta.dirname, '../..'),
    url: `http://localhost:${port}/api/health`,
    // E2E_A11Y_REUSE=1 runs the accessibility spec against a cloud already started on the port (while writing it).
    reuseExistingServer: process.env.E2E_A11Y_REUSE === '1',
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGINT', timeout: 10_000 },
  },
});
