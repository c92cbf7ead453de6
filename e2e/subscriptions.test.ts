import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { trials, users } from '@myeai/db';
import { expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SHOTS = 'test-results/subscriptions';
const TERMS_ERROR = 'Please accept the Terms & Conditions and Privacy Policy to continue.';

describe.skipIf(!hasChromium)('subscriptions in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SHOTS });

  const api = (page: Page, path: string) => page.evaluate(async (url) => (await fetch(url)).json(), path) as Promise<Record<string, unknown>>;
  const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('a free user accepts the terms, subscribes to 4 Weeks through the test checkout, sees the trial, cancels and keeps access until the period end', async () => {
    const { context, page } = await suite.signedInPage('Fran Free');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get Ecosystem Access' }).click();
    await page.getByRole('heading', { level: 1, name: 'Trading Compass Subscription' }).waitFor();
    await page.getByText('No subscription yet').waitFor();
    // No error before any action; choosing a plan without the terms answers with it and goes nowhere.
    await expect(page.getByText(TERMS_ERROR).count()).resolves.toBe(0);
    const fourWeeks = page.getByRole('button', { name: 'Start 7-day free trial: 4 Weeks' });
    await expect(page.getByText('Every plan starts with 7 free days').isVisible()).resolves.toBe(true);
    await fourWeeks.click();
    await page.getByRole('alert').getByText(TERMS_ERROR).waitFor();
    await expect(page.url()).toMatch(/\/trading-subscription$/);
    for (const price of ['$29.00', '$69.00', '$179.00', '$599.00']) await expect(page.getByText(price, { exact: true }).isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/plans-1440.png`, fullPage: true });

    await page.getByRole('checkbox', { name: /I accept the Terms & Conditions/ }).check();
    await expect(page.getByText(TERMS_ERROR).count()).resolves.toBe(0);
    await fourWeeks.click();

    await page.waitForURL('**/checkout/local/cs_local_*');
    await page.getByText('Test checkout — no real payment').first().waitFor();
    await page.getByRole('heading', { name: '4 Weeks plan' }).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/checkout-1440.png`, fullPage: true });
    await page.getByRole('button', { name: 'Confirm' }).click();

    await page.waitForURL('**/subscription-success?session_id=cs_local_*');
    await page.getByText('Your 4 Weeks plan has started with free days').waitFor();
    await expect(page.getByText(/free until/).isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/success-1440.png`, fullPage: true });
    await expect(api(page, '/api/trading/subscription')).resolves.toEqual({ plan: '4weeks' });
    await expect(page.getByText('Active role: Subscriber').isVisible()).resolves.toBe(true);

    await page.getByRole('link', { name: 'Manage Subscription' }).click();
    await page.getByText('Free trial: 4 Weeks plan').waitFor();
    await expect(page.getByRole('button', { name: 'Current plan: 4 Weeks' }).isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText('4 Weeks plan: cancelled').waitFor();
    await expect(page.getByText(/You keep access until/).first().isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Cancel Subscription' }).count()).resolves.toBe(0);
    await expect(api(page, '/api/trading/subscription')).resolves.toEqual({ plan: '4weeks' });
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/cancelled-1440.png`, fullPage: true });

    // The period (here the trial) ends: access and the subscriber role end with it.
    const status = await api(page, '/api/subscription/status');
    suite.app.clock.set(new Date(status.current_period_end as string));
    await suite.app.runJobs();
    await page.reload();
    await page.getByText('4 Weeks plan: ended').waitFor();
    await expect(api(page, '/api/trading/subscription')).resolves.toEqual({ plan: null });
    await expect(page.getByText('Active role: Free User').isVisible()).resolves.toBe(true);
    await expect(page.getByText('You have already used your free trial, so a new plan is charged from the start.').isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('a paying 52-week subscriber sees their plan only: no trial offer, no error, no plan to start', async () => {
    for (const viewport of [undefined, { width: 375, height: 812 }]) {
      const { context, page } = await suite.signedInPage('Sam Subscriber', viewport);
      await page.goto('/trading-subscription');
      await page.getByText('52 Weeks plan: active').waitFor();
      await expect(page.getByText(/Renews on .+ for \$599\.00\./).isVisible()).resolves.toBe(true);
      await expect(page.getByText(TERMS_ERROR).count()).resolves.toBe(0);
      await expect(page.getByText(/free trial/i).count()).resolves.toBe(0);
      await expect(page.getByRole('checkbox', { name: /I accept the Terms/ }).count()).resolves.toBe(0);
      await expect(page.getByRole('button', { name: 'Current plan: 52 Weeks' }).isDisabled()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'Switch with Change plan: Weekly' }).isDisabled()).resolves.toBe(true);
      await expect(noSideways(page)).resolves.toBe(true);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/subscriber-${viewport ? 375 : 1440}.png`, fullPage: true });
      await context.close();
    }
  });

  it('works at 375 px: plans, checkout and success page without sideways scrolling', async () => {
    const { context, page } = await suite.signedInPage('Nico Newcomer', { width: 375, height: 812 });
    await page.goto('/trading-subscription');
    await page.getByRole('heading', { level: 1, name: 'Trading Compass Subscription' }).waitFor();
    await expect(noSideways(page)).resolves.toBe(true);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/plans-375.png`, fullPage: true });
    await page.getByRole('checkbox', { name: /I accept the Terms & Conditions/ }).check();
    await page.getByRole('button', { name: /: Weekly$/ }).click();
    await page.waitForURL('**/checkout/local/*');
    await page.getByRole('heading', { name: 'Weekly plan' }).waitFor();
    await expect(noSideways(page)).resolves.toBe(true);
    await page.screenshot({ path: `${SHOTS}/checkout-375.png`, fullPage: true });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/trading-subscription');
    await page.getByText('No subscription yet').waitFor();

    await page.goto('/subscription-success');
    await page.getByText('No session ID found').waitFor();
    await expect(noSideways(page)).resolves.toBe(true);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/success-missing-375.png`, fullPage: true });
    await context.close();
  });

  it('a newcomer 1 day into the platform trial is offered the rest of it free, and the test checkout says when the first charge comes', async () => {
    const [newcomer] = await suite.app.database.db.select().from(users).where(eq(users.email, 'newcomer@demo.myeai.local'));
    const startedAt = new Date(suite.app.clock.now().getTime() - 86_400_000);
    const endsAt = new Date(startedAt.getTime() + 7 * 86_400_000);
    await suite.app.database.db.update(users).set({ freeTrialUsedAt: startedAt }).where(eq(users.id, newcomer!.id));
    await suite.app.database.db.insert(trials).values({ userId: newcomer!.id, startedAt, endsAt, createdAt: startedAt });
    const { context, page } = await suite.signedInPage('Nico Newcomer');
    await page.goto('/trading-subscription');
    await page.getByText('Free trial: 6 days left').waitFor();
    await page.getByText('Your remaining free days carry over').waitFor();
    await expect(page.getByText(/already used your free trial/).count()).resolves.toBe(0);
    await expect(page.getByText(TERMS_ERROR).count()).resolves.toBe(0);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/platform-trial-1440.png`, fullPage: true });
    await page.getByRole('checkbox', { name: /I accept the Terms & Conditions/ }).check();
    await page.getByRole('button', { name: 'Subscribe now: 12 Weeks' }).click();
    await page.waitForURL('**/checkout/local/*');
    await page.getByText(/The rest of your free trial stays free: the first charge of \$179\.00 is on/).waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/subscription-success?session_id=cs_local_*');
    await expect(api(page, '/api/subscription/status')).resolves.toMatchObject({ status: 'trial', plan: '12weeks', trial_end: endsAt.toISOString() });
    await context.close();
  });
});
