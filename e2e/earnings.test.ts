import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { and, eq, gte, isNotNull, lte, ne } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { commissionCellMembers, commissionCells, commissions, users } from '@myeai/db';
import { earningsPeriodStart, formatDollarsAndCents, type EarningsPeriodDays } from '@myeai/domain';
import { checkBothWidths, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/earnings');

describe.skipIf(!hasChromium)('My Earnings Potential (/earnings) in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS });
  const { newPage, signInWithDemo } = suite;
  let payoutCents = 0;
  let affiliateId = '';

  const bothWidths = (page: Page, name: string, ready: () => Promise<unknown>) => checkBothWidths(page, SCREENSHOTS, name, ready);

  beforeAll(async () => {
    // A cell with a Lead and Alex Affiliate in Regular seat 4; an admin processes $1,000.07 on it through the API.
    const db = suite.app.database.db;
    const now = suite.app.clock.now();
    const [affiliate] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'affiliate@demo.myeai.local'));
    const [lead] = await db
      .insert(users)
      .values({ email: `lena-lead-${randomUUID().slice(0, 6)}@earnings.test`, name: 'Lena Lead', roles: ['affiliate'], activeRole: 'affiliate', referralCode: `EL${randomUUID().slice(0, 8).toUpperCase()}`, createdAt: now })
      .returning({ id: users.id });
    affiliateId = affiliate!.id;
    // The demo seed seats the affiliate as the Lead of its Growth Circle; a user holds one seat, so this test's cell takes it over.
    await db.delete(commissionCellMembers).where(eq(commissionCellMembers.userId, affiliate!.id));
    const [cell] = await db.insert(commissionCells).values({ name: 'Harbour Cell', createdAt: now, updatedAt: now }).returning({ id: commissionCells.id });
    await db.insert(commissionCellMembers).values([
      { cellId: cell!.id, position: 0, userId: lead!.id, assignedAt: now },
      { cellId: cell!.id, position: 4, userId: affiliate!.id, assignedAt: now },
    ]);
    const admin = await suite.app.signInAs('admin');
    const response = await suite.app.inject({
      method: 'POST',
      url: '/api/admin/commission/process-revenue',
      cookie: admin,
      payload: { cell_id: cell!.id, amount_cents: 100_007, source: 'trading_fees', description: 'Week 48 fees', source_reference_id: 'e2e-earnings-w48' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as { calculation_result: { payouts: { user_id: string; amount_cents: number }[] } };
    payoutCents = answer.calculation_result.payouts.find((p) => p.user_id === affiliate!.id)!.amount_cents;
  });

  /**
   * The affiliate's seat payouts of the period as the ledger holds them (cell lines with a seat,
   * every status but withheld): this test's run plus the demo's Growth Circle run when it falls inside.
   */
  async function seatPayoutsCents(days: EarningsPeriodDays): Promise<number> {
    const now = suite.app.clock.now();
    const rows = await suite.app.database.db
      .select({ amountCents: commissions.amountCents })
      .from(commissions)
      .where(
        and(
          eq(commissions.userId, affiliateId),
          eq(commissions.source, 'cell'),
          isNotNull(commissions.cellSeatPosition),
          ne(commissions.status, 'withheld'),
          gte(commissions.earnedAt, earningsPeriodStart(now, days)),
          lte(commissions.earnedAt, now),
        ),
      );
    return rows.reduce((sum, row) => sum + row.amountCents, 0);
  }

  it('a member paid by a cell run sees the payout on /earnings (seat, rate, fill, grid, summary) and on /commissions', async () => {
    expect(payoutCents).toBe(2_941);
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Alex Affiliate');
    await page.getByRole('link', { name: 'Purpose Impact' }).first().click();
    await page.waitForURL('**/earnings');
    await page.getByRole('heading', { level: 1, name: 'My Earnings Potential' }).waitFor();
    await expect(page.getByTestId('overview-role').textContent()).resolves.toBe('Regular');
    await expect(page.getByTestId('overview-rate').textContent()).resolves.toBe('3%');
    await expect(page.getByTestId('overview-capacity').textContent()).resolves.toBe('2/13');
    await page.getByText('Seat 4 in Harbour Cell').waitFor();
    const monthSeatCents = await seatPayoutsCents(30);
    expect(monthSeatCents).toBeGreaterThanOrEqual(payoutCents);
    await page.getByText(`Seat payouts ${formatDollarsAndCents(monthSeatCents)}`, { exact: false }).waitFor();
    await page.getByLabel('Seat 4 Regular: Alex Affiliate (you)').waitFor();
    await page.getByLabel('Seat 0 Lead: Lena Lead').waitFor();
    expect(await page.getByText('Sample Data').count()).toBe(0);
    expect(await page.getByText(/goal bonus/i).count()).toBe(0);
    // The Week toggle reads the last 7 days of the ledger, which hold this test's payout (made today).
    await page.getByText('Week', { exact: true }).click();
    await page.getByText('the last 7 days (week)', { exact: false }).waitFor();
    const weekSeatCents = await seatPayoutsCents(7);
    expect(weekSeatCents).toBeGreaterThanOrEqual(payoutCents);
    await page.getByText(`Seat payouts ${formatDollarsAndCents(weekSeatCents)}`, { exact: false }).waitFor();

    // Learn How and View Details.
    await page.getByRole('button', { name: 'Learn How' }).click();
    const learn = page.getByRole('dialog', { name: 'How advancement works' });
    await learn.getByText('Regular to Senior (any 2 of 3)').waitFor();
    await learn.getByText('Senior to Lead (all required)').waitFor();
    await page.keyboard.press('Escape');
    await learn.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Team potential: how it is computed' });
    await details.getByRole('cell', { name: '100%' }).waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    // Closing a dialog returns focus to its button, which scrolled the page; screenshots start at the top.
    await page.evaluate(() => window.scrollTo(0, 0));

    await bothWidths(page, 'earnings-member', () => page.getByTestId('seat-grid').waitFor());

    await page.goto('/commissions');
    await page.getByText('Harbour Cell: Regular seat').first().waitFor();
    await page.getByText(formatDollarsAndCents(payoutCents)).first().waitFor();
    await context.close();
  });

  it('a user without a seat sees the no-seat overview, and the calculator follows its sliders', async () => {
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Sam Subscriber');
    await page.goto('/earnings');
    await page.getByText('You are not in a commission cell yet', { exact: false }).waitFor();
    await page.getByRole('cell', { name: '46% each' }).waitFor();
    await page.getByRole('cell', { name: '45.08%' }).waitFor();
    expect(await page.getByTestId('seat-grid').count()).toBe(0);
    await page.getByText('As the cell Lead', { exact: false }).waitFor();
    await page.getByText('Illustration – not actuals').waitFor();

    await expect(page.getByTestId('calc-total').textContent()).resolves.toBe('$0.00');
    const team = page.getByRole('slider', { name: 'Team members' });
    await team.focus();
    await page.keyboard.press('End');
    await expect.poll(() => page.getByTestId('calc-team-value').textContent()).toBe('13 of 13');
    // 13 x $1,000 x 50% = $6,500; direct 46% of $6,370 = $2,930.20; override 60% of $130 = $78.00.
    await expect(page.getByTestId('calc-cell-revenue').textContent()).resolves.toBe('$6,500.00');
    await expect(page.getByTestId('calc-direct').textContent()).resolves.toBe('$2,930.20');
    await expect(page.getByTestId('calc-override').textContent()).resolves.toBe('$78.00');
    await expect(page.getByTestId('calc-total').textContent()).resolves.toBe('$3,008.20');
    const activity = page.getByRole('slider', { name: 'Activity' });
    await activity.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('calc-activity-value').textContent()).toBe('60%');
    await expect(page.getByTestId('calc-cell-revenue').textContent()).resolves.toBe('$7,800.00');

    await bothWidths(page, 'earnings-no-seat', () => page.getByText('You are not in a commission cell yet', { exact: false }).waitFor());
    await context.close();
  });

  it('a failed load says "Failed to load earnings data" and Try Again loads it', async () => {
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Sam Subscriber');
    let failing = true;
    await page.route('**/api/earnings/current_user**', (route) =>
      failing ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'The service is unavailable.' } }) }) : route.continue(),
    );
    await page.goto('/earnings');
    await page.getByRole('alert').filter({ hasText: 'Failed to load earnings data' }).waitFor({ timeout: 20_000 });
    failing = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByText('You are not in a commission cell yet', { exact: false }).waitFor();
    await context.close();
  });
});
