import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../apps/server/src/modules/auth/sessions.service.ts';
import { seedDemoSubscription } from '../apps/server/src/modules/subscriptions/index.ts';
import { expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite, type BrowserSuite } from './support/browser-suite.ts';

const SHOTS = 'test-results/plan-change';
const DAY = 86_400_000;
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** A newly registered weekly subscriber (paid through the embedded provider, as the demo seed pays), signed in on a new page. */
let registered = 0;

async function weeklySubscriber(suite: BrowserSuite, viewport?: { width: number; height: number }): Promise<Page> {
  registered += 1;
  const email = `plan-change-${registered}@example.test`;
  const response = await suite.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Wes Weekly', email, password: 'correct horse battery' }, remoteAddress: `10.31.4.${registered}` });
  expect(response.statusCode, response.body).toBe(201);
  await seedDemoSubscription(suite.app.database.db, suite.app.clock, { email, plan: 'weekly' });
  const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!;
  const { context, page } = await suite.newPage(viewport);
  await context.addCookies([{ name: SESSION_COOKIE, value: session.value, url: suite.app.baseUrl }]);
  return page;
}

const lockedRows = (page: Page) => page.locator('tr[data-unpicked]').count();
const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * Plan changes in the browser (issue 31 item 4, decision 064): a weekly subscriber upgrades to 12
 * weeks halfway through the week, reads what it costs before confirming, and sees 8 assets on the
 * compass at once; a downgrade shows as scheduled with a Cancel.
 */
describe.skipIf(!hasChromium)('plan changes in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SHOTS });

  it('a weekly subscriber upgrades to 12 weeks, pays the prorated amount shown, and sees 8 assets at once', async () => {
    const page = await weeklySubscriber(suite);
    await page.goto('/trading-compass');
    const picker = page.getByRole('region', { name: 'Your assets' });
    await picker.getByText('Your Weekly plan shows 4 assets.', { exact: false }).waitFor();
    await expect(lockedRows(page)).resolves.toBe(8);

    // Half the week used: $179.00 less $14.50 for the unused half of the $29.00 week.
    suite.app.clock.advance(3.5 * DAY);
    await page.goto('/trading-subscription');
    await page.getByText('Weekly plan: active').waitFor();
    await page.getByRole('button', { name: 'Change plan', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Change plan' });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: /^12 Weeks: \$179\.00 every 12 weeks \(upgrade, starts now\)/ }).check();
    const nextCharge = longDate.format(new Date(suite.app.clock.now().getTime() + 84 * DAY));
    await dialog.getByText(`You pay $164.50 today, then $179.00 every 12 weeks from ${nextCharge}.`).waitFor();
    await dialog.getByText("Today's amount is the 12 Weeks plan's $179.00 less $14.50 for the unused time of your Weekly plan.").waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/upgrade-preview-1440.png`, fullPage: true });
    // The preview changed nothing.
    await expect(page.evaluate(async () => (await fetch('/api/trading/subscription')).json())).resolves.toEqual({ plan: 'weekly' });

    await dialog.getByRole('button', { name: 'Pay $164.50 and change now' }).click();
    await page.getByText('Your plan is now 12 Weeks.').waitFor();
    await page.getByText('12 Weeks plan: active').waitFor();
    await expect(page.getByRole('button', { name: 'Current plan: 12 Weeks' }).isDisabled()).resolves.toBe(true);

    // The compass shows the 12-week plan's 8 assets at once.
    await page.goto('/trading-compass');
    await picker.getByText('Your 12 Weeks plan shows 8 assets.', { exact: false }).waitFor();
    await picker.getByRole('group', { name: 'Assets, 8 of 8 picked' }).waitFor();
    await expect(lockedRows(page)).resolves.toBe(4);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/twelve-weeks-compass-1440.png`, fullPage: true });
  });

  it('a downgrade is shown as scheduled for the end of the paid period, and can be cancelled (375 px)', async () => {
    const page = await weeklySubscriber(suite, { width: 375, height: 812 });
    await page.goto('/trading-subscription');
    await page.getByText('Weekly plan: active').waitFor();
    const response = await page.evaluate(async () => (await fetch('/api/subscriptions/change-plan', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ plan: '52weeks' }) })).status);
    expect(response).toBe(200);
    await page.reload();
    await page.getByText('52 Weeks plan: active').waitFor();
    await page.getByRole('button', { name: 'Change plan', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Change plan' });
    await dialog.getByRole('radio', { name: /^4 Weeks: \$69\.00 every 4 weeks \(downgrade, starts when your paid period ends\)/ }).check();
    await dialog.getByText(/^You pay \$0\.00 today, then \$69\.00 every 4 weeks from .+\.$/).waitFor();
    await dialog.getByText(/^Your 52 Weeks plan and its features stay until .+; the 4 Weeks plan starts then\. You can cancel this change until then\.$/).waitFor();
    await dialog.getByText('The 4 Weeks plan shows 6 assets: you choose which of your picked assets to keep, and until you do, the first 6 stay.').waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: /^Change on / }).click();

    const notice = page.getByRole('alert').filter({ hasText: 'Plan change scheduled: 4 Weeks from' });
    await notice.waitFor();
    await notice.getByText(/Your 52 Weeks plan and everything it includes stay until .+\. Then the 4 Weeks plan starts, at \$69\.00 every 4 weeks\./).waitFor();
    await expect(page.getByText('52 Weeks plan: active').isVisible()).resolves.toBe(true);
    await expect(noSideways(page)).resolves.toBe(true);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/downgrade-scheduled-375.png`, fullPage: true });

    await notice.getByRole('button', { name: 'Cancel change to the 4 Weeks plan' }).click();
    await page.getByText('Your 52 Weeks plan renews as it is.').waitFor();
    await expect(page.getByText('Plan change scheduled: 4 Weeks from', { exact: false }).count()).resolves.toBe(0);
    await expect(page.evaluate(async () => (await fetch('/api/subscriptions/scheduled-change')).json())).resolves.toEqual({ scheduled_change: null });
  });
});
