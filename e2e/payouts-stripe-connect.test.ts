import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutStripeAccounts, users } from '@myeai/db';
import type { AppConfig } from '../apps/server/src/env.ts';
import { FakeStripeServer } from '../apps/server/src/modules/billing/__tests__/fake-stripe-server.ts';
import { expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/payouts-stripe-connect');
const PRICES = { weekly: 'price_weekly', '4weeks': 'price_4weeks', '12weeks': 'price_12weeks', '52weeks': 'price_52weeks' } as const;

/**
 * Stripe Connect on the Payout method card (decision 069), with the server pointed at the local
 * Stripe-shaped server: the affiliate clicks "Connect with Stripe", the browser goes to Stripe's
 * onboarding (played here: Stripe verifies the account and sends the browser to the return URL),
 * and the card, back on the Payouts tab, shows the account masked and Verified; the expired-link
 * return says so. Axe and 375 px.
 */
describe.skipIf(!hasChromium)('Stripe Connect payouts in Chromium', () => {
  const fake = new FakeStripeServer();
  const overrides: Partial<AppConfig> = {};
  // Before the suite's app starts (hooks run in order): the app is configured with this server.
  beforeAll(async () => {
    overrides.stripe = { secretKey: 'sk_test_e2e', webhookSecret: 'whsec_e2e', publishableKey: undefined, prices: { ...PRICES }, apiBase: await fake.start() };
    overrides.stripeConnect = true;
  });
  afterAll(() => fake.stop());
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS, appOverrides: overrides });

  it('the affiliate connects with Stripe, comes back, and sees the account verified and masked', async () => {
    const { context, page } = await suite.signedInPage('Alex Affiliate');
    // Stripe's hosted onboarding: the payee finishes, Stripe verifies the account and sends the browser back.
    await context.route('https://connect.stripe.test/**', async (route) => {
      const accountId = new URL(route.request().url()).pathname.split('/')[3]!;
      fake.connect.finishOnboarding(accountId);
      const link = fake.connect.accountLinks.findLast((candidate) => String(candidate.url) === route.request().url())!;
      await route.fulfill({ status: 302, headers: { location: String(link.return_url) } });
    });
    await page.goto('/commissions?tab=payouts');
    const card = page.getByRole('region', { name: 'Payout method' });
    const stripe = card.getByRole('region', { name: 'Stripe' });
    await stripe.getByRole('button', { name: 'Connect with Stripe' }).waitFor();
    await expectAccessible(page);
    await stripe.getByRole('button', { name: 'Connect with Stripe' }).click();

    await page.waitForURL(/\/commissions\?tab=payouts$/);
    await expect.poll(() => stripe.getByTestId('stripe-account-state').textContent()).toBe('Verified');
    const [alex] = await suite.app.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'affiliate@demo.myeai.local'));
    const [account] = await suite.app.database.db.select().from(payoutStripeAccounts).where(eq(payoutStripeAccounts.userId, alex!.id));
    expect(account).toMatchObject({ state: 'verified' });
    const masked = `Stripe account ••••${account!.accountId.slice(-4)}`;
    await expect(stripe.getByTestId('stripe-account-summary').innerText()).resolves.toBe(masked);
    // The verified account is the payout method now, under the details hold of any change.
    await expect(card.getByTestId('payout-method-summary').innerText()).resolves.toBe(masked);
    await card.getByText('New details on hold').waitFor();
    await expect(page.content()).resolves.not.toContain(account!.accountId);
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'connected-1440.png'), fullPage: true });

    // An expired link brings the payee back to the refresh URL: the card says so.
    await page.goto('/commissions?tab=payouts&stripe=refresh');
    await stripe.getByText('The Stripe link expired').waitFor();
    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'expired-375.png'), fullPage: true });
    await context.close();
  });
});
