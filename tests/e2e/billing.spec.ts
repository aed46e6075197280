import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { signedInUser } from './support/users.ts';

/**
 * Payments through the UI against the local cloud's Stripe stand-in (its checkout page, its signed webhook
 * events, the streams consumer and the WebSocket push): buy, unlock an open Pro-only screen without a
 * reload, cancel and keep access until the date; a Lifetime purchase never renews.
 */

const pdfButton = (page: Page) => page.getByRole('button', { name: /^Download PDF/ });

/** From /pricing through the local checkout page and back, until the purchase is confirmed. */
async function buy(page: Page, plan: 'Upgrade to Pro Monthly' | 'Buy Pro Lifetime') {
  await page.goto('/pricing');
  await page.getByRole('button', { name: plan }).click();
  await expect(page).not.toHaveURL(/\/pricing/, { timeout: 15_000 });
  await page.getByRole('button', { name: /^Pay/ }).click();
  // Back on /pricing: verified by the push (or the polling), the query is cleared.
  await expect(page.getByText('Payment confirmed: welcome to Pro!')).toBeVisible({ timeout: 25_000 });
  await expect(page).toHaveURL(/\/pricing$/);
  // The plan bought is marked "Your plan" and links to its management; the other Pro plan cannot be bought.
  const bought = page.locator('.plan--current');
  await expect(bought.getByRole('heading')).toHaveText(
    plan === 'Buy Pro Lifetime' ? 'Pro Lifetime' : 'Pro Monthly',
  );
  await expect(bought.getByText('Your plan')).toBeVisible();
  await expect(bought.getByRole('link', { name: 'Manage subscription' })).toHaveAttribute(
    'href',
    '/subscription',
  );
  await expect(page.getByRole('button', { name: 'You already have Pro' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'You already have Pro' })).toBeDisabled();
}

test('a Free user buys Pro Monthly, the open builder unlocks PDF without a reload; cancelling keeps access until the date', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signedInUser(page, 'Paula');

  // A Pro-only screen, open while the purchase happens in another tab.
  await page.getByRole('link', { name: 'Create new resume' }).first().click();
  await page.getByLabel('Job title').fill('Platform Engineer');
  await expect(page).toHaveURL(/\/builder\?id=/);
  await expect(pdfButton(page)).toContainText('Pro');
  let reloads = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloads += 1;
  });
  const builderUrl = page.url();

  const shop = await context.newPage();
  await buy(shop, 'Upgrade to Pro Monthly');

  // The builder heard the push: the PDF button lost its Pro badge, and the download works.
  await expect(pdfButton(page)).toHaveText('Download PDF', { timeout: 20_000 });
  const download = page.waitForEvent('download', { timeout: 120_000 });
  await pdfButton(page).click();
  const bytes = await readFile(await (await download).path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(page.url()).toBe(builderUrl);
  expect(reloads).toBe(0);

  // The subscription page: active, renewing, with the next payment.
  await shop.goto('/subscription');
  await expect(shop.getByTestId('subscription-state')).toHaveText('Active');
  await expect(shop.getByText(/^Next payment/)).toBeVisible();
  await expect(shop.getByText('$5.00 on', { exact: false })).toBeVisible();

  // Cancel: a reason is required, then the confirmation dialog.
  await shop.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(shop.getByText('Please choose a reason.')).toBeVisible();
  await shop.getByLabel('Why are you cancelling?').selectOption('too_expensive');
  await shop.getByLabel(/Anything else/).fill('Trying it for one month only.');
  await shop.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = shop.getByRole('dialog', { name: 'Cancel your subscription?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(shop.getByText('Your subscription is cancelled')).toBeVisible();
  await expect(shop.getByTestId('subscription-state')).toHaveText('Cancellation scheduled');
  await expect(shop.getByTestId('subscription-status')).toHaveText(
    /^Cancelled at the end of the billing period\. You keep Pro access until \w+ \d{1,2}, \d{4}\.$/,
  );
  await expect(shop.getByRole('button', { name: 'Reactivate subscription' })).toBeVisible();

  // Access is kept until that date: the builder still downloads.
  await expect(pdfButton(page)).toHaveText('Download PDF');
  await page.reload();
  await expect(pdfButton(page)).toHaveText('Download PDF');
});

test('a Pro Lifetime purchase shows no renewal', async ({ page }) => {
  test.setTimeout(120_000);
  await signedInUser(page, 'Lia');
  await buy(page, 'Buy Pro Lifetime');
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { level: 2, name: 'Pro Lifetime' })).toBeVisible();
  await expect(page.getByTestId('subscription-state')).toHaveText('Lifetime');
  await expect(page.getByTestId('subscription-status')).toHaveText(
    'Paid once: Pro is yours for good. There are no renewals.',
  );
  await expect(page.getByText('Never renews')).toBeVisible();
  await expect(page.getByText(/^Next payment/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
});

test("an upgrade started in the builder's template dialog comes back to it after paying, not to Pricing", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedInUser(page, 'Bruno');
  await page.getByRole('link', { name: 'Create new resume' }).first().click();
  await page.getByLabel('Job title').fill('Product Designer');
  await expect(page).toHaveURL(/\/builder\?id=/);
  const builder = new URL(page.url());

  await page.getByRole('button', { name: /^Template: / }).click();
  const design = page.getByRole('dialog', { name: 'Template and design' });
  await design.getByRole('link', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(/\/pricing\?returnTo=/);
  // Only a path of this app is ever a place to return to.
  expect(new URL(page.url()).searchParams.get('returnTo')).toMatch(/^\/builder\?id=[^&]+&dialog=design$/);

  await page.getByRole('button', { name: 'Buy Pro Lifetime' }).click();
  await expect(page).not.toHaveURL(/\/pricing/, { timeout: 15_000 });
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByText('Payment confirmed: welcome to Pro!')).toBeVisible({ timeout: 25_000 });
  // Back in the same resume's builder, with the template dialog open again and Pro templates usable.
  await expect(page).toHaveURL(`${builder.pathname}${builder.search}`);
  await expect(design).toBeVisible();
  await expect(design.getByRole('link', { name: 'Upgrade to Pro' })).toHaveCount(0);
});
