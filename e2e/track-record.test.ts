import { beforeAll, describe, expect, it } from 'vitest';
import type { SentimentHistorySchema, TrackRecord } from '@myeai/domain';
import type { z } from 'zod';
import { checkBothWidths, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SHOTS = 'test-results/track-record';

/**
 * Issue 32 (decision 062): the admin imports a price series for the demo's EUR/USD H1 history in
 * which the market rose 100 bps over every horizon that has passed; a subscriber reads the
 * consensus's record on the Trading Compass: the headline (too few calls to judge under 20), and
 * the last calls with their prices, change and outcome, and the calibration of the pool's votes.
 */
describe.skipIf(!hasChromium)('the track record on the Trading Compass, in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SHOTS });
  let expected: TrackRecord;

  beforeAll(async () => {
    const admin = await suite.app.signInAs('admin');
    const assets = (await suite.app.inject({ method: 'GET', url: '/api/trading/assets', cookie: admin })).json() as { assets: { id: string; symbol: string }[] };
    const timeframes = (await suite.app.inject({ method: 'GET', url: '/api/trading/timeframes', cookie: admin })).json() as { timeframes: { id: string; code: string }[] };
    const query = `asset_id=${assets.assets.find((a) => a.symbol === 'EUR/USD')!.id}&timeframe_id=${timeframes.timeframes.find((t) => t.code === 'H1')!.id}`;
    const history = (await suite.app.inject({ method: 'GET', url: `/api/trading/history?${query}&limit=100`, cookie: admin })).json() as z.infer<typeof SentimentHistorySchema>;
    expect(history.points.length).toBeGreaterThan(0);
    const now = suite.app.clock.now().getTime();
    const lines = ['asset,time,open,high,low,close'];
    for (const point of history.points) {
      const closedAt = new Date(point.closed_at);
      const horizon = new Date(closedAt.getTime() + 3_600_000);
      lines.push(`EUR/USD,${closedAt.toISOString()},1.1,1.1,1.1,1.1`);
      if (horizon.getTime() <= now) lines.push(`EUR/USD,${horizon.toISOString()},1.1,1.111,1.1,1.111`);
    }
    const imported = await suite.app.inject({ method: 'POST', url: '/api/admin/market/prices/import', cookie: admin, payload: { csv: lines.join('\n'), mode: 'commit' } });
    expect(imported.statusCode, imported.body).toBe(200);
    expected = (await suite.app.inject({ method: 'GET', url: `/api/trading/track-record?${query}&limit=8`, cookie: admin })).json() as TrackRecord;
    expect(expected.summary.scored).toBeGreaterThan(0);
  });

  it('a subscriber reads the consensus hit rate and its last calls on EUR/USD H1', async () => {
    const { context, page } = await suite.signedInPage('Sam Subscriber');
    await page.goto('/trading-compass');
    await page.getByRole('heading', { name: 'Market Sentiment Grid' }).waitFor();
    await page.getByRole('button', { name: /^EUR\/USD H1: / }).click();
    const card = page.getByRole('region', { name: 'Track record: EUR/USD H1' });
    await card.waitFor();
    const { scored } = expected.summary;
    const headline = scored >= 20 ? new RegExp(`^\\d+% of ${scored} calls, \\d+–\\d+%$`) : `Too few calls to judge (${scored} scored)`;
    await card.getByTestId('track-record-headline').getByText(headline).waitFor();
    // Up 100 bps everywhere: the long calls hit, the others miss; the newest may still await its horizon.
    const rows = card.getByRole('table', { name: 'Last calls' }).locator('tbody tr');
    await expect(rows.count()).resolves.toBe(expected.calls.length);
    for (const [index, call] of expected.calls.entries()) {
      const text = await rows.nth(index).innerText();
      const outcome = { hit: 'Hit', miss: 'Miss', awaiting_prices: 'Awaiting prices' }[call.outcome];
      // Badges are upper-cased by CSS, which innerText follows.
      expect(text.toLowerCase()).toContain(outcome.toLowerCase());
      if (call.outcome !== 'awaiting_prices') {
        expect(call.outcome).toBe(call.bias === 'long' ? 'hit' : 'miss');
        expect(text).toContain('1.111');
        expect(text).toContain('+100.00 bps');
      }
    }
    // Calibration (decision 068): the pool's votes on the pair by stated confidence, drawn and listed as the API bins them.
    const bins = expected.calibration.filter((bin) => bin.votes > 0);
    expect(bins.length).toBeGreaterThan(0);
    await card.getByRole('img', { name: /^Calibration chart: / }).waitFor();
    const binRows = await card.getByRole('table', { name: 'Calibration' }).locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (cell) => cell.textContent ?? '')));
    expect(binRows).toEqual(bins.map((bin) => [`${bin.from}–${bin.to}%`, String(bin.votes), `${bin.mean_confidence!.toFixed(1)}%`, `${bin.hit_rate!.toFixed(1)}%`]));
    await checkBothWidths(page, SHOTS, 'compass-track-record', () => card.waitFor());
    await context.close();
  });
});
