import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingPayments, billingRefunds, commissionCellMembers, commissionCells, commissions, users } from '@myeai/db';
import { apiPath, commissionReversalPaths, FINANCE_FIGURES, financePaths, type FinanceFigure, type FinanceLinesResponse, type FinanceResponse } from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { reverseCommissionsForRefund } from '../../commissions/index.ts';

const DAY_MS = 86_400_000;

/**
 * The finance view (issue 31 item 6, decision 066): every figure of every period, and the sum of
 * the lines behind it, equal to SQL written here, separately from the server's queries.
 */
describe.each(testDatabaseKinds())('finance view on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const db = () => t.database.db;
  const ago = (days: number) => new Date(TEST_NOW.getTime() - days * DAY_MS);

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
    // Money in and out over three months, a ledger with paid, pending, reversed and withheld lines, and a run reversed.
    const [member] = await db()
      .insert(users)
      .values({ email: `finance-${randomUUID().slice(0, 6)}@finance.test`, name: 'Finance Member', roles: ['affiliate'], activeRole: 'affiliate', referralCode: `FI${randomUUID().slice(0, 8).toUpperCase()}`, createdAt: TEST_NOW })
      .returning({ id: users.id });
    const payments = await db()
      .insert(billingPayments)
      .values(
        [[2_900, 70], [4_900, 40], [2_900, 9], [9_900, 1]].map(([cents, days], index) => ({
          userId: member!.id,
          provider: 'local',
          providerInvoiceId: `in_finance_${index}_${randomUUID().slice(0, 6)}`,
          plan: 'weekly',
          amountCents: cents!,
          paidAt: ago(days!),
          createdAt: ago(days!),
        })),
      )
      .returning();
    await db().insert(billingRefunds).values([
      { paymentId: payments[1]!.id, provider: 'local', amountCents: 1_000, reason: 'technical_fault', status: 'succeeded', requestedAt: ago(38), settledAt: ago(37) },
      { paymentId: payments[2]!.id, provider: 'local', amountCents: 2_900, reason: 'duplicate_payment', status: 'succeeded', requestedAt: ago(3), settledAt: ago(2) },
      { paymentId: payments[3]!.id, provider: 'local', amountCents: 500, reason: 'goodwill', status: 'pending', requestedAt: ago(0) },
    ]);
    const line = (amount: number, days: number, status: string, paymentId: string | null = null) => ({
      userId: member!.id,
      productId: null,
      source: 'conversion',
      sourceReference: `finance-${randomUUID()}`,
      productName: 'Finance product',
      amountCents: amount,
      rateBp: null,
      status,
      earnedAt: ago(days),
      ...(status === 'paid' ? { processingAt: ago(days - 5), paidAt: ago(days - 5) } : {}),
      paymentId,
    });
    await db().insert(commissions).values([line(1_200, 65, 'paid'), line(800, 35, 'paid', payments[2]!.id), line(300, 20, 'withheld'), line(700, 8, 'pending', payments[2]!.id)]);
    // The second refund reverses the commissions of its payment (one paid, one pending).
    await db().transaction((tx) => reverseCommissionsForRefund(tx, { paymentId: payments[2]!.id, refundId: `finance-refund-${randomUUID()}`, refundedCents: 2_900, paymentCents: 2_900, reason: 'Duplicate payment', clock: t.clock }));
    // A run on a cell with one member, then reversed: its unallocated revenue is booked and taken back.
    const [cell] = await db().insert(commissionCells).values({ name: `Finance cell ${randomUUID().slice(0, 4)}`, status: 'active', createdAt: TEST_NOW, updatedAt: TEST_NOW }).returning({ id: commissionCells.id });
    await db().insert(commissionCellMembers).values({ cellId: cell!.id, position: 0, userId: member!.id, assignedAt: TEST_NOW });
    const run = await t.inject({ method: 'POST', url: '/api/admin/commission/process-revenue', cookie: admin, payload: { cell_id: cell!.id, amount_cents: 10_000, source: 'trading_fees', source_reference_id: `finance-run-${randomUUID()}` } });
    expect(run.statusCode, run.body).toBe(200);
    const reversed = await t.inject({ method: 'POST', url: apiPath(commissionReversalPaths.runReverse, { id: run.json().run_id }), cookie: admin, payload: { reason: 'Wrong cell' } });
    expect(reversed.statusCode, reversed.body).toBe(201);
  });
  afterAll(() => t.close());

  /** Each figure of [s, e), in SQL written for this test. */
  async function expected(figure: FinanceFigure, s: string, e: string): Promise<{ cents: number; count: number }> {
    const queries: Record<FinanceFigure, ReturnType<typeof sql>> = {
      revenue: sql`select sum(amount_cents) as cents, count(*) as n from billing_payments where paid_at >= ${s}::timestamptz and paid_at < ${e}::timestamptz`,
      refunds: sql`select sum(amount_cents) as cents, count(*) as n from billing_refunds where status = 'succeeded' and settled_at >= ${s}::timestamptz and settled_at < ${e}::timestamptz`,
      earned: sql`select sum(amount_cents) as cents, count(*) as n from commissions where amount_cents > 0 and status != 'withheld' and earned_at >= ${s}::timestamptz and earned_at < ${e}::timestamptz`,
      reversed: sql`select sum(0 - amount_cents) as cents, count(*) as n from commissions where amount_cents < 0 and status != 'withheld' and earned_at >= ${s}::timestamptz and earned_at < ${e}::timestamptz`,
      paid: sql`select sum(amount_cents) as cents, count(*) as n from commissions where status = 'paid' and paid_at >= ${s}::timestamptz and paid_at < ${e}::timestamptz`,
      owed: sql`select sum(amount_cents) as cents, count(*) as n from commissions where status != 'withheld' and earned_at < ${e}::timestamptz and (status != 'paid' or paid_at >= ${e}::timestamptz)`,
      unallocated: sql`select (select coalesce(sum(unallocated_cents), 0) from commission_revenue_runs where created_at >= ${s}::timestamptz and created_at < ${e}::timestamptz)
                            - (select coalesce(sum(rr.unallocated_cents), 0) from commission_reversal_runs rr, commission_reversals v where v.id = rr.reversal_id and v.created_at >= ${s}::timestamptz and v.created_at < ${e}::timestamptz) as cents,
                              (select count(*) from commission_revenue_runs where unallocated_cents != 0 and created_at >= ${s}::timestamptz and created_at < ${e}::timestamptz)
                            + (select count(*) from commission_reversal_runs rr, commission_reversals v where v.id = rr.reversal_id and v.created_at >= ${s}::timestamptz and v.created_at < ${e}::timestamptz) as n`,
    };
    const result = await db().execute(queries[figure]);
    const [row] = ((result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as Array<{ cents: string | number | null; n: string | number }>;
    return { cents: Number(row?.cents ?? 0), count: Number(row?.n ?? 0) };
  }

  it('answers every figure of every month as the SQL does, and each figure links to lines that add up to it', async () => {
    const response = await t.inject({ method: 'GET', url: `${financePaths.view}?period=month&count=4`, cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json() as FinanceResponse;
    expect(view.periods.map((p) => p.label)).toEqual(['August 2026', 'September 2026', 'October 2026', 'November 2026']);
    expect(view.periods.at(-1)!.end).toBe('2026-12-01T00:00:00.000Z');
    for (const period of view.periods) {
      for (const figure of FINANCE_FIGURES) {
        const want = await expected(figure, period.start, period.end);
        expect({ period: period.label, figure, cents: period[`${figure}_cents`] }).toEqual({ period: period.label, figure, cents: want.cents });
        const lines = await t.inject({ method: 'GET', url: `${financePaths.lines}?figure=${figure}&from=${period.start}&to=${period.end}`, cookie: admin });
        expect(lines.statusCode, lines.body).toBe(200);
        const answer = lines.json() as FinanceLinesResponse;
        expect({ figure, total: answer.total_cents, count: answer.count }).toEqual({ figure, total: want.cents, count: want.count });
        if (answer.count <= 200) expect(answer.items.reduce((sum, item) => sum + item.amount_cents, 0)).toBe(want.cents);
      }
    }
    // The data of this test shows in its months: money in and out, a reversal, a clawed-back payment, a run's unallocated revenue taken back.
    const november = view.periods.at(-1)!;
    expect(november.revenue_cents).toBeGreaterThanOrEqual(2_900 + 9_900);
    expect(november.refunds_cents).toBeGreaterThanOrEqual(2_900);
    expect(november.reversed_cents).toBeGreaterThanOrEqual(800 + 700);
    // Totals: the periods added up; owed at the end of the last.
    for (const figure of FINANCE_FIGURES) {
      const total = figure === 'owed' ? november.owed_cents : view.periods.reduce((sum, p) => sum + p[`${figure}_cents`], 0);
      expect(view.totals[`${figure}_cents`]).toBe(total);
    }
    // The ledger identity per period: owed at the end = owed at the start + earned - reversed - paid.
    for (const [index, period] of view.periods.entries()) {
      if (index === 0) continue;
      const before = view.periods[index - 1]!;
      expect(period.owed_cents).toBe(before.owed_cents + period.earned_cents - period.reversed_cents - period.paid_cents);
    }
  });

  it('weeks start on Monday UTC; a bad range is 400; the view is for admins', async () => {
    const weeks = (await t.inject({ method: 'GET', url: `${financePaths.view}?period=week&count=2`, cookie: admin })).json() as FinanceResponse;
    expect(weeks.periods.map((p) => p.start)).toEqual(['2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z']);
    for (const figure of FINANCE_FIGURES) expect(weeks.periods[1]![`${figure}_cents`]).toBe((await expected(figure, weeks.periods[1]!.start, weeks.periods[1]!.end)).cents);
    expect((await t.inject({ method: 'GET', url: `${financePaths.lines}?figure=paid&from=2026-11-02T00:00:00.000Z&to=2026-11-01T00:00:00.000Z`, cookie: admin })).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: financePaths.view, cookie: await t.signInAs('affiliate') })).statusCode).toBe(403);
  });
});
