import { describe, expect, it } from 'vitest';
import { trackRecordHeadline, type TrackRecord } from '@myeai/domain';
import { checkBothWidths, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SHOTS = 'test-results/track-record-demo';

/**
 * Issue 32 item 1c (decision 068, "A pair with a real record"): on a fresh demo, with nothing
 * imported by hand, the demo subscriber opens EUR/USD H1 and reads the consensus's hit rate with
 * its 95% interval, scored from the seed's own price series, not "Too few calls to judge".
 */
describe.skipIf(!hasChromium)('the demo’s own track record, in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SHOTS });

  it('the demo subscriber reads EUR/USD H1’s hit rate of 20+ calls with its interval', async () => {
    const cookie = await suite.app.signIn('subscriber@demo.myeai.local');
    const assets = (await suite.app.inject({ method: 'GET', url: '/api/trading/assets', cookie })).json() as { assets: { id: string; symbol: string }[] };
    const timeframes = (await suite.app.inject({ method: 'GET', url: '/api/trading/timeframes', cookie })).json() as { timeframes: { id: string; code: string }[] };
    const query = `asset_id=${assets.assets.find((a) => a.symbol === 'EUR/USD')!.id}&timeframe_id=${timeframes.timeframes.find((t) => t.code === 'H1')!.id}`;
    const record = (await suite.app.inject({ method: 'GET', url: `/api/trading/track-record?${query}`, cookie })).json() as TrackRecord;
    expect(record.summary.scored).toBeGreaterThanOrEqual(20);
    const headline = trackRecordHeadline(record.summary);
    expect(headline).toMatch(/^\d+% of \d+ calls, \d+–\d+%$/);

    const { context, page } = await suite.signedInPage('Sam Subscriber');
    await page.goto('/trading-compass');
    await page.getByRole('heading', { name: 'Market Sentiment Grid' }).waitFor();
    await page.getByRole('button', { name: /^EUR\/USD H1: / }).click();
    const card = page.getByRole('region', { name: 'Track record: EUR/USD H1' });
    await card.getByTestId('track-record-headline').getByText(headline, { exact: true }).waitFor();
    await expect(card.getByText(/Too few calls to judge/).count()).resolves.toBe(0);
    // The card alone, for a person to look at (written with E2E_SCREENSHOTS=1, as every screenshot of the suite).
    if (process.env.E2E_SCREENSHOTS === '1') await card.screenshot({ path: `${SHOTS}/track-record-card.png` });
    await checkBothWidths(page, SHOTS, 'compass-demo-track-record', () => card.waitFor());
    await context.close();
  });
});
