import { expect, test } from '@playwright/test';

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

  // The server answers /pricing?lng=pt-BR with that file (shared/site.ts htmlFileFor; stood in for here, so
  // the check does not depend on the server's rule).
  const portuguese = await (await page.request.get('/pt-BR/pricing/index.html')).text();
  const serve = async (target: typeof page) =>
    target.route(/\/pricing\?lng=pt-BR$/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: portuguese }),
    );

  // Before any script: Portuguese text, nothing to flash.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const still = await noScript.newPage();
  await serve(still);
  await still.goto('/pricing?lng=pt-BR');
  await expect(still.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(still.getByRole('heading', { level: 1 })).not.toHaveText('Simple, honest pricing');
  await expect(still).toHaveTitle(/^Preços/);
  await expect(still.getByTestId('price-proMonthly')).toHaveText(/^US\$\s5$/);
  await noScript.close();

  // With scripts: React takes over the very nodes the HTML brought (hydration, not a fresh render).
  await serve(page);
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      Object.assign(window, { prerenderedHeading: document.querySelector('h1') });
    }),
  );
  await page.goto('/pricing?lng=pt-BR');
  await expect
    .poll(() =>
      page.evaluate(() => {
        const heading = document.querySelector('h1');
        const hydrated = Object.keys(heading ?? {}).some((key) => key.startsWith('__reactFiber'));
        return hydrated && heading === (window as { prerenderedHeading?: Element }).prerenderedHeading;
      }),
    )
    .toBe(true);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  // The choice is now also a cookie, so the server can answer the next page in Portuguese by itself.
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'lng')?.value).toBe('pt-BR');
});
