import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import chromium from '@sparticuz/chromium';

/**
 * Template and pagination tests: a real Chromium (from @sparticuz/chromium) renders the preview harness
 * (tests/e2e/support/preview-harness.tsx, bundled by esbuild). No app build and no local cloud needed.
 * pdf-fidelity.spec.ts also prints the same resumes with the PDF worker's renderer and compares the two.
 */

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
  ],
});
