import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { homeOf, ROLE_LABELS, type Role } from '@myeai/domain';
import { expectAccessible, hasChromium, type Viewport } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SHOTS = resolve(import.meta.dirname, '../test-results/role-homes');
const WIDTHS: Viewport[] = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
];

/** One demo account per role, and what its home shows first (ROLE_HOMES, DESIGN.md decision 45). */
const ACCOUNTS: { name: string; role: Role; first: string }[] = [
  { name: 'Alex Affiliate', role: 'affiliate', first: 'Total commissions' },
  { name: 'Sam Subscriber', role: 'subscriber', first: 'Your plan' },
  { name: 'Fran Free', role: 'subscriber_free', first: 'Your plan' },
  { name: 'Ivan Investor', role: 'investor', first: 'Latest consensus of the Elite Pool' },
  { name: 'Nico Newcomer', role: 'newcomer', first: 'Your trial, day by day' },
  { name: 'Tess Trader', role: 'trader', first: 'Windows that need your vote' },
  { name: 'Ada Admin', role: 'admin', first: 'Goals to review' },
];

describe.skipIf(!hasChromium)('a home per role on the Business Hub in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SHOTS });
  const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  for (const account of ACCOUNTS) {
    it(`${account.name} (${account.role}) lands on the ${homeOf(account.role).kind} home at 1440 and 375 px`, async () => {
      for (const viewport of WIDTHS) {
        const { context, page } = await suite.signedInPage(account.name, viewport);
        await page.getByRole('heading', { level: 1, name: /Welcome back/ }).waitFor();
        await page.getByText(homeOf(account.role).intro).waitFor();
        await page.getByText(`Active role: ${ROLE_LABELS[account.role]}`).waitFor();
        const home = homeOf(account.role);
        if (home.kind === 'cockpit') {
          await page.getByRole('article', { name: account.first }).waitFor();
        } else {
          await page.getByTestId(`role-home-${home.kind}`).waitFor();
          // Every section of the role's row, in order, each with the link the table gives it.
          const headings = await page.getByTestId(`role-home-${home.kind}`).getByRole('heading', { level: 2 }).allInnerTexts();
          expect(headings).toEqual(home.sections.map((section) => section.title));
          expect(headings[0]).toBe(account.first);
          for (const section of home.sections) {
            await expect(page.getByTestId(`home-${section.key}`).getByRole('link', { name: section.link.label }).getAttribute('href')).resolves.toBe(section.link.path);
          }
          // No affiliate figures on another role's home.
          await expect(page.getByRole('article', { name: 'Total commissions' }).count()).resolves.toBe(0);
          await expect(page.getByRole('region', { name: 'Lead pipeline' }).count()).resolves.toBe(0);
        }
        await expect(noSideways(page)).resolves.toBe(true);
        await expectAccessible(page);
        await page.screenshot({ path: `${SHOTS}/${account.role}-${viewport.width}.png`, fullPage: true });
        await context.close();
      }
    });
  }

  it('the 52-week subscriber sees the plan bought, its renewal date and that nothing more is to buy', async () => {
    const { context, page } = await suite.signedInPage('Sam Subscriber');
    const plan = page.getByTestId('home-plan');
    await plan.getByText('52 Weeks plan').waitFor();
    await plan.getByText(/^Renews on [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/).waitFor();
    await page.getByTestId('home-picked_assets').getByText('Your plan shows every asset.').waitFor();
    await page.getByTestId('home-next_plan').getByText('You have the longest plan: every feature is yours.').waitFor();
    await context.close();
  });

  it('a newcomer buys the 52 Weeks plan: subscriber is the active role at once, no role list to puzzle over, and the compass badge names the plan bought', async () => {
    const { context, page } = await suite.signedInPage('Nico Newcomer');
    await page.goto('/trading-subscription');
    await page.getByRole('checkbox', { name: /I accept the Terms & Conditions/ }).check();
    await page.getByRole('button', { name: /: 52 Weeks$/ }).click();
    await page.waitForURL('**/checkout/local/cs_local_*');
    await page.getByRole('heading', { name: '52 Weeks plan' }).waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/subscription-success?session_id=cs_local_*');
    await page.getByText(/Your 52 Weeks plan (is active|has started with free days)/).waitFor();
    await page.getByText('Active role: Subscriber').waitFor();
    // Newcomer and subscriber held: the trial's role has nothing left to switch to.
    await expect(page.getByRole('textbox', { name: 'Switch role' }).count()).resolves.toBe(0);
    await page.screenshot({ path: `${SHOTS}/bought-success-1440.png`, fullPage: true });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Business Hub' }).click();
    await page.getByTestId('role-home-subscriber').waitFor();
    await page.getByTestId('home-plan').getByText('52 Weeks plan').waitFor();
    await expect(page.getByRole('article', { name: 'Total commissions' }).count()).resolves.toBe(0);
    await page.screenshot({ path: `${SHOTS}/bought-home-1440.png`, fullPage: true });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trading Compass' }).click();
    await page.getByText('52 Weeks plan', { exact: true }).waitFor();
    await expect(page.getByText('4 Weeks plan', { exact: true }).count()).resolves.toBe(0);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/bought-compass-1440.png`, fullPage: false });
    await context.close();
  });

  it('the role switch of a user with several roles says what it does, and the home follows the switch', async () => {
    const { context, page } = await suite.signedInPage('Morgan Multi');
    const current = homeOf('affiliate');
    await page.getByText(current.intro).waitFor();
    const switcher = page.getByRole('textbox', { name: 'Switch role' });
    await page.getByText('Each of your roles has its own home and screens.').waitFor();
    await switcher.click();
    await page.getByRole('option', { name: 'Admin' }).click();
    await page.getByText('Active role: Admin').waitFor();
    await page.getByTestId('role-home-admin').waitFor();
    await expectAccessible(page);
    await context.close();
  });
});
