import { describe, expect, it } from 'vitest';
import type { PerformanceWeightsBacktest, RoleHomeDataOf, TraderTrackRecord } from '@myeai/domain';
import { checkBothWidths, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SHOTS = 'test-results/performance-weights';

const percent = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)}%`);

/**
 * Issue 32 items 4 and 5 (decision 072), on the demo's history and prices: an admin runs the
 * performance-weights backtest on System Command's Consensus tab and reads the same figures the API
 * computes; an investor sees the Elite Pool's Verified traders on their home, by tier, with the
 * rule; a trader reads their own record against the market on the Trader Dashboard.
 */
describe.skipIf(!hasChromium)('performance weights, Verified and traders\' records, in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SHOTS });

  it('an admin runs the backtest before switching performance weighting on, and reads it', async () => {
    const admin = await suite.app.signInAs('admin');
    const expected = (await suite.app.inject({ method: 'GET', url: '/api/admin/trading/performance-weights/backtest', cookie: admin })).json() as PerformanceWeightsBacktest;
    expect(expected.total.windows).toBeGreaterThan(0);
    const { context, page } = await suite.signedInPage('Ada Admin');
    await page.goto('/trading-admin');
    await page.getByRole('tab', { name: 'Consensus System' }).click();
    await page.getByRole('switch', { name: /Performance weighting/ }).waitFor();
    await page.getByRole('button', { name: 'Run the backtest' }).click();
    const table = page.getByRole('table', { name: 'Performance weights backtest' });
    await table.waitFor();
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (cell) => cell.textContent ?? '')));
    const side = (s: PerformanceWeightsBacktest['total']['fixed']) =>
      s.summary.scored === 0 ? (s.calls === 0 ? 'No calls' : `${s.calls} calls, none scored yet`) : `${s.summary.hits} of ${s.summary.scored} scored calls: ${percent(s.summary.hit_rate)} (${percent(s.summary.ci_low)}–${percent(s.summary.ci_high)})`;
    const lines = [...expected.timeframes.map((row) => ({ ...row, label: row.timeframe.label })), { ...expected.total, label: 'All timeframes' }];
    expect(rows).toEqual(lines.map((row) => [row.label, String(row.windows), side(row.fixed), side(row.performance), String(row.changed_calls)]));
    // The leaderboard beside it is ranked by the shrunk estimate, its prior stated.
    await page.getByText(/Ranked by the shrunk market hit rate: \(hits \+ 10\) \/ \(scored votes \+ 20\)/).waitFor();
    const ranked = await page
      .getByRole('table', { name: 'Leaderboard' })
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => ({ shrunk: Number.parseFloat(tr.children[2]?.textContent ?? ''), scored: Number(tr.children[4]?.textContent) })));
    // Traders with a record by their estimate, best first; those without a scored vote after them.
    const withRecord = ranked.filter((row) => row.scored > 0).map((row) => row.shrunk);
    expect(withRecord).toEqual([...withRecord].sort((a, b) => b - a));
    expect(ranked.map((row) => row.scored > 0)).toEqual(ranked.map((_, i) => i < withRecord.length));
    await checkBothWidths(page, SHOTS, 'backtest', () => table.waitFor());
    await context.close();
  });

  it('an investor sees how many traders are Verified, by tier, and what Verified means', async () => {
    const cookie = await suite.app.signInAs('investor');
    const home = (await suite.app.inject({ method: 'GET', url: '/api/dashboard/home', cookie })).json() as RoleHomeDataOf<'investor'>;
    const verified = home.verified_traders;
    const { context, page } = await suite.signedInPage('Ivan Investor');
    await page.goto('/dashboard');
    const section = page.getByTestId('home-verified_traders');
    await section.waitFor();
    await section.getByText(`${verified.verified} of ${verified.traders}`).waitFor();
    await section.getByText('Verified means KYC done and at least 30 votes scored against market prices.').waitFor();
    const groups = await section.getByRole('list', { name: 'Verified traders by tier' }).locator('li').allInnerTexts();
    expect(groups).toEqual(verified.groups.map((g) => `${g.label}: ${g.verified} of ${g.traders} Verified`));
    // Never a name: the pool's traders are not on the investor's home.
    expect(await section.innerText()).not.toContain('Tess Trader');
    await checkBothWidths(page, SHOTS, 'investor-verified', () => section.waitFor());
    await context.close();
  });

  it('a trader reads their own record against the market on the Trader Dashboard', async () => {
    const cookie = await suite.app.signIn('trader@demo.myeai.local');
    const id = ((await suite.app.inject({ method: 'GET', url: '/api/trading/trader/profile', cookie })).json() as { user_id: string }).user_id;
    const record = (await suite.app.inject({ method: 'GET', url: `/api/trading/traders/${id}/track-record`, cookie })).json() as TraderTrackRecord;
    const { context, page } = await suite.signedInPage('Tess Trader');
    await page.goto('/trader-dashboard');
    const card = page.getByRole('heading', { name: 'Your record against the market' }).locator('xpath=ancestor::div[contains(@class, "mantine-Card-root")][1]');
    await card.waitFor();
    await card.getByText(`${record.summary.scored} (${record.summary.hits} hits)`).waitFor();
    await card.getByText(percent(record.shrunk_hit_rate), { exact: true }).first().waitFor();
    await checkBothWidths(page, SHOTS, 'trader-record', () => card.waitFor());
    await context.close();
  });
});
