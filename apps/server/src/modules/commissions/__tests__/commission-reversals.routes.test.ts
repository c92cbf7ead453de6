import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  commissionCellMembers,
  commissionCells,
  commissionReversalRuns,
  commissionReversals,
  commissionRevenueRuns,
  commissions,
  notifications,
  payoutMethods,
  users,
} from '@myeai/db';
import {
  apiPath,
  commissionReversalPaths,
  PayoutDetailsSchema,
  payoutsPaths,
  proportionalShares,
  type PayoutBatchResponse,
  type ReversalResponse,
} from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { click, createTestProduct, postConversion, referralCode, signature, unixNow } from '../../tracking/__tests__/affiliate-test-helpers.ts';
import { reverseCommissionsForRefund } from '../commission-reversals.service.ts';

const DAY_MS = 86_400_000;
const AFFILIATE = 'affiliate@demo.myeai.local';

/**
 * Issue 31 items 2 and 3 (decision 066): reversals are negative ledger lines of their own; a
 * refunded payment reverses its commissions in proportion (idempotent per refund), a merchant
 * reverses a conversion with a signed request, an admin reverses a revenue run so it nets to zero;
 * the payout nets negative lines, a negative balance carries forward; the reconciliation in SQL.
 */
describe.each(testDatabaseKinds())('commission reversals on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let counter = 0;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  async function addPayee(name: string): Promise<string> {
    counter += 1;
    const [user] = await db()
      .insert(users)
      .values({ email: `${name.toLowerCase().replace(/\W+/g, '-')}-${counter}-${randomUUID().slice(0, 6)}@reversal.test`, name: `${name} ${counter}`, roles: ['affiliate'], activeRole: 'affiliate', referralCode: `RV${randomUUID().slice(0, 8).toUpperCase()}`, createdAt: TEST_NOW })
      .returning({ id: users.id, email: users.email });
    const details = PayoutDetailsSchema.parse({ method: 'paypal', email: user!.email });
    // Stored as decision 060 marks details without PAYOUT_DETAILS_KEY.
    const stored = `plain:${JSON.stringify(details)}`;
    await db().insert(payoutMethods).values({ userId: user!.id, method: 'paypal', details: stored, summary: 'PayPal r•••@reversal.test', createdAt: TEST_NOW, updatedAt: TEST_NOW, holdUntil: TEST_NOW });
    return user!.id;
  }

  async function addLine(userId: string, amountCents: number, options: { daysAgo?: number; paymentId?: string; status?: string } = {}) {
    counter += 1;
    const at = new Date(t.clock.now().getTime() - (options.daysAgo ?? 20) * DAY_MS);
    const [row] = await db()
      .insert(commissions)
      .values({
        userId,
        productId: null,
        source: 'conversion',
        sourceReference: `reversal-test-${counter}-${randomUUID()}`,
        productName: 'Reversal test product',
        amountCents,
        rateBp: null,
        status: options.status ?? 'pending',
        earnedAt: at,
        ...(options.status === 'paid' ? { processingAt: at, paidAt: at } : {}),
        paymentId: options.paymentId ?? null,
      })
      .returning();
    return row!;
  }

  async function addCell(name: string, seats: string[]): Promise<string> {
    const [cell] = await db().insert(commissionCells).values({ name: `${name} ${randomUUID().slice(0, 4)}`, parentCellId: null, status: 'active', createdAt: TEST_NOW, updatedAt: TEST_NOW }).returning({ id: commissionCells.id });
    for (const [position, userId] of seats.entries()) await db().insert(commissionCellMembers).values({ cellId: cell!.id, position, userId, assignedAt: TEST_NOW });
    return cell!.id;
  }

  const processRevenue = async (payload: Record<string, unknown>) => {
    const response = await t.inject({ method: 'POST', url: '/api/admin/commission/process-revenue', cookie: admin, payload });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { run_id: string; calculation_result: { paid_cents: number; unallocated_cents: number } };
  };

  const reverseRun = (runId: string, reason = 'Processed on the wrong cell', cookie = admin) =>
    t.inject({ method: 'POST', url: apiPath(commissionReversalPaths.runReverse, { id: runId }), cookie, payload: { reason } });

  const refund = (input: { paymentId: string; refundId: string; refundedCents: number; paymentCents: number }) =>
    db().transaction((tx) => reverseCommissionsForRefund(tx, { ...input, reason: 'Refund: duplicate payment', clock: t.clock }));

  const linesReversing = (id: string) => db().select().from(commissions).where(eq(commissions.reversesId, id));
  const netOf = async (id: string) => {
    const [row] = await db()
      .select({ net: sql<number>`coalesce(sum(${commissions.amountCents}), 0)::bigint`.mapWith(Number) })
      .from(commissions)
      .where(sql`${commissions.id} = ${id} or ${commissions.reversesId} = ${id}`);
    return Number(row!.net);
  };

  /** The reconciliation, in SQL written here: for every user, earned - reversed - paid = owed. */
  async function reconcileUsers() {
    const rows = await db().execute(sql`
      select user_id,
             coalesce(sum(amount_cents) filter (where amount_cents > 0 and status <> 'withheld'), 0)::bigint as earned,
             coalesce(-sum(amount_cents) filter (where amount_cents < 0 and status <> 'withheld'), 0)::bigint as reversed,
             coalesce(sum(amount_cents) filter (where status = 'paid'), 0)::bigint as paid,
             coalesce(sum(amount_cents) filter (where status in ('pending', 'processing')), 0)::bigint as owed
      from commissions group by user_id`);
    const list = (rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[]);
    const broken = (list as Array<Record<string, string | number>>).filter((row) => Number(row.earned) - Number(row.reversed) - Number(row.paid) !== Number(row.owed));
    expect(broken).toEqual([]);
    expect(list.length).toBeGreaterThan(0);
  }

  /** For every reversed run, in SQL: payouts + unallocated - reversals = 0. */
  async function reconcileReversedRuns() {
    const rows = await db().execute(sql`
      select r.id,
             r.paid_cents + r.unallocated_cents
               - coalesce((select -sum(c.amount_cents) from commissions c where c.cell_run_id = r.id and c.reverses_id is not null), 0)
               - coalesce((select sum(rr.unallocated_cents) from commission_reversal_runs rr where rr.run_id = r.id), 0) as net
      from commission_revenue_runs r
      where exists (select 1 from commission_reversals v where v.kind = 'run' and v.subject_id = r.id::text)`);
    const list = ((rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[])) as Array<{ id: string; net: string | number }>;
    expect(list.length).toBeGreaterThan(0);
    expect(list.filter((row) => Number(row.net) !== 0)).toEqual([]);
  }

  it('a refunded payment reverses its commissions in proportion, cents exact, once per refund; the whole refund reverses every line whole', async () => {
    const paymentId = randomUUID();
    const [a, b] = [await addPayee('Refund A'), await addPayee('Refund B')];
    const lineA = await addLine(a, 1333, { paymentId });
    const lineB = await addLine(b, 667, { paymentId, status: 'paid' });
    const cell = await addCell('Refund cell', [a, b]);
    const run = await processRevenue({ cell_id: cell, amount_cents: 2_900, source: 'subscriptions', source_reference_id: `pay-${paymentId}`, payment_id: paymentId });
    const runLines = await db().select().from(commissions).where(eq(commissions.cellRunId, run.run_id)).orderBy(commissions.id);
    expect(runLines.every((line) => line.paymentId === paymentId)).toBe(true);

    const first = await refund({ paymentId, refundId: `re-1-${paymentId}`, refundedCents: 1_000, paymentCents: 2_900 });
    expect(first.status).toBe('reversed');
    // Every part of the payment (two direct lines, the run's lines, its unallocated revenue) is reversed by its share of 1000/2900.
    const parts = [lineA.amountCents, lineB.amountCents, ...runLines.map((line) => line.amountCents), run.calculation_result.unallocated_cents];
    const shares = proportionalShares(parts, 1_000, 2_900);
    const reversedNow = async () => [
      -(await linesReversing(lineA.id)).reduce((sum, line) => sum + line.amountCents, 0),
      -(await linesReversing(lineB.id)).reduce((sum, line) => sum + line.amountCents, 0),
      ...(await Promise.all(runLines.map(async (line) => -(await linesReversing(line.id)).reduce((sum, l) => sum + l.amountCents, 0)))),
      Number(((await db().select({ cents: sql<number>`coalesce(sum(${commissionReversalRuns.unallocatedCents}), 0)::bigint` }).from(commissionReversalRuns).where(eq(commissionReversalRuns.runId, run.run_id)))[0]!.cents)),
    ];
    expect(await reversedNow()).toEqual(shares);
    expect(first.reversal.lines_cents + first.reversal.unallocated_cents).toBe(-shares.slice(0, -1).reduce((s, v) => s + v, 0) + shares.at(-1)!);
    // A reversal of a paid line is pending (it nets against the next payout); every line names its original and the reason.
    const [revB] = await linesReversing(lineB.id);
    expect(revB).toMatchObject({ status: 'pending', source: 'reversal', reversalId: first.reversal.id, paymentId });
    expect(revB!.reason).toContain('duplicate payment');

    // The same refund settled again (the provider's event after the admin's request): one effect.
    const replay = await refund({ paymentId, refundId: `re-1-${paymentId}`, refundedCents: 1_000, paymentCents: 2_900 });
    expect(replay.status).toBe('already_reversed');
    expect(replay.reversal.id).toBe(first.reversal.id);
    expect(await reversedNow()).toEqual(shares);

    // Two more partial refunds reach the whole payment: every line and the unallocated revenue are reversed whole, to the cent.
    await refund({ paymentId, refundId: `re-2-${paymentId}`, refundedCents: 999, paymentCents: 2_900 });
    await refund({ paymentId, refundId: `re-3-${paymentId}`, refundedCents: 901, paymentCents: 2_900 });
    expect(await reversedNow()).toEqual(parts);
    for (const line of [lineA, lineB, ...runLines]) expect(await netOf(line.id)).toBe(0);
    // The payees are told, once per reversal.
    const told = await db().select().from(notifications).where(and(eq(notifications.userId, a), sql`${notifications.data}->>'reversal_id' = ${first.reversal.id}`));
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe('Commission reversed');
    const audited = await db().select().from(auditLog).where(and(eq(auditLog.action, 'commission.reverse.refund'), eq(auditLog.target, paymentId)));
    expect(audited).toHaveLength(3);
    await reconcileUsers();
  });

  it('a refund of a payment nothing came from writes an empty reversal (the finance view counts the refund) and refuses a refund above the payment', async () => {
    const paymentId = randomUUID();
    const answer = await refund({ paymentId, refundId: `re-empty-${paymentId}`, refundedCents: 500, paymentCents: 2_900 });
    expect(answer.reversal).toMatchObject({ kind: 'refund', lines: [], lines_cents: 0, unallocated_cents: 0, revenue_cents: 500 });
    await expect(refund({ paymentId, refundId: `re-big-${paymentId}`, refundedCents: 3_000, paymentCents: 2_900 })).rejects.toThrow('at most the payment');
  });

  it('the payout nets negative lines: an unpaid line is cancelled out before any payout, a paid line claws back from the next one, a negative balance carries forward', async () => {
    const unpaid = await addPayee('Unpaid');
    const clawed = await addPayee('Clawed');
    const negative = await addPayee('Negative');
    const pUnpaid = randomUUID();
    const pClawed = randomUUID();
    const pNegative = randomUUID();
    const u1 = await addLine(unpaid, 6_000, { paymentId: pUnpaid, daysAgo: 30 });
    await addLine(unpaid, 4_000, { daysAgo: 25 });
    await addLine(clawed, 2_000, { paymentId: pClawed, status: 'paid', daysAgo: 40 });
    await addLine(clawed, 9_000, { daysAgo: 25 });
    await addLine(negative, 8_000, { paymentId: pNegative, status: 'paid', daysAgo: 40 });
    await addLine(negative, 3_000, { daysAgo: 25 });
    await refund({ paymentId: pUnpaid, refundId: `re-${pUnpaid}`, refundedCents: 1_450, paymentCents: 2_900 }); // half of 6000: -3000
    await refund({ paymentId: pClawed, refundId: `re-${pClawed}`, refundedCents: 2_900, paymentCents: 2_900 }); // all of 2000
    await refund({ paymentId: pNegative, refundId: `re-${pNegative}`, refundedCents: 2_900, paymentCents: 2_900 }); // all of 8000
    expect((await linesReversing(u1.id))[0]!.amountCents).toBe(-3_000);

    const prepared = await t.inject({ method: 'POST', url: payoutsPaths.adminBatches, cookie: admin, payload: {} });
    expect(prepared.statusCode, prepared.body).toBe(200);
    const batch = (prepared.json() as PayoutBatchResponse).batch;
    const itemOf = (userId: string) => batch.items.find((item) => item.user_id === userId);
    // 6000 - 3000 + 4000: the reversed half of the unpaid line never goes out.
    expect(itemOf(unpaid)?.amount_cents).toBe(7_000);
    // 9000 - 2000: the paid line's reversal nets against this payout.
    expect(itemOf(clawed)?.amount_cents).toBe(7_000);
    // 3000 - 8000 = -5000: no payout; the negative balance carries forward.
    expect(itemOf(negative)).toBeUndefined();
    expect(batch.skipped.find((skip) => skip.user_id === negative)).toMatchObject({ reason: 'below_minimum', available_cents: -5_000 });
    // Each item's amount is the sum of the lines it links (negative lines included).
    const linked = await db().execute(sql`select i.id, i.amount_cents, coalesce(sum(l.amount_cents), 0)::bigint as lines from payout_items i join payout_item_lines l on l.item_id = i.id where i.batch_id = ${batch.id}::uuid group by i.id`);
    const linkedRows = ((linked as unknown as { rows?: unknown[] }).rows ?? (linked as unknown as unknown[])) as Array<{ amount_cents: string | number; lines: string | number }>;
    expect(linkedRows.filter((row) => Number(row.amount_cents) !== Number(row.lines))).toEqual([]);
    const negativeLines = await db().select().from(commissions).where(and(eq(commissions.userId, negative), eq(commissions.status, 'pending')));
    expect(negativeLines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(-5_000);
    await reconcileUsers();
  });

  it('/commissions and the payout balance show a negative balance as such', async () => {
    const affiliate = await t.signIn(AFFILIATE);
    const [me] = await db().select({ id: users.id }).from(users).where(eq(users.email, AFFILIATE));
    const summary = async () => (await t.inject({ method: 'GET', url: '/api/commissions/summary', cookie: affiliate })).json() as { pending_cents: number; total_earnings_cents: number };
    const balance = async () => (await t.inject({ method: 'GET', url: payoutsPaths.balance, cookie: affiliate })).json() as { available_cents: number; holding_cents: number; in_payout_cents: number };
    const [before, balanceBefore] = [await summary(), await balance()];
    const paymentId = randomUUID();
    await addLine(me!.id, 1_000_000, { paymentId, status: 'paid', daysAgo: 60 });
    await refund({ paymentId, refundId: `re-${paymentId}`, refundedCents: 100, paymentCents: 100 });
    const [after, balanceAfter] = [await summary(), await balance()];
    expect(after.pending_cents - before.pending_cents).toBe(-1_000_000);
    expect(after.pending_cents).toBeLessThan(0);
    expect(balanceAfter.available_cents - balanceBefore.available_cents).toBe(-1_000_000);
    expect(balanceAfter.available_cents).toBeLessThan(0);
    const list = (await t.inject({ method: 'GET', url: '/api/commissions?limit=5', cookie: affiliate })).json() as { items: Array<{ amount_cents: number; source: string; reverses_id?: string; reason?: string }> };
    expect(list.items[0]).toMatchObject({ amount_cents: -1_000_000, source: 'reversal' });
    expect(list.items[0]!.reverses_id).toBeTruthy();
    expect(list.items[0]!.reason).toContain('duplicate payment');
  });

  describe('a merchant reverses a conversion', () => {
    let product: Awaited<ReturnType<typeof createTestProduct>>;
    const orderId = `ORDER-${randomUUID().slice(0, 8)}`;
    let commissionId: string;

    const reverse = (reference: string, body: Record<string, unknown>, options: { secret?: string; header?: string } = {}) => {
      const raw = JSON.stringify(body);
      return t.inject({
        method: 'POST',
        url: apiPath(commissionReversalPaths.conversionReverse, { reference }),
        headers: { 'content-type': 'application/json', 'x-myeai-signature': options.header ?? signature(options.secret ?? product.secret, raw, unixNow(t)) },
        payload: raw,
      });
    };

    beforeAll(async () => {
      product = await createTestProduct(t, { commission_rate_bp: 1_000 });
      const ref = await referralCode(t, AFFILIATE);
      await click(t, `/go/${product.id}?ref=${ref}`);
      t.clock.advance(1000);
      const sale = await postConversion(t, product.secret, { product_id: product.id, order_id: orderId, amount_cents: 10_001, ref });
      expect(sale.statusCode, sale.body).toBe(201);
      commissionId = sale.json().commission.id;
      expect(sale.json().commission.amount_cents).toBe(1_000);
    });

    it('refuses a bad signature (401), an unknown order (404), a partial reversal without its id (400) and changes nothing', async () => {
      expect((await reverse(orderId, { product_id: product.id, reason: 'Refunded' }, { header: 't=1,v1=00' })).statusCode).toBe(401);
      expect((await reverse(orderId, { product_id: product.id, reason: 'Refunded' }, { secret: 'not-the-secret' })).statusCode).toBe(401);
      expect((await reverse('NO-SUCH-ORDER', { product_id: product.id, reason: 'Refunded' })).statusCode).toBe(404);
      expect((await reverse(orderId, { product_id: product.id, reason: 'Refunded', amount_cents: 100 })).statusCode).toBe(400);
      expect(await linesReversing(commissionId)).toHaveLength(0);
    });

    it('a partial reversal writes one negative line in proportion; a replay answers it; more than is left is 400; the rest in full; then 409 with the earlier reversal', async () => {
      const partial = await reverse(orderId, { product_id: product.id, reason: 'Partial refund', amount_cents: 3_334, reversal_id: 'rf_1' });
      expect(partial.statusCode, partial.body).toBe(201);
      const first = partial.json() as ReversalResponse;
      // 1000 x 3334 / 10001 = 333.37 -> 333
      expect(first.reversal.lines).toEqual([expect.objectContaining({ reverses_id: commissionId, amount_cents: -333, status: 'pending' })]);

      const replay = await reverse(orderId, { product_id: product.id, reason: 'Partial refund', amount_cents: 3_334, reversal_id: 'rf_1' });
      expect(replay.statusCode).toBe(200);
      expect((replay.json() as ReversalResponse)).toMatchObject({ status: 'already_reversed', reversal: { id: first.reversal.id } });
      expect((await reverse(orderId, { product_id: product.id, reason: 'Partial refund', amount_cents: 3_000, reversal_id: 'rf_1' })).statusCode).toBe(409);
      expect(await linesReversing(commissionId)).toHaveLength(1);

      const tooMuch = await reverse(orderId, { product_id: product.id, reason: 'Too much', amount_cents: 6_668, reversal_id: 'rf_2' });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json().error.message).toContain('At most 6667 cents');

      t.clock.advance(60_000);
      const rest = await reverse(orderId, { product_id: product.id, reason: 'Chargeback' });
      expect(rest.statusCode, rest.body).toBe(201);
      expect((rest.json() as ReversalResponse).reversal.lines[0]!.amount_cents).toBe(-667);
      expect(await netOf(commissionId)).toBe(0);

      const again = await reverse(orderId, { product_id: product.id, reason: 'Chargeback again', reversal_id: 'rf_3' });
      expect(again.statusCode).toBe(409);
      const error = again.json().error as { message: string; details: Array<{ path: string; message: string }> };
      expect(error.message).toContain('already reversed in full');
      expect(error.details).toEqual([{ path: 'reversal_id', message: (rest.json() as ReversalResponse).reversal.id }]);
      // The original line is never edited.
      const [original] = await db().select().from(commissions).where(eq(commissions.id, commissionId));
      expect(original!.amountCents).toBe(1_000);
    });
  });

  describe('an admin reverses a revenue run', () => {
    it('one transaction: a reversing line of exactly the same amount per payout and the unallocated remainder, so the run nets to zero; replay answers the first; audited; payees told; the run keeps its history', async () => {
      const lead = await addPayee('Lead');
      const senior = await addPayee('Senior');
      const cell = await addCell('Run cell', [lead, senior]);
      const run = await processRevenue({ cell_id: cell, amount_cents: 100_007, source: 'trading_fees', source_reference_id: `run-${randomUUID()}` });
      const lines = await db().select().from(commissions).where(eq(commissions.cellRunId, run.run_id));
      const [runBefore] = await db().select().from(commissionRevenueRuns).where(eq(commissionRevenueRuns.id, run.run_id));

      const response = await reverseRun(run.run_id);
      expect(response.statusCode, response.body).toBe(201);
      const answer = response.json() as ReversalResponse;
      expect(answer.status).toBe('reversed');
      for (const line of lines) {
        const reversing = await linesReversing(line.id);
        expect(reversing.map((r) => r.amountCents)).toEqual([-line.amountCents]);
        expect(reversing[0]).toMatchObject({ cellRunId: run.run_id, userId: line.userId, reversalId: answer.reversal.id, status: 'pending' });
      }
      expect(answer.reversal.unallocated_cents).toBe(run.calculation_result.unallocated_cents);
      expect(answer.reversal.lines_cents).toBe(-run.calculation_result.paid_cents);
      await reconcileReversedRuns();
      // The run keeps its history: the row and its lines are as they were.
      const [runAfter] = await db().select().from(commissionRevenueRuns).where(eq(commissionRevenueRuns.id, run.run_id));
      expect(runAfter).toEqual(runBefore);
      expect((await db().select().from(commissions).where(inArray(commissions.id, lines.map((l) => l.id)))).map((l) => l.amountCents).sort()).toEqual(lines.map((l) => l.amountCents).sort());

      const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'commission.reverse.run'), eq(auditLog.target, run.run_id)));
      const details = audit!.details as { before: { run: { paid_cents: number } }; after: { lines_cents: number; unallocated_cents: number } };
      expect(details.before.run.paid_cents).toBe(run.calculation_result.paid_cents);
      expect(details.after).toMatchObject({ lines_cents: -run.calculation_result.paid_cents, unallocated_cents: run.calculation_result.unallocated_cents });
      for (const payee of [lead, senior]) {
        const told = await db().select().from(notifications).where(and(eq(notifications.userId, payee), sql`${notifications.data}->>'reversal_id' = ${answer.reversal.id}`));
        expect(told).toHaveLength(1);
        expect(told[0]!.message).toContain('Revenue run reversed: Processed on the wrong cell');
      }

      const replay = await reverseRun(run.run_id, 'Another reason');
      expect(replay.statusCode).toBe(200);
      expect((replay.json() as ReversalResponse)).toMatchObject({ status: 'already_reversed', reversal: { id: answer.reversal.id, reason: 'Processed on the wrong cell' } });
      expect(await db().select().from(commissionReversals).where(eq(commissionReversals.subjectId, run.run_id))).toHaveLength(1);

      const listed = await t.inject({ method: 'GET', url: commissionReversalPaths.runs, cookie: admin });
      expect(listed.statusCode, listed.body).toBe(200);
      const item = (listed.json() as { items: Array<{ id: string; amount_cents: number; reversal: { id: string; reason: string } | null }> }).items.find((candidate) => candidate.id === run.run_id);
      expect(item).toMatchObject({ amount_cents: 100_007, reversal: { id: answer.reversal.id, reason: 'Processed on the wrong cell' } });

      const read = await t.inject({ method: 'GET', url: apiPath(commissionReversalPaths.reversal, { id: answer.reversal.id }), cookie: admin });
      expect(read.statusCode).toBe(200);
      expect(read.json().lines).toHaveLength(lines.length);
    });

    it('two admins reversing one run at once: one reversal', async () => {
      const lead = await addPayee('Race');
      const cell = await addCell('Race cell', [lead]);
      const run = await processRevenue({ cell_id: cell, amount_cents: 50_001, source: 'trading_fees', source_reference_id: `race-${randomUUID()}` });
      const otherAdmin = await t.signInAs('admin');
      const [one, two] = await Promise.all([reverseRun(run.run_id, 'First admin'), reverseRun(run.run_id, 'Second admin', otherAdmin)]);
      expect([one.statusCode, two.statusCode].sort()).toEqual([200, 201]);
      expect((one.json() as ReversalResponse).reversal.id).toBe((two.json() as ReversalResponse).reversal.id);
      expect(await db().select().from(commissionReversals).where(eq(commissionReversals.subjectId, run.run_id))).toHaveLength(1);
      const lines = await db().select().from(commissions).where(eq(commissions.cellRunId, run.run_id));
      expect(lines.filter((line) => line.reversesId !== null)).toHaveLength(lines.filter((line) => line.reversesId === null).length);
      await reconcileReversedRuns();
    });

    it('a run partly reversed by a refund first: the run reversal takes back what is left, and the run still nets to zero', async () => {
      const lead = await addPayee('Partly');
      const cell = await addCell('Partly cell', [lead]);
      const paymentId = randomUUID();
      const run = await processRevenue({ cell_id: cell, amount_cents: 2_900, source: 'subscriptions', source_reference_id: `partly-${paymentId}`, payment_id: paymentId });
      await refund({ paymentId, refundId: `re-${paymentId}`, refundedCents: 1_000, paymentCents: 2_900 });
      const response = await reverseRun(run.run_id);
      expect(response.statusCode, response.body).toBe(201);
      const lines = await db().select().from(commissions).where(and(eq(commissions.cellRunId, run.run_id), sql`${commissions.reversesId} is null`));
      for (const line of lines) expect(await netOf(line.id)).toBe(0);
      await reconcileReversedRuns();
      await reconcileUsers();
    });

    it('an unknown run is 404; no reason is 400', async () => {
      expect((await reverseRun(randomUUID())).statusCode).toBe(404);
      expect((await t.inject({ method: 'POST', url: apiPath(commissionReversalPaths.runReverse, { id: randomUUID() }), cookie: admin, payload: {} })).statusCode).toBe(400);
    });
  });
});
