import { resolve } from 'node:path';
import { eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { commissionCellMembers, commissionCells, commissionConfig, commissionRevenueRuns, commissions, users } from '@myeai/db';
import { checkBothWidths, expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/commission-management');
const NOW = new Date('2026-11-20T12:00:00.000Z');

describe.skipIf(!hasChromium)('Commission Management in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS });
  const { signedInPage } = suite;
  const db = () => suite.app.database.db;

  async function userId(email: string): Promise<string> {
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  }

  // The three tests run in order on one app and database: each goes on from what the one before wrote.
  let alphaId = '';

  /** Commission Management as the admin, on the given tab. */
  async function openTab(tab: 'Overview' | 'Commission Cells' | 'Configuration') {
    const { page } = await signedInPage('Ada Admin');
    await page.goto('/commission-management');
    await page.getByRole('heading', { level: 1, name: 'Commission Management' }).waitFor();
    await page.getByRole('tab', { name: tab }).click();
    return page;
  }

  /**
   * The demo seeds commission cells (a parent and a child, the affiliate seated, two processed runs):
   * this file builds its own cells and counts from zero, so it starts without them.
   */
  async function clearDemoCells() {
    await db().delete(commissions).where(isNotNull(commissions.cellRunId));
    await db().delete(commissionRevenueRuns);
    await db().delete(commissionCellMembers);
    await db().update(commissionCells).set({ parentCellId: null });
    await db().delete(commissionCells);
  }

  it('lets an admin read the overview, edit the configuration and run Test $1000 (nothing written)', async () => {
    await clearDemoCells();
    // Cells as the Network Manager would build them: Alpha (3 members) under Upline (its Lead), and an empty cell.
    const [upline] = await db().insert(commissionCells).values({ name: 'Upline', createdAt: NOW, updatedAt: NOW }).returning();
    const [alpha] = await db().insert(commissionCells).values({ name: 'Alpha', description: 'The first team', parentCellId: upline!.id, createdAt: NOW, updatedAt: NOW }).returning();
    alphaId = alpha!.id;
    await db().insert(commissionCells).values({ name: 'Empty', createdAt: NOW, updatedAt: NOW });
    await db()
      .insert(commissionCellMembers)
      .values([
        { cellId: upline!.id, userId: await userId('newcomer@demo.myeai.local'), position: 0, assignedAt: NOW },
        { cellId: alpha!.id, userId: await userId('affiliate@demo.myeai.local'), position: 0, assignedAt: NOW },
        { cellId: alpha!.id, userId: await userId('investor@demo.myeai.local'), position: 1, assignedAt: NOW },
        { cellId: alpha!.id, userId: await userId('subscriber@demo.myeai.local'), position: 4, assignedAt: NOW },
      ]);

    const { page } = await signedInPage('Ada Admin');
    await page.goto('/commission-management');
    await page.getByRole('heading', { level: 1, name: 'Commission Management' }).waitFor();
    await page.getByText('Engine Enabled', { exact: true }).waitFor();
    await checkBothWidths(page, SCREENSHOTS, 'overview', async () => {
      await page.getByLabel('Total Cells: 3').waitFor();
      await page.getByLabel('Active Cells: 3').waitFor();
      await page.getByLabel('Locked Cells: 0').waitFor();
      await page.getByLabel('Total Members: 4').waitFor();
      await page.getByText('Defaults (not saved yet)').waitFor();
    });
    // What Unallocated is and where it is booked, beside the configuration that produces it.
    await page.getByText(/^Unallocated is the share of empty seats and of override levels with no upline Lead\. Nobody is paid it/).waitFor();

    // Configuration: the domain schema's message first, then a valid save (audited by the server).
    await page.getByRole('tab', { name: 'Configuration' }).click();
    const lead = page.getByRole('textbox', { name: 'Lead (1 seat)' });
    await lead.fill('47');
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await page.getByText('The seat shares must add up to 100% (1 Lead + 3 Senior + 9 Regular now make 101%).').waitFor();
    await lead.fill('46');
    await page.getByRole('textbox', { name: 'Level 4' }).fill('0.1');
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await page.getByText('The override levels must add up to the override pool (2%; they now make 1.9%).').waitFor();
    await page.getByRole('textbox', { name: 'Level 5' }).fill('0.1');
    await checkBothWidths(page, SCREENSHOTS, 'configuration', () => page.getByRole('switch', { name: /^Elite Pool enabled/ }).waitFor());
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await page.getByText('Commission configuration saved.').first().waitFor();
    await expect.poll(async () => (await db().select().from(commissionConfig))[0]?.payout.override_levels_bp).toEqual([100, 50, 30, 10, 10]);
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByText('L1 1%, L2 0.5%, L3 0.3%, L4 0.1%, L5 0.1%').waitFor();

    // Cells: the empty cell cannot be tested; Test $1000 on Alpha is a dry run that writes nothing.
    await page.getByRole('tab', { name: 'Commission Cells' }).click();
    const emptyCard = page.locator('.mantine-Card-root', { has: page.getByRole('heading', { name: 'Empty' }) });
    await expect(emptyCard.getByRole('button', { name: 'Test $1000' }).isDisabled()).resolves.toBe(true);
    await emptyCard.getByText('Commission test revenue needs a cell with at least one member.').waitFor();
    const alphaCard = page.locator('.mantine-Card-root', { has: page.getByRole('heading', { name: 'Alpha' }) });
    await alphaCard.getByText('3/13 (23.1%)').waitFor();
    await alphaCard.getByRole('button', { name: 'Test $1000' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test $1000 on Alpha' });
    // 3 seats + the upline Lead at level 1.
    await dialog.getByText('Dry run: 4 payouts would be made. Nothing was written.').waitFor();
    await dialog.getByRole('cell', { name: 'Override level 1' }).waitFor();
    // Each line names its member: the seats of Alpha and the Lead of Upline.
    await dialog.getByRole('cell', { name: 'Alex Affiliate' }).waitFor();
    await dialog.getByRole('cell', { name: 'Nico Newcomer' }).waitFor();
    await dialog.getByText('Total: $1,000.00').waitFor();
    await dialog.getByText('Paid to 4 members: $578.40').waitFor();
    await dialog.getByText('Unallocated: $421.60').waitFor();
    await expect(page.getByText('Revenue processed successfully!').count()).resolves.toBe(0);
    await checkBothWidths(page, SCREENSHOTS, 'test-1000', () => dialog.getByText('Total: $1,000.00').waitFor());
    expect(await db().select().from(commissionRevenueRuns)).toHaveLength(0);
    expect(await db().select().from(commissions).where(isNotNull(commissions.cellRunId))).toHaveLength(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('lets an admin create a cell and process revenue from a previewed file and from the form, once per reference', async () => {
    const page = await openTab('Commission Cells');
    // Create Cell (the Network Manager's dialog): the name is optional, the new cell appears in the cards and the tiles.
    await page.getByRole('button', { name: 'Create Cell' }).click();
    const create = page.getByRole('dialog', { name: 'New Cell' });
    await create.getByRole('textbox', { name: /^Cell name/ }).fill('Beta');
    await create.getByRole('textbox', { name: 'Description' }).fill('A second team');
    await create.getByRole('button', { name: 'Create Cell' }).click();
    await page.getByText('Commission cell created successfully!').first().waitFor();
    await page.getByRole('heading', { name: 'Beta' }).waitFor();
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByLabel('Total Cells: 4').waitFor();
    await page.getByRole('tab', { name: 'Commission Cells' }).click();

    // A revenue file: previewed (nothing written), then processed line by line with a report.
    const csv = [
      'cell,amount,source,reference,description',
      `${alphaId},250.00,trading_fees,e2e-rev-1,Week 47 fees`,
      `${alphaId},99.99,subscriptions,e2e-rev-2,Subscriptions`,
      `${alphaId},abc,other,e2e-rev-3,Bad amount`,
    ].join('\n');
    await page.locator('input[type="file"]').setInputFiles({ name: 'revenue.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('table', { name: 'Revenue file preview' });
    await preview.getByRole('cell', { name: 'e2e-rev-1' }).waitFor();
    await page.getByText('Preview, nothing written: 2 ready, 1 error').waitFor();
    expect(await db().select().from(commissionRevenueRuns)).toHaveLength(0);
    await checkBothWidths(page, SCREENSHOTS, 'revenue-preview', () => preview.getByRole('cell', { name: 'e2e-rev-2' }).waitFor());
    await page.getByRole('button', { name: 'Process 2 lines' }).click();
    const report = page.getByRole('table', { name: 'Revenue file report' });
    await report.getByRole('cell', { name: 'Revenue processed successfully! 4 payouts generated.' }).first().waitFor();
    await page.getByText('Processed: 2 processed, 1 error').waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'revenue-report-1440.png'), fullPage: true });

    // Every run: its ledger lines plus its unallocated remainder are its revenue, to the cent.
    const runs = await db().select().from(commissionRevenueRuns);
    expect(runs.map((run) => run.amountCents).sort((a, b) => a - b)).toEqual([9_999, 25_000]);
    for (const run of runs) {
      const lines = await db().select().from(commissions).where(eq(commissions.cellRunId, run.id));
      expect(lines).toHaveLength(4);
      expect(lines.reduce((sum, line) => sum + line.amountCents, 0) + run.unallocatedCents).toBe(run.amountCents);
    }

    // A real run from the form; the same reference again pays nothing.
    await page.getByRole('textbox', { name: 'Cell' }).click();
    await page.getByRole('option', { name: 'Alpha (3/13)' }).click();
    await page.getByRole('textbox', { name: 'Amount (USD)' }).fill('100');
    await page.getByRole('textbox', { name: 'Source reference' }).fill('e2e-form-1');
    await page.getByRole('button', { name: 'Process revenue' }).click();
    await page.getByRole('status').filter({ hasText: 'Revenue processed successfully! 4 payouts generated.' }).waitFor();
    await page.getByRole('textbox', { name: 'Amount (USD)' }).fill('100');
    await page.getByRole('textbox', { name: 'Source reference' }).fill('e2e-form-1');
    await page.getByRole('button', { name: 'Process revenue' }).click();
    await page.getByRole('status').filter({ hasText: 'This revenue was processed before; 4 payouts were generated then. Nothing new was written.' }).waitFor();
    expect(await db().select().from(commissionRevenueRuns)).toHaveLength(3);
    // The result says what Unallocated is and where it is booked.
    await page.getByTestId('unallocated-explanation').filter({ hasText: 'stays with the platform as revenue' }).waitFor();

    // Money is typed in dollars and every message about it speaks dollars (issue 26: after a run the
    // emptied field asked for cents, and an admin could type 100000 for $1,000.00).
    await page.getByRole('textbox', { name: 'Amount (USD)' }).fill('');
    await page.getByRole('textbox', { name: 'Source reference' }).fill('e2e-form-2');
    await page.getByRole('button', { name: 'Process revenue' }).click();
    await page.getByText('Enter the revenue in dollars, e.g. 1000.00.').waitFor();
    await page.getByRole('textbox', { name: 'Amount (USD)' }).fill('12.345');
    await page.getByRole('button', { name: 'Process revenue' }).click();
    await page.getByText('Enter the revenue in dollars with at most two decimals, e.g. 1000.00.').waitFor();
    await expect(page.getByText(/in cents/i).count()).resolves.toBe(0);
    expect(await db().select().from(commissionRevenueRuns)).toHaveLength(3);
    await checkBothWidths(page, SCREENSHOTS, 'revenue-form-dollars', () => page.getByText('Enter the revenue in dollars with at most two decimals, e.g. 1000.00.').waitFor());
  });

  it('lets an admin switch the Elite Pool on and edit it: a cell mirrors the 13 traders by tier, 1 + 3 + 9 enforced', async () => {
    // The Elite Pool: switched on, a cell mirrors the 13 active traders by tier; the dialog edits the same pool.
    const page = await openTab('Configuration');
    await page.getByRole('switch', { name: /^Elite Pool enabled/ }).click();
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await page.getByText('Commission configuration saved.').first().waitFor();
    await page.getByRole('button', { name: 'Edit Elite Pool' }).click();
    const elite = page.getByRole('dialog', { name: 'Elite Pool' });
    await elite.getByText('13/13 selected').waitFor();
    await elite.getByText('Senior 3/3').waitFor();
    // A fourth senior: the counts say so and Save waits for 1 + 3 + 9.
    const regularRow = elite.getByRole('listitem').filter({ hasText: 'trader13@demo.myeai.local' });
    await regularRow.getByText('Senior', { exact: true }).click();
    await elite.getByText('Senior 4/3').waitFor();
    await expect(elite.getByRole('button', { name: 'Save Elite Pool' }).isDisabled()).resolves.toBe(true);
    await regularRow.getByText('Regular', { exact: true }).click();
    await checkBothWidths(page, SCREENSHOTS, 'elite-pool', () => elite.getByText('Senior 3/3').waitFor());
    await elite.getByRole('button', { name: 'Save Elite Pool' }).click();
    await page.getByText('Elite Pool saved.').first().waitFor();
    await page.getByRole('tab', { name: 'Commission Cells' }).click();
    const eliteCard = page.locator('.mantine-Card-root', { has: page.getByRole('heading', { name: 'Elite Pool' }) });
    await eliteCard.getByText('13/13 (100%)').waitFor();
    await eliteCard.getByRole('button', { name: 'Test $1000' }).click();
    await page.getByRole('dialog', { name: 'Test $1000 on Elite Pool' }).getByText('Dry run: 13 payouts would be made. Nothing was written.').waitFor();
    expect(await db().select().from(commissionRevenueRuns)).toHaveLength(3);
  });
});
