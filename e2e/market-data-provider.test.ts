import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingTimeframes, windowScores } from '@myeai/db';
import { defaultNeutralBandBps, type MarketProviderState, type NeutralBands } from '@myeai/domain';
import type { AppConfig } from '../apps/server/src/env.ts';
import { startKlinesStandIn, type KlinesStandIn } from '../apps/server/src/modules/market-data/__tests__/binance-stand-in.ts';
import { ensureMarketDataPoll } from '../apps/server/src/modules/market-data/index.ts';
import { checkBothWidths, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SHOTS = 'test-results/market-data-provider';

/**
 * Issue 32 (decision 071): with MARKET_DATA_PROVIDER=binance (a local stand-in of Binance's
 * klines), the admin reads the provider's state on Market Data after a good poll and a failed
 * one, then changes the forex 1-hour neutral band and reads how many calls and votes were scored
 * again: the count the API answered for the same change.
 */
describe.skipIf(!hasChromium)('the market data provider and the neutral bands, in Chromium', () => {
  let standIn: KlinesStandIn;
  const overrides: Partial<AppConfig> = {};
  beforeAll(async () => {
    standIn = await startKlinesStandIn(new Date(0));
    overrides.marketData = { provider: 'binance', baseUrl: standIn.url, apiKey: undefined, timeoutMs: 5000 };
  });
  const suite = useBrowserSuite({ screenshots: SHOTS, appOverrides: overrides });
  afterAll(async () => {
    await standIn.close();
  });

  it('an admin sees the provider state and changes a band, and the re-score count is shown', async () => {
    const admin = await suite.app.signInAs('admin');
    const db = suite.app.database.db;
    // A good poll, then a failed one 5 minutes later (the provider answers 503).
    const start = suite.app.clock.now();
    await ensureMarketDataPoll(db, suite.app.clock, suite.app.app.deps.config);
    standIn.serveUntil = new Date(start.getTime() + 15 * 60_000);
    await suite.app.runJobs();
    standIn.mode = 'down';
    suite.app.clock.advance(5 * 60_000);
    await suite.app.runJobs();
    const state = (await suite.app.inject({ method: 'GET', url: '/api/admin/market/provider', cookie: admin })).json() as MarketProviderState;
    expect(state).toMatchObject({ provider: 'binance', last_success_at: start.toISOString(), consecutive_failures: 1 });

    // The forex 1-hour band: the demo's prices have scored EUR/USD, GBP/USD and USD/JPY calls on it.
    const [h1] = await db.select().from(tradingTimeframes).where(eq(tradingTimeframes.code, 'H1'));
    const scored = await db.select({ id: windowScores.windowId }).from(windowScores).where(and(eq(windowScores.timeframeId, h1!.id)));
    expect(scored.length).toBeGreaterThan(0);

    const { context, page } = await suite.signedInPage('Ada Admin');
    await page.goto('/admin/trading/market-data');
    await page.getByRole('heading', { level: 1, name: /Market Data/ }).waitFor();
    await page.getByTestId('provider-name').getByText('Binance public klines').waitFor();
    await page.getByTestId('provider-failures').getByText('1', { exact: true }).waitFor();
    await page.getByText('The provider is failing').waitFor();
    await page.getByTestId('provider-assets').getByText(/BTC\/USD \(BTCUSDT\), ETH\/USD \(ETHUSDT\)/).waitFor();
    await page.getByTestId('provider-assets').getByText(/Skipped.*EUR\/USD/).waitFor();
    expect(await page.getByTestId('provider-last-success').innerText()).toContain(start.getUTCFullYear().toString());
    await checkBothWidths(page, SHOTS, 'market-data-provider', () => page.getByTestId('provider-name').waitFor());

    // What the API answers for the same change, worked out on a copy of the scores: the count the page must show.
    const band = page.getByRole('textbox', { name: 'Forex 1 Hour band (bps)' });
    await expect.poll(() => band.inputValue()).toBe(String(defaultNeutralBandBps('forex', 60)));
    await band.fill('40');
    await page.getByRole('button', { name: 'Save 1 band' }).click();
    const result = page.getByTestId('bands-result');
    await result.waitFor();
    const bands = (await suite.app.inject({ method: 'GET', url: '/api/admin/market/bands', cookie: admin })).json() as NeutralBands;
    expect(bands.bands.find((row) => row.asset_class === 'forex' && row.timeframe.code === 'H1')).toMatchObject({ band_bps: 40, custom: true });
    // Every forex H1 score now records the band of 40 bps; the page counts the calls re-scored.
    const rescored = await db.select({ id: windowScores.windowId, band: windowScores.bandBps }).from(windowScores).where(eq(windowScores.timeframeId, h1!.id));
    expect(rescored.filter((row) => row.band === 40).length).toBeGreaterThan(0);
    const text = await result.innerText();
    const calls = Number(/(\d+) calls? and (\d+) votes? scored again/.exec(text)?.[1]);
    expect(calls).toBe(rescored.filter((row) => row.band === 40).length);
    await page.getByRole('table', { name: 'Forex neutral bands' }).locator('tr[data-timeframe="H1"]').getByText('Admin').waitFor();
    await checkBothWidths(page, SHOTS, 'market-data-bands', () => result.waitFor());

    // The same band again re-scores nothing (the API answers 0).
    const again = await suite.app.inject({ method: 'PUT', url: '/api/admin/market/bands', cookie: admin, payload: { bands: [{ asset_class: 'forex', timeframe_id: h1!.id, band_bps: 40 }] } });
    expect((again.json() as NeutralBands).rescored).toEqual({ windows: 0, votes: 0 });
    await context.close();
  });
});
