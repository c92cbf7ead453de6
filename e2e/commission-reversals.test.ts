import { resolve } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { commissionRevenueRuns, commissions, users } from '@myeai/db';
import { FinanceResponseSchema, formatDollarsAndCents } from '@myeai/domain';
import { checkBothWidths, expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/commission-reversals');
const RUN = 'DEMO-CELL-RUN-2';

/**
 * Issue 31 item 3's browser flow (decision 066) on the demo: the admin reverses the Launch Team's
 * revenue run from Commission Management ("Reverse run", a reason, confirm); the payee (the demo
 * affiliate, whose Growth Circle is the Launch Team's parent: the run paid them an override)
 * sees the negative line on /commissions; the admin reads the finance view and a figure's lines.
 */
describe.skipIf(!hasChromium)('commission reversals in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS });
  const db = () => suite.app.database.db;

  async function affiliateRunLine() {
    const [run] = await db().select().from(commissionRevenueRuns).where(eq(commissionRevenueRuns.sourceReferenceId, RUN));
    const [alex] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'affiliate@demo.myeai.local'));
    const [line] = await db()
      .select()
      .from(commissions)
      .where(and(eq(commissions.cellRunId, run!.id), eq(commissions.userId, alex!.id), isNull(commissions.reversesId)));
    return { run: run!, line: line! };
  }

  it('an admin reverses a run from Commission Management and the payee sees the negative line', async () => {
    const { run, line } = await affiliateRunLine();
    expect(line.amountCents).toBeGreaterThan(0);
    const admin = await suite.signedInPage('Ada Admin');
    await admin.page.goto('/commission-management');
    await admin.page.getByRole('heading', { level: 1, name: 'Commission Management' }).waitFor();
    await admin.page.getByRole('tab', { name: 'Revenue Runs' }).click();
    const row = admin.page.locator(`tr[data-run-id="${run.id}"]`);
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain(formatDollarsAndCents(run.amountCents));
    await expectAccessible(admin.page);
    await row.getByRole('button', { name: `Reverse run ${RUN}` }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Reverse run' });
    await expect(dialog.innerText()).resolves.toContain(`so the run nets to ${formatDollarsAndCents(0)}`);
    // The reason is required: the schema's message, nothing written.
    await dialog.getByRole('button', { name: 'Reverse run' }).click();
    await dialog.getByText('Say why it is reversed (at least 3 characters).').waitFor();
    await dialog.getByLabel('Reason').fill('Processed on the wrong cell');
    const [answer] = await Promise.all([
      admin.page.waitForResponse((response) => response.url().endsWith(`/api/admin/commission/runs/${run.id}/reverse`)),
      dialog.getByRole('button', { name: 'Reverse run' }).click(),
    ]);
    expect(answer.status()).toBe(201);
    await row.getByText('Reversed').waitFor();
    await expect(row.innerText()).resolves.toContain('Processed on the wrong cell');
    await expect(row.getByRole('button', { name: /Reverse run/ }).count()).resolves.toBe(0);
    await expectAccessible(admin.page);
    await admin.page.screenshot({ path: resolve(SCREENSHOTS, 'revenue-runs-reversed-1440.png'), fullPage: true });
    await admin.context.close();

    // The payee: a negative line of exactly the override's amount, its reason, the original unchanged.
    const [reversing] = await db().select().from(commissions).where(eq(commissions.reversesId, line.id));
    expect(reversing!.amountCents).toBe(-line.amountCents);
    const payee = await suite.signedInPage('Alex Affiliate');
    await payee.page.goto('/commissions');
    const table = payee.page.getByRole('table', { name: 'Commissions' });
    const negative = table.getByRole('row').filter({ hasText: 'Reversal' }).filter({ hasText: formatDollarsAndCents(-line.amountCents) });
    await negative.first().waitFor();
    await expect(negative.first().innerText()).resolves.toContain('Revenue run reversed: Processed on the wrong cell');
    await expect(table.getByRole('row').filter({ hasText: formatDollarsAndCents(line.amountCents) }).count()).resolves.toBeGreaterThan(0);
    await expectAccessible(payee.page);
    await payee.page.screenshot({ path: resolve(SCREENSHOTS, 'payee-negative-line-1440.png'), fullPage: true });
    await payee.context.close();
  });

  it('the finance view: every figure from the server, a figure opens its lines; 1440 and 375 px, axe', async () => {
    const { page, context } = await suite.signedInPage('Ada Admin');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Finance' }).click();
    await page.waitForURL('**/admin/finance');
    await page.getByRole('heading', { level: 1, name: 'Finance' }).waitFor();
    const view = FinanceResponseSchema.parse(await page.evaluate(async () => (await fetch('/api/admin/finance?period=month&count=6')).json() as Promise<unknown>));
    const current = view.periods.at(-1)!;
    const row = page.getByTestId(`finance-period-${current.start.slice(0, 10)}`);
    await row.waitFor();
    for (const figure of ['revenue', 'refunds', 'earned', 'reversed', 'paid', 'owed', 'unallocated'] as const) {
      await expect(row.locator(`[data-figure="${figure}"]`).innerText()).resolves.toBe(formatDollarsAndCents(current[`${figure}_cents`]));
    }
    // The run reversed above is in this month's reversals: its lines add up to the figure.
    expect(current.reversed_cents).toBeGreaterThan(0);
    await row.locator('[data-figure="reversed"]').getByRole('link').click();
    await page.waitForURL(/figure=reversed/);
    await expect(page.getByTestId('finance-lines-total').innerText()).resolves.toContain(`total ${formatDollarsAndCents(current.reversed_cents)}`);
    await page.getByRole('table', { name: 'Commissions reversed lines' }).getByText('Revenue run reversed: Processed on the wrong cell').first().waitFor();
    await checkBothWidths(page, SCREENSHOTS, 'finance', () => page.getByTestId('finance-lines-total').waitFor());
    await context.close();
  });
});
