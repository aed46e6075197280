import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import chromium from '@sparticuz/chromium';

/**
 * Template and pagination tests: a real Chromium (from @sparticuz/chromium) renders the preview harness
 * (tests/e2e/support/preview-harness.tsx, bundled by esbuild). No app build and no local cloud needed.
 */
export default defineConfig({
  testDir: '.',
  testMatch: 'templates.spec.ts',
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
});
