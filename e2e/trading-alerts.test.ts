import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { EntryWindow } from '@myeai/domain';
import { expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SHOTS = 'test-results/trading-alerts';
const POOL = ['trader@demo.myeai.local', ...[2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map((n) => `trader${n}@demo.myeai.local`)];

/** Waits until the element's CSS transition has finished (axe and screenshots see the settled state). */
async function settled(page: Page, selector: string): Promise<void> {
  await expect.poll(() => page.locator(selector).first().evaluate((element) => getComputedStyle(element).opacity), { timeout: 5_000 }).toBe('1');
}

/**
 * Trading alerts (decision 020): a 52-week subscriber follows WTI M15 on the compass; when
 * the 13 traders confirm a consensus there (through the API), the alert job delivers it and the
 * bell shows it live, without a reload; the notification settings hold the Trading Alerts switch
 * and its e-mail choice.
 */
describe.skipIf(!hasChromium)('trading alerts in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SHOTS });
  const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  const unread = async (page: Page) => Number((await bell(page).getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1] ?? '0');

  it('a follower gets a live alert in the bell when 13 traders confirm a consensus on the followed cell', async () => {
    const { page } = await suite.signedInPage('Sam Subscriber');
    await page.goto('/trading-compass');
    await page.getByRole('heading', { level: 1, name: 'MYEAI – Trading Compass' }).waitFor();
    await page.getByRole('button', { name: /^WTI M15: / }).click();
    const detail = page.getByRole('region', { name: 'WTI · M15' });
    await detail.getByText('Follow to get an alert as soon as a consensus on WTI M15 is confirmed or exits.').waitFor();
    await detail.getByRole('button', { name: 'Follow WTI M15' }).click();
    await page.getByRole('alert').filter({ hasText: 'Following WTI M15' }).first().waitFor();
    await detail.getByRole('button', { name: 'Unfollow WTI M15' }).waitFor();
    const followed = page.getByRole('region', { name: 'Your trading alerts' });
    await followed.getByText('WTI M15').waitFor();
    await followed.getByText('You get an alert as soon as a consensus on a followed cell is confirmed or exits.', { exact: false }).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/compass-following-1440.png`, fullPage: true });
    const before = await unread(page);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // The 13 traders confirm Long through the API; the last vote closes the window.
    const cookies = await Promise.all(POOL.map((email) => suite.app.signIn(email)));
    const market = await suite.app.inject({ method: 'GET', url: '/api/trading/alerts', cookie: await suite.app.signIn('subscriber@demo.myeai.local') });
    // The demo subscriber already follows the seed's busiest cell (EUR/USD H1, the pair with a real record); this is the WTI M15 follow just made.
    const follows = market.json().follows as { asset: { id: string; symbol: string }; timeframe: { id: string; code: string } }[];
    const followedCell = follows.find((follow) => follow.asset.symbol === 'WTI' && follow.timeframe.code === 'M15')!;
    const opened = await suite.app.inject({ method: 'POST', url: '/api/trading/windows/open', cookie: cookies[0]!, payload: { asset_id: followedCell.asset.id, timeframe_id: followedCell.timeframe.id } });
    expect(opened.statusCode, opened.body).toBe(201);
    const window = opened.json().window as EntryWindow;
    for (const cookie of cookies) {
      const voted = await suite.app.inject({ method: 'POST', url: `/api/trading/windows/${window.id}/vote`, cookie, payload: { bias: 'long', confidence: 70 } });
      expect(voted.statusCode, voted.body).toBe(201);
    }
    // The alert goes through the job queue; the socket pushes it to the bell.
    expect(await suite.app.runJobs()).toBeGreaterThan(0);
    await expect.poll(() => unread(page), { timeout: 5_000 }).toBe(before + 1);
    await bell(page).click();
    const dropdown = page.getByRole('dialog');
    const alert = dropdown.getByRole('button', { name: /WTI M15: Long consensus confirmed/ });
    await alert.waitFor();
    await expect(alert.innerText()).resolves.toMatch(/Long consensus confirmed at 100\.0%/);
    await settled(page, '.mantine-Popover-dropdown');
    await page.screenshot({ path: `${SHOTS}/bell-alert-1440.png` });
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // A replayed job sends nothing twice; the notifications page lists the one alert.
    await suite.app.runJobs();
    await page.keyboard.press('Escape');
    await page.goto('/notifications');
    const list = page.getByRole('list', { name: 'Notifications', exact: true });
    const title = list.getByText('WTI M15: Long consensus confirmed', { exact: true });
    await title.waitFor();
    await expect(title.count()).resolves.toBe(1);
    await expectAccessible(page);

    // The settings hold the Trading Alerts switch and its e-mail choice.
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Notification Settings' });
    const emailChoice = settings.getByRole('switch', { name: /^Trading Alerts by Email/ });
    await emailChoice.waitFor();
    await expect(settings.getByRole('switch', { name: /^Trading Alerts(?! by Email)/ }).isChecked()).resolves.toBe(true);
    await settled(page, '.mantine-Modal-content');
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/settings-1440.png` });
    await emailChoice.click({ force: true });
    await settings.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Notification settings saved').waitFor();
    const saved = await page.request.get('/api/notifications/settings');
    expect(await saved.json()).toMatchObject({ trading_alerts: true, trading_alerts_email: false });
  });

  it('fits a 375 px screen: the follow control and the followed cells, unfollowed from the list', async () => {
    const { page } = await suite.signedInPage('Sam Subscriber', { width: 375, height: 812 });
    await page.goto('/trading-compass');
    const followed = page.getByRole('region', { name: 'Your trading alerts' });
    await followed.getByText('WTI M15').waitFor();
    await page.getByRole('button', { name: /^WTI M15: / }).click();
    await page.getByRole('region', { name: 'WTI · M15' }).getByRole('button', { name: 'Unfollow WTI M15' }).waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    await page.screenshot({ path: `${SHOTS}/compass-following-375.png`, fullPage: true });
    await followed.getByRole('button', { name: 'Unfollow WTI M15' }).click();
    // The seeded follow of EUR/USD H1 stays; WTI M15 leaves the list.
    await followed.getByRole('button', { name: 'Unfollow WTI M15' }).waitFor({ state: 'detached' });
    await followed.getByText('EUR/USD H1').waitFor();
    await page.getByRole('region', { name: 'WTI · M15' }).getByRole('button', { name: 'Follow WTI M15' }).waitFor();
    await expectAccessible(page);
  });
});
