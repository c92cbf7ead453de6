import { resolve } from 'node:path';
import { eq, isNotNull } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { commissionCellMembers, commissionCells, commissionRevenueRuns, commissions, users } from '@myeai/db';
import type { NetworkAnalytics } from '@myeai/domain';
import { checkBothWidths, expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/network-manager');
const API = '/api/admin/commission';

describe.skipIf(!hasChromium)('Network Manager in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS });

  const seat = (page: Page, position: number) => page.getByTestId(`seat-${position}`);

  async function searchUser(page: Page, email: string) {
    await page.getByLabel('Search users').fill(email);
    const result = page.getByTestId('user-result').filter({ hasText: email });
    // The search is debounced: wait for the answer to this text (one user), not the list before it.
    await expect.poll(() => page.getByTestId('user-result').count()).toBe(1);
    await result.waitFor();
    return result;
  }

  it('an admin builds a parent and a child cell, fills 13 seats by drag and drop and keyboard, processes revenue and reads the audit trail', async () => {
    const { app } = suite;
    const db = app.database.db;
    // The demo seeds commission cells with runs: this test builds its own network from none.
    await db.delete(commissions).where(isNotNull(commissions.cellRunId));
    await db.delete(commissionRevenueRuns);
    await db.delete(commissionCellMembers);
    await db.update(commissionCells).set({ parentCellId: null });
    await db.delete(commissionCells);
    const emails = Array.from({ length: 14 }, (_, index) => `nm-seat-${String(index).padStart(2, '0')}@network.test`);
    await db.insert(users).values(
      emails.map((email, index) => ({ email, name: `Seat Holder ${index}`, roles: ['affiliate'], activeRole: 'affiliate', referralCode: `NMSEAT${index}`, createdAt: new Date() })),
    );

    const { page, context } = await suite.signedInPage('Ada Admin');
    await page.goto('/admin/commission/manager');
    await page.waitForURL('**/admin/commission-manager');
    await page.getByRole('heading', { level: 1, name: 'Network Manager' }).waitFor();
    await page.getByText('No commission cells found').waitFor();
    await expect(page.getByRole('tab', { name: 'Visual Editor' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByText('Sample Data').count()).resolves.toBe(0);

    // The parent cell, then the child under it (New Cell opens the new cell in the editor).
    await page.getByRole('button', { name: 'New Cell' }).click();
    let dialog = page.getByRole('dialog', { name: 'New Cell' });
    await dialog.getByLabel('Cell name').fill('North Parent');
    await dialog.getByRole('button', { name: 'Create Cell' }).click();
    await page.getByText('Commission cell created successfully!').first().waitFor();
    await page.getByRole('heading', { level: 2, name: 'North Parent' }).waitFor();

    await page.getByRole('button', { name: 'New Cell' }).click();
    dialog = page.getByRole('dialog', { name: 'New Cell' });
    await dialog.getByLabel('Cell name').fill('North Child');
    await dialog.getByRole('textbox', { name: 'Parent cell' }).click();
    await page.getByRole('option', { name: 'North Parent' }).click();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Create Cell' }).click();
    await page.getByRole('heading', { level: 2, name: 'North Child' }).waitFor();
    await page.getByText('0/13 seats filled · Parent: North Parent').waitFor();

    // Seats 0-10 and 12: even users dragged from the search onto their seat, odd ones picked and placed with the keyboard.
    const targets = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12];
    for (const [index, position] of targets.entries()) {
      const result = await searchUser(page, emails[index]!);
      if (index % 2 === 0) {
        await result.dragTo(seat(page, position));
      } else {
        await result.getByRole('button', { name: `Pick ${emails[index]}` }).focus();
        await page.keyboard.press('Enter');
        await page.getByRole('button', { name: `Assign here: seat ${position}`, exact: true }).focus();
        await page.keyboard.press('Enter');
      }
      await seat(page, position).getByText(emails[index]!).waitFor();
    }

    // A drop on an occupied seat is ignored: the Lead stays, the Senior stays.
    await seat(page, 0).dragTo(seat(page, 1));
    await seat(page, 1).getByText(emails[1]!).waitFor();
    await expect(seat(page, 0).getByText(emails[0]!).count()).resolves.toBe(1);

    // Move by drag and drop (seat 12 -> 11), then with the keyboard (11 -> 12).
    await seat(page, 12).dragTo(seat(page, 11));
    await seat(page, 11).getByText(emails[11]!).waitFor();
    await seat(page, 11).getByRole('button', { name: `Move ${emails[11]}`, exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Move here: seat 12', exact: true }).focus();
    await page.keyboard.press('Enter');
    await seat(page, 12).getByText(emails[11]!).waitFor();

    // The 13th member, with the keyboard, on the seat the move freed.
    const last = await searchUser(page, emails[12]!);
    await last.getByRole('button', { name: `Pick ${emails[12]}` }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Assign here: seat 11', exact: true }).focus();
    await page.keyboard.press('Enter');
    await seat(page, 11).getByText(emails[12]!).waitFor();
    await page.getByText('13/13 seats filled · Parent: North Parent').waitFor();
    await checkBothWidths(page, SCREENSHOTS, 'editor-full', () => seat(page, 12).getByText(emails[11]!).waitFor());

    // The parent's Lead (through the API), then "Test $1000" as the dry run and real revenue.
    const admin = await app.signInAs('admin');
    const list = (await app.inject({ method: 'GET', url: `${API}/cells`, cookie: admin })).json() as { cells: { id: string; name: string; version: number }[] };
    const parent = list.cells.find((cell) => cell.name === 'North Parent')!;
    const child = list.cells.find((cell) => cell.name === 'North Child')!;
    const [parentLead] = await db.select({ id: users.id }).from(users).where(eq(users.email, emails[13]!));
    const seated = await app.inject({ method: 'POST', url: `${API}/cells/${parent.id}/assign`, cookie: admin, payload: { user_id: parentLead!.id, position: 0, version: parent.version } });
    expect(seated.statusCode, seated.body).toBe(200);
    // "Test $1000" on the child's card: the dry run, seat by seat and level by level; nothing is written.
    await page.getByRole('tab', { name: 'Cell Overview' }).click();
    await page.getByRole('button', { name: 'Test $1000 on North Child' }).click();
    const test = page.getByRole('dialog', { name: 'Test $1000 on North Child' });
    await test.getByText('Dry run: 14 payouts would be made. Nothing was written.').waitFor();
    await expect(test.getByText('Revenue processed successfully!').count()).resolves.toBe(0);
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'test-1000-1440.png'), fullPage: true });
    await page.keyboard.press('Escape');
    await test.waitFor({ state: 'hidden' });
    await expect(db.select().from(commissionRevenueRuns)).resolves.toHaveLength(0);
    const real = await app.inject({ method: 'POST', url: `${API}/process-revenue`, cookie: admin, payload: { cell_id: child.id, amount_cents: 100_000, source_reference_id: 'e2e-north-1', description: 'E2E revenue' } });
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json()).toMatchObject({ status: 'processed', message: 'Revenue processed successfully! 14 payouts generated.' });
    const lines = await db.select().from(commissions).where(eq(commissions.source, 'cell'));
    expect(lines.reduce((sum, line) => sum + line.amountCents, 0) + 1_000).toBe(100_000);

    // The audit trail of the child cell: the run, the moves and the seats.
    await page.getByRole('tab', { name: 'Audit Trail' }).click();
    // The trail opens filtered to the cell chosen in the editor.
    await expect.poll(() => page.getByRole('textbox', { name: 'Cell' }).inputValue()).toBe('North Child');
    const table = page.getByRole('table', { name: 'Audit records' });
    await table.getByRole('cell', { name: 'Revenue processed' }).waitFor();
    await table.getByText(/\$1,000\.00 \(trading_fees, ref e2e-north-1\): 14 payouts, \$990\.00 paid, \$10\.00 unallocated/).waitFor();
    await expect(table.getByRole('cell', { name: 'Member moved' }).count()).resolves.toBe(2);
    await expect(table.getByRole('cell', { name: 'Member assigned' }).count()).resolves.toBe(13);
    await checkBothWidths(page, SCREENSHOTS, 'audit', () => table.getByRole('cell', { name: 'Revenue processed' }).waitFor());

    // The Elite Pool dialog of Commission Management opens from the header.
    await page.getByRole('button', { name: 'Elite Pool' }).click();
    const elite = page.getByRole('dialog', { name: 'Elite Pool' });
    await elite.waitFor();
    await page.keyboard.press('Escape');
    await elite.waitFor({ state: 'hidden' });

    // Lock from the editor: the seats can no longer change.
    await page.getByRole('tab', { name: 'Visual Editor' }).click();
    await page.getByRole('button', { name: 'Lock North Child' }).click();
    await page.getByText('This cell is locked').waitFor();
    await expect(page.getByRole('button', { name: /^Move / }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /^Remove / }).count()).resolves.toBe(0);

    // The overview: both cards, the stats, search and the status filter.
    await page.getByRole('tab', { name: 'Cell Overview' }).click();
    await expect(page.getByTestId('cell-card').count()).resolves.toBe(2);
    await page.getByText('Members 13/13 (100.0%)').waitFor();
    await page.getByText('53.8%').waitFor(); // 14 of 26 seats
    // member_distribution and fill_analytics (spec 3 section 3), shown as the analytics answer gives them.
    const analytics = (await (await page.request.get(`${API}/analytics`)).json()) as NetworkAnalytics;
    expect(analytics.member_distribution.lead.filled).toBeGreaterThanOrEqual(2);
    for (const kind of ['lead', 'senior', 'regular'] as const) {
      const { filled, seats } = analytics.member_distribution[kind];
      await expect(page.getByTestId(`distribution-${kind}`).innerText()).resolves.toContain(`${filled} of ${seats} filled`);
    }
    const fill = page.getByRole('region', { name: 'Fill analytics' });
    await expect(fill.innerText()).resolves.toMatch(new RegExp(`${analytics.fill_analytics.full_cells}\\s+cells? full[\\s\\S]*${analytics.fill_analytics.partial_cells}\\s+cells? partly filled`));
    await page.locator('.mantine-SegmentedControl-root').getByText('Locked', { exact: true }).click();
    await expect.poll(() => page.getByTestId('cell-card').count()).toBe(1);
    await page.getByLabel('Search cells').fill('no such cell');
    await page.getByText('No commission cells found').waitFor();
    await page.getByLabel('Search cells').fill('');
    await page.locator('.mantine-SegmentedControl-root').getByText('All', { exact: true }).click();
    await expect.poll(() => page.getByTestId('cell-card').count()).toBe(2);
    await checkBothWidths(page, SCREENSHOTS, 'overview', () => page.getByText('Members 13/13 (100.0%)').waitFor());
    await context.close();
  });
});
