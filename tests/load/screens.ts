import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import chromium from '@sparticuz/chromium';
import { type Browser, type BrowserContext, type Page, chromium as playwright } from 'playwright-core';
import { spawnCloud } from '../support/spawn-cloud.ts';

/**
 * Screenshots of every route (`npm run docs:screens`), for looking at the product as its users do: each route
 * at 1280×800 and 390×844, in en-US and pt-BR, as a visitor, as the demo user and as the admin, against the
 * local cloud on a fresh data dir serving a build of the SPA (SPA_DIR if it holds one, else a temporary build).
 * Written to docs/images/screens/<lang>/<width>/<route>.jpg with an index, docs/images/screens/README.md.
 *
 * Pictures are JPEG at quality 70, full page but at most 2400 px tall. JPEG because Chromium encodes it itself
 * and the repository has no PNG quantizer: a full-colour PNG of these pages measured about 1.5 times the JPEG
 * (more where resume previews are shown), which would put the set at the 15 MB budget, while at quality 70 the
 * text stays readable for a review and the set is about 9 MB. Sticky and 100vh elements (sidebar, builder
 * columns) are drawn as at the top of the page, so below 800 px they show the page background.
 */

const root = resolve(import.meta.dirname, '../..');
const outDir = join(root, 'docs/images/screens');
const chromeArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--font-render-hinting=none',
];

const languages = ['en-US', 'pt-BR'] as const;
type Lang = (typeof languages)[number];
const viewports = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const MAX_HEIGHT = 2400;
const JPEG_QUALITY = 70;
/** How long a page may take to settle before it is taken as it is (and reported). */
const SETTLE_TIMEOUT = 20_000;

const DEMO = { email: 'demo@example.com', password: 'Demo-Pass-2026' };
const ADMIN = { email: 'admin@example.com', password: 'Admin-Pass-2026' };

type Who = 'visitor' | 'demo' | 'admin';

interface Shot {
  /** File name (no extension) and the index's first column. */
  name: string;
  /** Path and query; `{resume}`, `{user}` are filled in from the seeded data. */
  path: string;
  who: Who;
  /** What the index says about the picture. */
  note: string;
  /** Where the route is expected to end up, when it redirects. */
  lands?: string;
}

/**
 * Every route of frontend/src/app/router.tsx and spec section 2. Ordered so that nothing a shot does changes
 * what an earlier one showed: each route is taken in all four variants before the next one.
 */
const shots: Shot[] = [
  { name: 'landing', path: '/', who: 'visitor', note: 'Landing page' },
  { name: 'pricing', path: '/pricing', who: 'visitor', note: 'Pricing, signed out' },
  { name: 'faq', path: '/faq', who: 'visitor', note: 'FAQ, signed out' },
  { name: 'privacy-policy', path: '/privacy-policy', who: 'visitor', note: 'Privacy policy' },
  { name: 'terms', path: '/terms', who: 'visitor', note: 'Terms of service' },
  { name: 'auth-sign-in', path: '/auth', who: 'visitor', note: 'Sign in' },
  { name: 'auth-sign-up', path: '/auth?view=sign-up', who: 'visitor', note: 'Sign up' },
  { name: 'reset-password', path: '/reset-password', who: 'visitor', note: 'Reset password, step one' },
  {
    name: 'reset-password-change',
    path: '/reset-password?step=change',
    who: 'visitor',
    note: 'Reset password, new password',
  },
  { name: 'not-found', path: '/no-such-page', who: 'visitor', note: 'Unknown path (404)' },
  {
    name: 'account-deleted',
    path: '/account-deleted',
    who: 'visitor',
    note: 'After deleting the account (signed out)',
  },
  { name: 'resumes', path: '/resumes', who: 'demo', note: 'My resumes (demo user)' },
  { name: 'builder', path: '/builder?id={resume}', who: 'demo', note: 'Builder, English example open' },
  { name: 'upload-resume', path: '/upload-resume', who: 'demo', note: 'Upload a resume' },
  { name: 'resume-tailoring', path: '/resume-tailoring', who: 'demo', note: 'AI tailoring, step one' },
  {
    name: 'resume-tailoring-test',
    path: '/resume-tailoring-test',
    who: 'demo',
    note: 'Tailoring, test variant',
  },
  { name: 'resume-assistant', path: '/resume-assistant', who: 'demo', note: 'AI resume assistant' },
  { name: 'account-settings', path: '/account-settings', who: 'demo', note: 'Account settings' },
  { name: 'subscription', path: '/subscription', who: 'demo', note: 'Subscription (Free user)' },
  { name: 'pricing-signed-in', path: '/pricing', who: 'demo', note: 'Pricing, signed in' },
  { name: 'faq-signed-in', path: '/faq', who: 'demo', note: 'FAQ, signed in' },
  { name: 'cover-letter', path: '/cover-letter', who: 'demo', note: 'Cover letters (flag on only)' },
  {
    name: 'new-resume',
    path: '/new-resume',
    who: 'demo',
    note: 'New resume: lands on a blank builder',
    lands: '/builder',
  },
  { name: 'admin-overview', path: '/admin', who: 'admin', note: 'Admin overview' },
  { name: 'admin-users', path: '/admin/users', who: 'admin', note: 'Admin users list' },
  { name: 'admin-user-detail', path: '/admin/users/{user}', who: 'admin', note: 'Admin user detail (demo)' },
  {
    name: 'admin-user-resume',
    path: '/admin/users/{user}/resumes/{resume}',
    who: 'admin',
    note: "Admin view of a user's resume",
  },
  { name: 'admin-audit', path: '/admin/audit', who: 'admin', note: 'Admin audit log' },
  { name: 'admin-flags', path: '/admin/flags', who: 'admin', note: 'Admin feature flags' },
  { name: 'admin-test', path: '/admin-test', who: 'admin', note: 'Admin test page' },
  { name: 'auth-debug', path: '/auth-debug', who: 'admin', note: 'Auth debug (staff)' },
];

/** The folder holding a build of the SPA: SPA_DIR if it has one, else a fresh build in a temporary folder. */
function spaBuild(): { dir: string; temporary: boolean } {
  const given = process.env.SPA_DIR;
  if (given && existsSync(join(given, 'index.html'))) return { dir: given, temporary: false };
  const dir = given ?? mkdtempSync(join(tmpdir(), 'screens-spa-'));
  execFileSync(
    join(root, 'node_modules/.bin/vite'),
    ['build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'],
    { cwd: root, env: { ...process.env, SPA_DIR: dir }, stdio: 'inherit' },
  );
  return { dir, temporary: !given };
}

/** A seeded account's /me, read through the local Cognito (undefined until it can sign in). */
async function me(url: string, clientId: string, user: typeof DEMO): Promise<MeAnswer | undefined> {
  const auth = await fetch(`${url}/cognito/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    }),
  }).catch(() => undefined);
  if (!auth?.ok) return undefined;
  const { AuthenticationResult } = (await auth.json()) as { AuthenticationResult?: { AccessToken?: string } };
  const token = AuthenticationResult?.AccessToken;
  if (!token) return undefined;
  const answer = await fetch(`${url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
  return answer.ok ? ((await answer.json()) as { data: MeAnswer }).data : undefined;
}

interface MeAnswer {
  role: string | null;
  usage: { resumes: { used: number } };
}

/** The local cloud answers before its seed is done: wait until the admin is admin and the demo has resumes. */
async function waitForSeed(url: string): Promise<void> {
  const { userPoolClientId } = (await (await fetch(`${url}/config.json`)).json()) as {
    userPoolClientId: string;
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const [admin, demo] = await Promise.all([
      me(url, userPoolClientId, ADMIN),
      me(url, userPoolClientId, DEMO),
    ]);
    if (admin?.role === 'admin' && (demo?.usage.resumes.used ?? 0) > 0) return;
    await new Promise((done) => setTimeout(done, 1000));
  }
  throw new Error('the local cloud did not finish seeding the demo and admin accounts within 3 minutes');
}

/** Sign in through the app's own form (in English) and keep the session for every context of this user. */
async function signIn(
  browser: Browser,
  url: string,
  user: typeof DEMO,
): Promise<{ state: Awaited<ReturnType<BrowserContext['storageState']>>; resumeId: string; userId: string }> {
  const context = await browser.newContext({ viewport: viewports[0], deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(`${url}/auth?lng=en-US`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  const listed = page.waitForResponse((r) => /\/api\/resume\/all\//.test(r.url()) && r.ok());
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const response = await listed;
  const userId = decodeURIComponent(new URL(response.url()).pathname.split('/').filter(Boolean).at(-1) ?? '');
  const { data } = (await response.json()) as { data: { id: string; settings: { language: string } }[] };
  const resumeId = (data.find((r) => r.settings.language === 'en') ?? data[0])?.id ?? '';
  await page.waitForURL(/\/resumes/);
  const state = await context.storageState();
  await context.close();
  return { state, resumeId, userId };
}

/**
 * Wait until the page is still: network idle, fonts and pictures loaded, no spinner, skeleton, loading line or busy
 * region on screen, and the layout unchanged across two frames. Returns what was still busy on a timeout.
 */
async function settle(page: Page): Promise<string | null> {
  await page.waitForLoadState('networkidle', { timeout: SETTLE_TIMEOUT }).catch(() => undefined);
  const busy = await page
    .waitForFunction(
      () => {
        const visible = (el: Element) => {
          const box = (el as HTMLElement).getBoundingClientRect();
          return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
        };
        const pending = [
          ...document.querySelectorAll(
            '.spinner, .loading, [aria-busy="true"], [class*="skeleton"], [data-preview-ready="false"]',
          ),
        ].filter(visible);
        // Lazy pictures below the fold load as the user scrolls; a full-page picture has to load them itself.
        for (const img of document.querySelectorAll('img[loading="lazy"]'))
          (img as HTMLImageElement).loading = 'eager';
        const images = [...document.images].every((img) => img.complete);
        return document.fonts.status === 'loaded' && images && pending.length === 0;
      },
      undefined,
      { timeout: SETTLE_TIMEOUT, polling: 200 },
    )
    .then(() => null)
    .catch(async () =>
      page.evaluate(() =>
        [...document.querySelectorAll('.spinner, .loading, [aria-busy="true"], [class*="skeleton"]')]
          .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`)
          .slice(0, 3)
          .join(', '),
      ),
    );
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Pictures decoded off the main thread (decoding="async") may be loaded yet not painted.
  await page.evaluate(() =>
    Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))).then(() => undefined),
  );
  // Entrance transitions and the builder's autosave status.
  await page.waitForTimeout(600);
  return busy;
}

interface Taken {
  file: string;
  bytes: number;
  warning?: string;
}

async function take(page: Page, url: string, target: string, file: string, lands?: string): Promise<Taken> {
  await page.goto(`${url}${target}`, { waitUntil: 'domcontentloaded' });
  const busy = await settle(page);
  const { width } = page.viewportSize() ?? viewports[0];
  const height = await page.evaluate(() =>
    Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0),
  );
  mkdirSync(join(file, '..'), { recursive: true });
  await page.screenshot({
    path: file,
    type: 'jpeg',
    quality: JPEG_QUALITY,
    fullPage: true,
    clip: { x: 0, y: 0, width, height: Math.min(height, MAX_HEIGHT) },
    animations: 'disabled',
    caret: 'hide',
  });
  const landed = new URL(page.url());
  const where = lands ?? target;
  const moved =
    `${landed.pathname}${lands ? '' : landed.search}` !== where ? `landed on ${landed.pathname}` : undefined;
  const warning = [busy ? `still busy after ${SETTLE_TIMEOUT / 1000}s: ${busy}` : undefined, moved]
    .filter(Boolean)
    .join('; ');
  return { file, bytes: statSync(file).size, warning: warning || undefined };
}

/**
 * A context per language for one kind of user; the language is stored before any script runs, as a choice
 * made on this browser (the unsaved mark): otherwise a signed-in page follows the profile's language.
 */
async function contextFor(
  browser: Browser,
  lang: Lang,
  state?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: viewports[0],
    deviceScaleFactor: 1,
    locale: lang,
    storageState: state,
    reducedMotion: 'reduce',
  });
  await context.addInitScript((language) => {
    try {
      localStorage.setItem('i18nextLng', language);
      localStorage.setItem('i18nextLngUnsaved', language);
    } catch {
      // about:blank has no storage
    }
  }, lang);
  return context;
}

function fill(path: string, ids: { resume: string; user: string }): string {
  return path
    .replace('{resume}', encodeURIComponent(ids.resume))
    .replace('{user}', encodeURIComponent(ids.user));
}

function writeIndex(results: Map<string, Record<string, Taken>>, skipped: string[], started: Date): void {
  const cell = (taken: Taken | undefined, label: string) =>
    taken ? `[${label}](${relative(outDir, taken.file)})` : '—';
  const rows = shots
    .filter((s) => results.has(s.name))
    .map((s) => {
      const got = results.get(s.name) ?? {};
      const cells = languages.flatMap((lang) =>
        viewports.map((v) => cell(got[`${lang}/${v.width}`], `${lang} ${v.width}`)),
      );
      return `| ${s.name} | \`${s.path.replace('{resume}', '…').replace('{user}', '…')}\` | ${s.who} | ${cells.join(' | ')} |`;
    });
  const total = [...results.values()].flatMap((r) => Object.values(r)).reduce((n, t) => n + t.bytes, 0);
  const text = [
    '# Screens',
    '',
    'Every route of the app, at 1280×800 and 390×844, in en-US and pt-BR, taken by `npm run docs:screens`',
    '(tests/load/screens.ts) from a local cloud on a fresh data dir: as a visitor, as the demo user',
    '(demo@example.com) and as the admin (admin@example.com). Full page, cut at 2400 px; JPEG quality 70.',
    'Sticky and full-height parts (the sidebar, the builder columns) are drawn as at the top of the page, so',
    'below 800 px they show the page background.',
    '',
    `Last run: ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${results.size} routes, ` +
      `${(total / 1024 / 1024).toFixed(1)} MB.`,
    ...(skipped.length ? ['', `Skipped: ${skipped.join('; ')}.`] : []),
    '',
    '| Route | Path | As | en-US 1280 | en-US 390 | pt-BR 1280 | pt-BR 390 |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  writeFileSync(join(outDir, 'README.md'), text);
}

const started = new Date();
const spa = spaBuild();
const dataDir = mkdtempSync(join(tmpdir(), 'screens-cloud-'));
process.env.SPA_DIR = spa.dir;
const port = process.env.SCREENS_PORT ?? '0';
const cloud = await spawnCloud(dataDir, ['--port', port]);
const browser = await playwright.launch({
  executablePath: await chromium.executablePath(),
  args: chromeArgs,
});
const results = new Map<string, Record<string, Taken>>();
const skipped: string[] = [];
try {
  const { url } = cloud.info;
  await waitForSeed(url);
  // A fresh set: pictures of routes that no longer exist must not linger.
  for (const lang of languages) rmSync(join(outDir, lang), { recursive: true, force: true });

  const flags = (await (await fetch(`${url}/api/flags`)).json()) as { data?: { coverLetter?: boolean } };
  const coverLetter = flags.data?.coverLetter === true;
  if (!coverLetter) skipped.push('cover-letter (the coverLetter flag is off, so the path is a 404)');

  const demo = await signIn(browser, url, DEMO);
  const admin = await signIn(browser, url, ADMIN);
  const ids = { resume: demo.resumeId, user: demo.userId };
  const states = { visitor: undefined, demo: demo.state, admin: admin.state };

  const pages = new Map<string, Page>();
  for (const who of ['visitor', 'demo', 'admin'] as const) {
    for (const lang of languages) {
      const context = await contextFor(browser, lang, states[who]);
      pages.set(`${who}/${lang}`, await context.newPage());
    }
  }

  for (const shot of shots) {
    if (shot.name === 'cover-letter' && !coverLetter) continue;
    const got: Record<string, Taken> = {};
    for (const lang of languages) {
      const page = pages.get(`${shot.who}/${lang}`);
      if (!page) throw new Error(`no page for ${shot.who}/${lang}`);
      for (const viewport of viewports) {
        await page.setViewportSize(viewport);
        const file = join(outDir, lang, String(viewport.width), `${shot.name}.jpg`);
        const taken = await take(page, url, fill(shot.path, ids), file, shot.lands);
        got[`${lang}/${viewport.width}`] = taken;
        const size = `${Math.round(taken.bytes / 1024)} KiB`;
        console.log(`${relative(root, file)} ${size}${taken.warning ? `  ! ${taken.warning}` : ''}`);
      }
    }
    results.set(shot.name, got);
  }
  writeIndex(results, skipped, started);
} finally {
  await browser.close();
  await cloud.interrupt();
  rmSync(dataDir, { recursive: true, force: true });
  if (spa.temporary) rmSync(spa.dir, { recursive: true, force: true });
}
const files = languages.flatMap((lang) =>
  viewports.flatMap((v) =>
    readdirSync(join(outDir, lang, String(v.width))).map((f) => join(lang, String(v.width), f)),
  ),
);
const bytes = files.reduce((n, f) => n + statSync(join(outDir, f)).size, 0);
console.log(`${files.length} pictures, ${(bytes / 1024 / 1024).toFixed(1)} MB, in ${relative(root, outDir)}`);
if (skipped.length) console.log(`Skipped: ${skipped.join('; ')}`);
