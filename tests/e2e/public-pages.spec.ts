import { expect, test } from '@playwright/test';
import { recordScripts } from '../support/page-scripts.ts';

// The local cloud's build has no VITE_SITE_URL or VITE_SUPPORT_EMAIL: the support address is the default.
const supportEmail = 'support@example.com';

test('the Terms of Service are a public page, linked from the footer and from sign-up', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('footer');
  await expect(footer.getByRole('link', { name: /^Contact/ })).toHaveAttribute(
    'href',
    `mailto:${supportEmail}`,
  );
  await footer.getByRole('link', { name: 'Terms of service' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  await expect(page.getByRole('heading', { name: 'Money-back guarantee' })).toBeVisible();
  await expect(page.getByText('within 14 days of your payment')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: supportEmail })).toHaveAttribute(
    'href',
    `mailto:${supportEmail}`,
  );
  await expect(page).toHaveTitle('Terms of Service · Resume Builder');

  // Served prerendered, like the other public pages.
  const html = await (await page.request.get('/terms')).text();
  expect(html).toContain('data-prerendered="/terms"');
  expect(html).toContain('<h1>Terms of Service</h1>');

  await page.goto('/auth?view=sign-up');
  const legal = page.locator('.auth__legal');
  await expect(legal).toContainText('you agree to our Terms of Service and Privacy Policy');
  await expect(legal.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  await expect(legal.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/privacy-policy',
  );

  await page.goto('/faq');
  await page.getByText('How do I get help?').click();
  await expect(page.getByRole('main').getByRole('link', { name: supportEmail }).first()).toBeVisible();
});

test("a Portuguese visitor's first HTML is Portuguese, and the app hydrates it", async ({
  page,
  browser,
}) => {
  // The pt-BR edition of every public page is in the build, with its own lang, head and markup.
  for (const path of ['', '/pricing', '/faq', '/privacy-policy', '/terms']) {
    const html = await (await page.request.get(`/pt-BR${path}/index.html`)).text();
    expect(html).toContain('<html lang="pt-BR"');
    expect(html).toContain(`data-prerendered="${path || '/'}?lng=pt-BR&amp;currency=USD"`);
    expect(html).toMatch(/<link rel="alternate" hreflang="en-US"/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\?lng=pt-BR"/);
  }

  // The server answers each page in the visitor's edition, in the app's own order: ?lng, the lng cookie,
  // Accept-Language (shared/site.ts htmlFileFor).
  const lang = async (path: string, headers: Record<string, string>) =>
    /<html lang="([^"]+)"/.exec(await (await page.request.get(path, { headers })).text())?.[1];
  expect(await lang('/pricing', { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' })).toBe('pt-BR');
  expect(await lang('/pricing', { 'accept-language': 'pt-BR', cookie: 'lng=en-US' })).toBe('en-US');
  expect(await lang('/faq?lng=pt-BR', { 'accept-language': 'en-US' })).toBe('pt-BR');
  expect(await lang('/terms', { 'accept-language': 'de-DE' })).toBe('en-US');

  // A browser in Portuguese: Portuguese before any script, nothing to flash.
  const noScript = await browser.newContext({ javaScriptEnabled: false, locale: 'pt-BR' });
  const still = await noScript.newPage();
  await still.goto('/pricing');
  await expect(still.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(still.getByRole('heading', { level: 1 })).not.toHaveText('Simple, honest pricing');
  await expect(still).toHaveTitle(/^Preços/);
  await expect(still.getByTestId('price-proMonthly')).toHaveText(/^US\$\s5$/);
  await noScript.close();

  // With scripts: React takes over the very nodes the HTML brought (hydration, not a fresh render).
  const portuguese = await browser.newContext({ locale: 'pt-BR' });
  const live = await portuguese.newPage();
  await live.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      Object.assign(window, { prerenderedHeading: document.querySelector('h1') });
    }),
  );
  await live.goto('/pricing');
  await expect
    .poll(() =>
      live.evaluate(() => {
        const heading = document.querySelector('h1');
        const hydrated = Object.keys(heading ?? {}).some((key) => key.startsWith('__reactFiber'));
        return hydrated && heading === (window as { prerenderedHeading?: Element }).prerenderedHeading;
      }),
    )
    .toBe(true);
  await expect(live.locator('html')).toHaveAttribute('lang', 'pt-BR');

  // Switching to English is remembered as the cookie too: the next page arrives in English.
  await live.getByRole('combobox').first().selectOption('en-US');
  await expect(live.getByRole('heading', { level: 1 })).toHaveText('Simple, honest pricing');
  expect((await portuguese.cookies()).find((c) => c.name === 'lng')?.value).toBe('en-US');
  await live.goto('/faq');
  expect(await live.evaluate(() => document.documentElement.lang)).toBe('en-US');
  await expect(live.locator('#root')).toHaveAttribute('data-prerendered', '/faq');
  await portuguese.close();

  // A choice made with ?lng= is stored as the cookie as well.
  await page.goto('/pricing?lng=pt-BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  // (written once the app has started: the HTML above is the server's)
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === 'lng')?.value)
    .toBe('pt-BR');
});

test('before the app has loaded, the language switcher still switches', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/faq');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((path) => path.startsWith('/assets/react'))).toBe(false);
  // The <select> works as a link meanwhile: the page comes again in the chosen language, from the server.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('pt-BR');
  await expect(page).toHaveURL(/\/faq\?lng=pt-BR$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Perguntas frequentes');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
});
