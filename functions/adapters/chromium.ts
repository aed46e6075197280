import chromium from '@sparticuz/chromium';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { logger } from '../lib/logger.ts';

/**
 * One headless Chromium per process, the same in Lambda and in the local cloud: launched on first use from
 * @sparticuz/chromium (or CHROMIUM_PATH), kept across warm invocations, launched again when it dies. Pages
 * are lent out one per render; a page that failed is closed rather than reused. The browser is killed when
 * the process exits, so no Chromium outlives its worker.
 */

const baseArgs = [
  '--no-sandbox',
  '--no-zygote',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-domain-reliability',
  '--disable-extensions',
  '--disable-print-preview',
  '--disable-sync',
  '--no-default-browser-check',
  '--no-first-run',
  '--no-pings',
  // Glyph advances without hinting: text measures the same at every scale, so page breaks do too.
  '--font-render-hinting=none',
];

/** Lambda has no /dev/shm worth the name and one vCPU per 1.7 GB: everything in one process there. */
const inLambda = () => Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME);

let launching: Promise<Browser> | undefined;
const idle: Page[] = [];
const MAX_IDLE_PAGES = 2;
let exitHookAdded = false;

async function launch(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH || (await chromium.executablePath());
  const started = performance.now();
  const browser = await puppeteer.launch({
    executablePath,
    headless: 'shell',
    args: inLambda() ? [...baseArgs, '--single-process'] : baseArgs,
    // The host (Lambda, the local cloud) decides when the process ends; the exit hook below cleans up.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    protocolTimeout: 30_000,
    defaultViewport: { width: 1200, height: 1600 },
  });
  browser.once('disconnected', () => {
    idle.length = 0;
    if (current === browser) {
      current = undefined;
      launching = undefined;
    }
  });
  if (!exitHookAdded) {
    exitHookAdded = true;
    // Synchronous, because 'exit' allows nothing else: the browser must not outlive this process.
    process.once('exit', () => {
      current?.process()?.kill('SIGKILL');
    });
  }
  current = browser;
  logger.info('chromium launched', { ms: Math.round(performance.now() - started) });
  return browser;
}

let current: Browser | undefined;

/** The process's browser, launched if there is none or the last one died. */
export async function getBrowser(): Promise<Browser> {
  if (launching) {
    const browser = await launching.catch(() => undefined);
    if (browser?.connected) return browser;
    launching = undefined;
  }
  launching = launch();
  launching.catch(() => {
    launching = undefined;
  });
  return launching;
}

/** A page to render in: an idle one when there is one, else a new one. */
export async function acquirePage(): Promise<Page> {
  const browser = await getBrowser();
  while (idle.length > 0) {
    const page = idle.pop();
    if (page && !page.isClosed() && page.browser() === browser) return page;
  }
  return browser.newPage();
}

/** Give a page back: kept for the next render when it is healthy, closed otherwise. */
export async function releasePage(page: Page, healthy: boolean): Promise<void> {
  if (healthy && !page.isClosed() && page.browser().connected && idle.length < MAX_IDLE_PAGES) {
    idle.push(page);
    return;
  }
  await closePage(page);
}

/** Close a page; when it will not close (a hung renderer), the whole browser goes. */
export async function closePage(page: Page, timeoutMs = 2_000): Promise<void> {
  if (page.isClosed()) return;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const outcome = await Promise.race([page.close().then(() => 'closed' as const), timedOut]).catch(
    () => 'failed' as const,
  );
  clearTimeout(timer);
  if (outcome !== 'closed') {
    logger.warn('page would not close; killing the browser', { outcome });
    await closeBrowser();
  }
}

/** Close the browser (and kill it if it does not go quietly). */
export async function closeBrowser(): Promise<void> {
  const browser = current;
  current = undefined;
  launching = undefined;
  idle.length = 0;
  if (!browser) return;
  const child = browser.process();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    browser.close(),
    new Promise((resolve) => {
      timer = setTimeout(resolve, 3_000);
    }),
  ]).catch(() => undefined);
  clearTimeout(timer);
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** The pid of the running browser, if any (tests check it is gone). */
export function browserPid(): number | undefined {
  return current?.process()?.pid;
}
