import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { marketPrices, tradingAssets } from '@myeai/db';
import type { PriceCoverage, PriceImportResponse } from '@myeai/domain';
import { checkBothWidths, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SHOTS = 'test-results/market-data';

/**
 * Issue 32 (decision 068): the admin opens Market Data from the sidebar, pastes a candle CSV with
 * two bad rows, reads the preview (the bad rows by their line, as the server reads them), chooses
 * to import the valid rows, and sees the stored prices in the coverage per asset.
 */
describe.skipIf(!hasChromium)('the market data import screen, in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SHOTS });

  it('an admin previews a CSV with bad rows, imports the valid rows and reads the coverage', async () => {
    const admin = await suite.app.signInAs('admin');
    const coverage = async () => ((await suite.app.inject({ method: 'GET', url: '/api/admin/market/prices/coverage', cookie: admin })).json() as PriceCoverage).assets;
    const before = (await coverage()).find((row) => row.asset.symbol === 'BTC/USD')!;
    // Times off the minute grid, so that no seeded candle sits there.
    const now = suite.app.clock.now().getTime();
    const t1 = new Date(Math.floor(now / 60_000) * 60_000 - 3 * 86_400_000 + 7_000).toISOString();
    const t2 = new Date(Date.parse(t1) + 3_600_000).toISOString();
    const t3 = new Date(Date.parse(t1) + 7_200_000).toISOString();
    const csv = [
      'asset,time,open,high,low,close',
      `BTC/USD,${t1},64000,64100,63900,64050.5`,
      `NOPE/USD,${t1},1,1,1,1`,
      `BTC/USD,${t2},64050,64200,64000,abc`,
      `BTC/USD,${t3},64050,64200,64000,64150.25`,
    ].join('\n');
    // What the server says of the file (a preview stores nothing): the page must show the same.
    const expected = (await suite.app.inject({ method: 'POST', url: '/api/admin/market/prices/import', cookie: admin, payload: { csv, mode: 'preview' } })).json() as PriceImportResponse;
    expect(expected.errors.map((error) => error.line)).toEqual([3, 4]);

    const { context, page } = await suite.signedInPage('Ada Admin');
    await page.goto('/trading-admin');
    await page.getByRole('navigation').getByRole('link', { name: 'Market Data' }).click();
    await page.waitForURL('**/admin/trading/market-data');
    await page.getByRole('heading', { level: 1, name: /Market Data/ }).waitFor();
    await page.getByRole('table', { name: 'Price coverage per asset' }).waitFor();

    await page.getByRole('textbox', { name: 'Or paste the CSV' }).fill(csv);
    await page.getByRole('button', { name: 'Preview' }).click();
    const report = page.getByTestId('price-import-preview');
    expect(expected.counts).toEqual({ new: 2, changed: 0, unchanged: 0, invalid: 2, duplicate: 0 });
    await report.getByText(`${expected.rows_read} rows read: 2 new, 0 changed, 0 unchanged, 2 with errors, 0 repeated.`).waitFor();
    const errorRows = await page.getByRole('table', { name: 'Rows with errors' }).locator('tbody tr').evaluateAll((rows) => rows.map((row) => Array.from(row.children, (cell) => cell.textContent ?? '')));
    expect(errorRows).toEqual(expected.errors.map((error) => [String(error.line), error.message]));
    // Nothing is imported while the admin keeps "import nothing".
    await expect(page.getByRole('button', { name: 'Import 2 candles' }).isDisabled()).resolves.toBe(true);
    await checkBothWidths(page, SHOTS, 'market-data-preview', () => report.waitFor());

    await page.getByRole('radio', { name: /Import the valid rows/ }).check();
    await page.getByRole('button', { name: 'Import 2 candles' }).click();
    await page.getByTestId('price-import-result').getByText(/2 new and 0 corrected candles stored/).waitFor();

    // Stored as the file says, in 8-decimal units; the bad rows are not.
    const db = suite.app.database.db;
    const [btc] = await db.select({ id: tradingAssets.id }).from(tradingAssets).where(eq(tradingAssets.symbol, 'BTC/USD'));
    const stored = await db
      .select({ time: marketPrices.time, close: marketPrices.close, source: marketPrices.source })
      .from(marketPrices)
      .where(and(eq(marketPrices.assetId, btc!.id), inArray(marketPrices.time, [new Date(t1), new Date(t2), new Date(t3)])));
    expect(stored.map((row) => [row.time.toISOString(), row.close, row.source]).sort()).toEqual([
      [t1, 6_405_050_000_000, 'import'],
      [t3, 6_415_025_000_000, 'import'],
    ]);

    // The coverage table, read again after the import, counts them.
    const row = page.locator('tr[data-asset="BTC/USD"]');
    // The cells after the asset: class, candles, ...
    await expect.poll(() => row.locator('td').nth(1).innerText()).toBe((before.candles + 2).toLocaleString('en-US'));
    await checkBothWidths(page, SHOTS, 'market-data-imported', () => row.waitFor());
    await context.close();
  });
});
