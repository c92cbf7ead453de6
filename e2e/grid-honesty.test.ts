import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EntryWindow, SentimentGrid } from '@myeai/domain';
import { checkBothWidths, expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SHOTS = 'test-results/grid-honesty';
const AGE = '(just now|\\d+ (min|h|d) ago)';

/**
 * Issue 26, "a grid that cannot mislead" (decision 050): an open window is its vote count and never
 * a percentage; a closed window's share shows only when it confirmed a consensus, always with its
 * age; the demo's week of history fills most of the grid; the Trader Dashboard's grid shows the
 * standing bias, the last result and its age; only pool members are asked for a vote.
 */
describe.skipIf(!hasChromium)('a grid that cannot mislead, in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SHOTS });
  const cell = (page: Page, pair: string) => page.getByRole('button', { name: new RegExp(`^${pair.replace('/', '\\/')}: `) });

  /** NAS100 M5 has no seeded history: the lead opens a window there and trader2 votes Long. */
  async function openWindowWithOneLongVote(): Promise<string> {
    const lead = await suite.app.signIn('trader@demo.myeai.local');
    const assets = (await suite.app.inject({ method: 'GET', url: '/api/trading/assets', cookie: lead })).json() as { assets: { id: string; symbol: string }[] };
    const timeframes = (await suite.app.inject({ method: 'GET', url: '/api/trading/timeframes', cookie: lead })).json() as { timeframes: { id: string; code: string }[] };
    const payload = { asset_id: assets.assets.find((a) => a.symbol === 'NAS100')!.id, timeframe_id: timeframes.timeframes.find((t) => t.code === 'M5')!.id };
    const opened = await suite.app.inject({ method: 'POST', url: '/api/trading/windows/open', cookie: lead, payload });
    expect(opened.statusCode, opened.body).toBe(201);
    const window = opened.json().window as EntryWindow;
    const voted = await suite.app.inject({ method: 'POST', url: `/api/trading/windows/${window.id}/vote`, cookie: await suite.app.signIn('trader2@demo.myeai.local'), payload: { bias: 'long', confidence: 70 } });
    expect(voted.statusCode, voted.body).toBe(201);
    return window.id;
  }

  beforeAll(openWindowWithOneLongVote);

  it('the 52-week subscriber sees a mostly filled grid; one Long vote in an open window is "Voting open · 1/13" with no percentage; a confirmed cell shows its share and age', async () => {
    const { context, page } = await suite.signedInPage('Sam Subscriber');
    await page.goto('/trading-compass');
    await page.getByRole('heading', { name: 'Market Sentiment Grid' }).waitFor();

    // The demo's week of closed windows: most of the 84 cells have a result (today's seed: 77).
    const grid = (await (await page.request.get('/api/trading/sentiment/grid')).json()) as SentimentGrid;
    const cells = grid.assets.flatMap((asset) => grid.timeframes.map((timeframe) => ({ asset, timeframe, cell: grid.grid[asset.id]![timeframe.id]! })));
    expect(cells).toHaveLength(84);
    expect(cells.filter(({ cell: c }) => !c.locked && c.has_data).length).toBeGreaterThanOrEqual(70);

    // The open window: its count, outlined, no share and no bias colour; the API sends no share either.
    const open = cell(page, 'NAS100 M5');
    await expect(open.getAttribute('title')).resolves.toBe('NAS100 M5: Voting open · 1/13');
    await expect(open.getAttribute('data-cell-kind')).resolves.toBe('voting_open');
    await expect(open.innerText()).resolves.not.toMatch(/%|Long/);
    const nas = cells.find(({ asset, timeframe }) => asset.symbol === 'NAS100' && timeframe.code === 'M5')!.cell;
    expect(nas).toMatchObject({ window_open: true, open_votes: 1, open_pool_size: 13, top_percentage: null, long_percentage: 0, current_bias: null });
    await open.click();
    const detail = page.getByRole('region', { name: 'NAS100 · M5' });
    await detail.getByText('Voting open · 1/13').waitFor();
    await detail.getByText(/the result and its shares appear when the window closes\.$/).waitFor();
    await expect(detail.getByText(/% consensus/).count()).resolves.toBe(0);

    // A confirmed cell: its share and bias, and how long ago its window closed.
    const confirmed = cells.find(({ cell: c }) => !c.locked && c.result_confirmed_bias !== null && !c.window_open)!;
    const pair = `${confirmed.asset.symbol} ${confirmed.timeframe.code}`;
    const word = { long: 'Long', short: 'Short', neutral: 'Neutral' }[(confirmed.cell as { result_confirmed_bias: 'long' | 'short' | 'neutral' }).result_confirmed_bias];
    const percent = (confirmed.cell as { top_percentage: number }).top_percentage;
    await expect(cell(page, pair).getAttribute('title')).resolves.toMatch(new RegExp(`^${pair.replace('/', '\\/')}: ${percent}% ${word}, ${AGE}$`));
    await expect(cell(page, pair).innerText()).resolves.toMatch(new RegExp(`${percent}% ${word}\\s+${AGE}`));
    await cell(page, pair).click();
    const confirmedDetail = page.getByRole('region', { name: `${confirmed.asset.symbol} · ${confirmed.timeframe.code}` });
    await confirmedDetail.getByText(/% consensus$/).waitFor();
    await confirmedDetail.getByText(/^Window closed (just now|\d+ \w+ ago)/).waitFor();

    // "Real-time" only where it is: this page listens live, and the detail card dates its figures.
    await page.getByText('Real-time updates').waitFor();
    await expect(page.getByText('Last updated').count()).resolves.toBe(0);
    await checkBothWidths(page, SHOTS, 'compass-subscriber', () => page.getByRole('heading', { name: 'Market Sentiment Grid' }).waitFor());
    await context.close();
  });

  it('the Trader Dashboard grid shows bias, last result and age per cell; a pool member is asked to vote, an admin outside the pool is not', async () => {
    const trader = await suite.signedInPage('Tess Trader');
    await trader.page.goto('/trader-dashboard');
    await trader.page.getByRole('heading', { name: 'Market Grid' }).waitFor();
    const market = trader.page.getByRole('region', { name: 'Market Grid' });
    // The 84 cells are not 84 identical links: a filled cell names its standing bias, the last result and its age.
    const eur = market.getByRole('cell').filter({ hasText: /^EUR\/USD M5: / });
    await expect(eur.innerText()).resolves.toMatch(new RegExp(`(Long|Short|Neutral|No bias)\\s+(Last \\d+% (Long|Short|Neutral)|Last: no consensus)\\s+${AGE}`));
    await expect(market.getByRole('button', { name: /^Open an entry window on / }).count()).resolves.toBeGreaterThan(0);
    await expect(market.getByText('Open', { exact: true }).count()).resolves.toBe(0);
    // The open window with trader2's vote: the lead's vote is still needed.
    const nas = market.getByRole('cell').filter({ hasText: /^NAS100 M5: / });
    await nas.getByText('Voting open · 1/13').waitFor();
    await nas.getByText('Your vote needed').waitFor();
    await trader.page.getByRole('article', { name: 'NAS100 M5' }).getByText('Vote Required').waitFor();
    await checkBothWidths(trader.page, SHOTS, 'trader-dashboard-trader', () => trader.page.getByRole('heading', { name: 'Market Grid' }).waitFor());
    await trader.context.close();

    const admin = await suite.signedInPage('Ada Admin');
    await admin.page.goto('/trader-dashboard');
    await admin.page.getByRole('heading', { name: 'Market Grid' }).waitFor();
    const card = admin.page.getByRole('article', { name: 'NAS100 M5' });
    await card.getByText('1/13 traders voted').waitFor();
    await expect(card.getByText(/vote required/i).count()).resolves.toBe(0);
    await card.getByText('Voting open', { exact: true }).waitFor();
    const adminNas = admin.page.getByRole('region', { name: 'Market Grid' }).getByRole('cell').filter({ hasText: /^NAS100 M5: / });
    await adminNas.getByText('Voting open · 1/13').waitFor();
    await expect(adminNas.getByText('Your vote needed').count()).resolves.toBe(0);
    await expectAccessible(admin.page);
    await admin.page.screenshot({ path: `${SHOTS}/trader-dashboard-admin-1440.png`, fullPage: true });

    // The flow chart's feed starts from the stored recent activity, beside the recent windows.
    await admin.page.goto('/admin-flow-chart');
    await admin.page.getByRole('heading', { name: 'Recent voting windows' }).waitFor();
    await admin.page.getByRole('list', { name: 'Latest 20 voting events' }).getByText(/closed with \d+ votes/).first().waitFor();
    await expect(admin.page.getByText('No voting activity yet.').count()).resolves.toBe(0);
    await admin.page.screenshot({ path: `${SHOTS}/flow-chart-admin-1440.png`, fullPage: true });
    await admin.context.close();
  });
});
