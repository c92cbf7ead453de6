import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PlanId } from '@myeai/domain';
import { SESSION_COOKIE } from '../apps/server/src/modules/auth/sessions.service.ts';
import { seedDemoSubscription } from '../apps/server/src/modules/subscriptions/index.ts';
import { expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite, type BrowserSuite } from './support/browser-suite.ts';

const SHOTS = 'test-results/compass-plans';
let registered = 0;

/** A newly registered user holding `plan` (paid through the local provider, as the demo seed does), signed in on a new page. */
async function planHolder(suite: BrowserSuite, plan: PlanId): Promise<Page> {
  registered += 1;
  const email = `plan-${plan}-${registered}@example.test`;
  const response = await suite.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: `Pat ${plan}`, email, password: 'correct horse battery' }, remoteAddress: `10.19.0.${registered}` });
  expect(response.statusCode, response.body).toBe(201);
  await seedDemoSubscription(suite.app.database.db, suite.app.clock, { email, plan });
  const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!;
  const { context, page } = await suite.newPage();
  await context.addCookies([{ name: SESSION_COOKIE, value: session.value, url: suite.app.baseUrl }]);
  await page.goto('/trading-compass');
  await page.getByRole('heading', { level: 1, name: 'MYEAI – Trading Compass' }).waitFor();
  return page;
}

const cell = (page: Page, pair: string) => page.getByRole('button', { name: new RegExp(`^${pair.replace('/', '\\/')}: `) });

/**
 * The plan cards on the compass (decisions 36 and 37, decision 019): a weekly subscriber picks
 * the 4 assets they follow and sees every other row locked; a 4-week subscriber sees how each
 * trader tier voted on the selected cell's last closed window, never a name.
 */
describe.skipIf(!hasChromium)('plan features on the trading compass in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SHOTS });

  it('a weekly subscriber picks 4 assets and sees the rest locked', async () => {
    const page = await planHolder(suite, 'weekly');
    const picker = page.getByRole('region', { name: 'Your assets' });
    await picker.getByText('Your Weekly plan shows 4 assets. Until you pick, the first 4 are shown.', { exact: false }).waitFor();
    await page.screenshot({ path: `${SHOTS}/weekly-before-pick-1440.png`, fullPage: true });
    const chip = (symbol: string) => picker.locator('label', { hasText: new RegExp(`^${symbol.replace('/', '\\/')}$`) });
    for (const symbol of ['EUR/USD', 'GBP/USD', 'USD/JPY', 'BTC/USD']) await chip(symbol).click();
    for (const symbol of ['ETH/USD', 'US500', 'XAU/USD', 'AAPL']) await chip(symbol).click();
    await picker.getByText('4 of 4 picked', { exact: false }).waitFor();
    await picker.getByRole('button', { name: 'Save my assets' }).click();
    await picker.getByText('These are the ones you picked; the others stay locked.', { exact: false }).waitFor();
    await picker.getByText('You can replace a picked asset from', { exact: false }).waitFor();

    // Picked rows have figures or an empty cell; every other row is locked, and says why.
    await expect(cell(page, 'EUR/USD M5').innerText()).resolves.toMatch(/––/);
    await expect(cell(page, 'EUR/USD M5').getAttribute('title')).resolves.toBe('EUR/USD M5: locked, not in your assets');
    await expect(cell(page, 'XAU/USD H1').getAttribute('title')).resolves.toMatch(/^XAU\/USD H1: \d+% (Long|Short|Neutral)/);
    const lockedRows = await page.locator('tr[data-unpicked]').count();
    expect(lockedRows).toBe(8);
    await expect(page.locator('tr[data-unpicked] th').first().innerText()).resolves.toContain('Not in your assets');

    // Within 24 hours a picked asset cannot be removed: its chip is disabled.
    await expect(picker.getByRole('checkbox', { name: 'AAPL' }).isDisabled()).resolves.toBe(true);

    // An unpicked cell's detail card says what opens it; the breakdown is a 4-week feature.
    await cell(page, 'GBP/USD M15').click();
    await page.getByRole('region', { name: 'GBP/USD is not in your assets' }).waitFor();
    await cell(page, 'XAU/USD H1').click();
    const detail = page.getByRole('region', { name: 'XAU/USD · H1' });
    await detail.getByText('How each trader tier voted comes with the 4 Weeks plan and longer plans.', { exact: false }).waitFor();
    // A picked asset's cells may be followed for alerts at once (the alerts read the same pick).
    await detail.getByRole('button', { name: 'Follow XAU/USD H1' }).and(page.locator(':enabled')).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/weekly-picked-1440.png`, fullPage: true });
  });

  it('a 4-week subscriber sees the tier breakdown of the selected cell', async () => {
    const page = await planHolder(suite, '4weeks');
    // The spec's preselection (first asset, third timeframe): EUR/USD H1, whose last window the demo history closed with 13 votes.
    const detail = page.getByRole('region', { name: 'EUR/USD · H1' });
    await detail.getByRole('heading', { name: 'Trader breakdown' }).waitFor();
    await detail.getByText('Last closed window, 13 votes, by tier', { exact: false }).waitFor();
    await detail.getByText('Lead & Senior', { exact: true }).waitFor();
    await detail.getByText('Regular', { exact: true }).waitFor();
    await detail.getByText('4 traders', { exact: false }).waitFor();
    await detail.getByText('9 traders', { exact: false }).waitFor();
    const text = await detail.innerText();
    expect(text).not.toMatch(/trader\d*@|demo\.myeai/);
    // The engine card states the stored thresholds and what the breakdown shows.
    const engine = page.getByRole('region', { name: 'Consensus Engine' });
    await engine.getByText(/≥\d+% Agreement/).waitFor();
    await engine.getByText('a tier of fewer than 3 traders merged into the next', { exact: false }).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/four-weeks-breakdown-1440.png`, fullPage: true });
  });
});
