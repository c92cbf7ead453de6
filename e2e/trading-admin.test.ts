import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/trading-admin');

describe.skipIf(!hasChromium)('trading admin screens in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS });
  const { signedInPage } = suite;

  const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

  it('lets an admin add an asset and a timeframe, with validation, confirmations and toasts, on accessible tabs', async () => {
    const { context, page } = await signedInPage('Ada Admin');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'System Command' }).click();
    await page.waitForURL('**/trading-admin');
    await page.getByRole('heading', { level: 1, name: 'System Command Center' }).waitFor();
    await page.getByText('MINI-CEO Ecosystem Management & Intelligence').waitFor();
    // Stat cards from stored data: 14 holders of the trader role, 13 in the pool, 12 assets.
    await page.getByLabel('Total Traders: 14').waitFor();
    await page.getByLabel('Active Traders: 13').waitFor();
    await page.getByLabel('Active Assets: 12').waitFor();
    await page.getByRole('table', { name: 'Assets' }).getByText('EUR/USD').waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'assets.png'), fullPage: true });

    // Add Asset: the shared schema's messages first, then the server's answer.
    await page.getByRole('button', { name: 'Add Asset' }).click();
    const assetDialog = page.getByRole('dialog', { name: 'Add Asset' });
    await assetDialog.getByRole('button', { name: 'Add Asset' }).click();
    await assetDialog.getByText('Symbol is required.').waitFor();
    await assetDialog.getByText('Name is required.').waitFor();
    await assetDialog.getByText('Asset class must be one of forex, crypto, indices, commodities, stocks.').waitFor();
    await expectAccessible(page);
    await assetDialog.getByLabel('Symbol').fill('sol/usd');
    await assetDialog.getByLabel('Name').fill('Solana');
    await assetDialog.getByRole('textbox', { name: 'Asset class' }).click();
    await page.getByRole('option', { name: 'Crypto' }).click();
    await assetDialog.getByRole('button', { name: 'Add Asset' }).click();
    await toast(page, 'Asset created successfully!');
    await page.getByRole('table', { name: 'Assets' }).getByRole('cell', { name: 'SOL/USD', exact: true }).waitFor();
    await page.getByLabel('Active Assets: 13').waitFor();
    // A taken symbol is refused by the server with its reason.
    await page.getByRole('button', { name: 'Add Asset' }).click();
    await assetDialog.getByLabel('Symbol').fill('EUR/USD');
    await assetDialog.getByLabel('Name').fill('Again');
    await assetDialog.getByRole('textbox', { name: 'Asset class' }).click();
    await page.getByRole('option', { name: 'Forex' }).click();
    await assetDialog.getByRole('button', { name: 'Add Asset' }).click();
    await assetDialog.getByText('Failed to create asset: An asset with symbol EUR/USD already exists.').waitFor();
    await assetDialog.getByRole('button', { name: 'Cancel' }).click();
    // Deactivate asks first, with the spec's text.
    await page.getByRole('button', { name: 'Deactivate asset SOL/USD' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate asset' });
    await confirm.getByText('Are you sure you want to deactivate asset "SOL/USD"?').waitFor();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('table', { name: 'Assets' }).getByRole('cell', { name: 'SOL/USD', exact: true }).count()).resolves.toBe(1);

    // Timeframes: whole minutes of at least 1.
    await page.getByRole('tab', { name: 'Timeframes' }).click();
    await page.getByRole('table', { name: 'Timeframes' }).getByRole('cell', { name: 'W4', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add Timeframe' }).click();
    const tfDialog = page.getByRole('dialog', { name: 'Add Timeframe' });
    await tfDialog.getByLabel('Code').fill('M30');
    await tfDialog.getByLabel('Label').fill('30 Minutes');
    // Left empty (the field clamps typed values below 1 to 1).
    await tfDialog.getByRole('textbox', { name: 'Minutes', exact: true }).fill('');
    await tfDialog.getByRole('textbox', { name: 'Voting window (minutes)' }).fill('10');
    await tfDialog.getByRole('button', { name: 'Add Timeframe' }).click();
    await tfDialog.getByText('Minutes must be a whole number of at least 1.').waitFor();
    await tfDialog.getByRole('textbox', { name: 'Minutes', exact: true }).fill('30');
    await tfDialog.getByRole('button', { name: 'Add Timeframe' }).click();
    await toast(page, 'Timeframe created successfully!');
    await page.getByRole('table', { name: 'Timeframes' }).getByRole('cell', { name: 'M30', exact: true }).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'timeframes.png'), fullPage: true });

    // Traders: tier labels from the one function, the lead shown as Corpus.
    await page.getByRole('tab', { name: 'Traders' }).click();
    const traders = page.getByRole('table', { name: 'Traders' });
    await traders.getByText('trader@demo.myeai.local').waitFor();
    await page.getByText('Elite Pool complete').waitFor();
    await expect(traders.getByRole('row').filter({ hasText: 'trader@demo.myeai.local' }).innerText()).resolves.toMatch(/46\.0%[\s\S]*Corpus/i);
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'traders.png'), fullPage: true });

    // Consensus System: mode switch, settings form, status and leaderboard.
    await page.getByRole('tab', { name: 'Consensus System' }).click();
    await page.getByRole('table', { name: 'Leaderboard' }).waitFor();
    await page.getByRole('table', { name: 'Daily consensus per asset' }).waitFor();
    await page.locator('label').filter({ hasText: /^Open \(first N submissions\)$/ }).click();
    await toast(page, 'Consensus mode switched to OPEN mode successfully!');
    await page.locator('label').filter({ hasText: /^Fixed \(13-trader hierarchy\)$/ }).click();
    await toast(page, 'Consensus mode switched to FIXED mode successfully!');
    // Emptied (typed values outside 1-20 are clamped by the field itself).
    await page.getByRole('textbox', { name: 'Max consensus size' }).fill('');
    await page.getByRole('button', { name: 'Save Consensus Settings' }).click();
    await page.getByText('Max consensus size must be a whole number between 1 and 20.').waitFor();
    await page.getByRole('textbox', { name: 'Max consensus size' }).fill('10');
    await page.getByRole('button', { name: 'Save Consensus Settings' }).click();
    await toast(page, 'Consensus settings updated successfully!');
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'consensus.png'), fullPage: true });

    // Settings: the thresholds, saved for real.
    await page.getByRole('tab', { name: 'Settings' }).click();
    const confirmation = page.getByRole('slider', { name: 'Confirmation threshold' });
    await confirmation.waitFor();
    await confirmation.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('button', { name: 'Save Thresholds' }).click();
    await toast(page, 'Consensus settings updated successfully!');
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'settings.png'), fullPage: true });
    const saved = await suite.app.inject({ method: 'GET', url: '/api/trading/admin/settings', cookie: await suite.app.signIn('admin@demo.myeai.local') });
    expect(saved.json()).toMatchObject({ confirmation_threshold: 52, exit_threshold: 47, max_consensus_size: 10, consensus_mode: 'fixed' });
    await context.close();
  });

  it('shows the flow chart with the pool, live feed and recent windows, and keeps it accessible at 375 px', async () => {
    const { context, page } = await signedInPage('Ada Admin');
    await page.goto('/admin-flow-chart');
    await page.getByRole('heading', { level: 1, name: 'Flow Chart' }).waitFor();
    await page.getByRole('heading', { name: 'Lead (1)' }).waitFor();
    await page.getByRole('heading', { name: 'Senior (3)' }).waitFor();
    await page.getByRole('heading', { name: 'Regular (9)' }).waitFor();
    await page.getByText('Recent voting windows').waitFor();
    // A vote arrives: the feed shows it without a reload.
    const trader = await suite.app.signIn('trader@demo.myeai.local');
    const assets = (await suite.app.inject({ method: 'GET', url: '/api/trading/assets', cookie: trader })).json().assets as { id: string; symbol: string }[];
    const timeframes = (await suite.app.inject({ method: 'GET', url: '/api/trading/timeframes', cookie: trader })).json().timeframes as { id: string; code: string }[];
    const opened = await suite.app.inject({
      method: 'POST',
      url: '/api/trading/windows/open',
      cookie: trader,
      payload: { asset_id: assets.find((a) => a.symbol === 'TSLA')!.id, timeframe_id: timeframes.find((t) => t.code === 'M15')!.id },
    });
    expect(opened.statusCode).toBe(201);
    await suite.app.inject({ method: 'POST', url: `/api/trading/windows/${opened.json().window.id}/vote`, cookie: trader, payload: { bias: 'long', confidence: 77 } });
    await page.getByText('trader (46.0%) voted LONG at 77% confidence on TSLA M15: 1/13').waitFor();
    // The newest window first; the demo's history may list an earlier TSLA M15 window too.
    await page.getByRole('table', { name: 'Votes on TSLA M15' }).first().waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'flow-chart.png'), fullPage: true });
    await page.locator('label').filter({ hasText: /^Activity$/ }).click();
    await page.getByText('Votes cast', { exact: true }).waitFor();
    await page.locator('label').filter({ hasText: /^7d$/ }).click();
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'flow-activity.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    // Too wide for the phone, a votes table scrolls sideways under its sticky first column: scrolled
    // to its end, every row still shows who voted, and no scrolled cell lies over that name.
    const votes = page.getByRole('table', { name: 'Votes on TSLA M15' }).first();
    const firstCells = await votes.evaluate((table) => {
      const box = table.parentElement!.closest('.mantine-ScrollArea-viewport, .mantine-TableScrollContainer-scrollContainer')!;
      box.scrollLeft = box.scrollWidth;
      const edge = box.getBoundingClientRect().left;
      return Array.from((table as HTMLTableElement).rows).map((row) => {
        const cell = row.cells[0]!;
        cell.scrollIntoView({ block: 'center', inline: 'nearest' });
        const rect = cell.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        return { scrolled: box.scrollLeft > 0, inView: rect.left >= edge - 1, onTop: hit !== null && cell.contains(hit) };
      });
    });
    expect(firstCells.length).toBeGreaterThan(1);
    for (const cell of firstCells) expect(cell).toEqual({ scrolled: true, inView: true, onTop: true });
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'flow-375.png'), fullPage: true });
    await context.close();
  });

  it('refuses both screens to a non-admin (screen and API)', async () => {
    const { context, page } = await signedInPage('Tess Trader');
    for (const path of ['/trading-admin', '/admin-flow-chart']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
      await page.getByText('This section is restricted to system administrators only.').waitFor();
    }
    expect((await page.request.get('/api/trading/admin/stats')).status()).toBe(403);
    expect((await page.request.post('/api/trading/admin/assets', { data: { symbol: 'HACK', name: 'x', asset_class: 'forex' } })).status()).toBe(403);
    await context.close();
  });
});
