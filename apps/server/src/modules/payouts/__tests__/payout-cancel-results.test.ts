import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, commissions, notifications, payoutBatches, payoutItems, users } from '@myeai/db';
import { apiPath, payoutsPaths, PAYOUT_SETTINGS_DEFAULTS, readCsv, type PayoutBatchResponse, type PayoutResultsResponse } from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { selectBalanceSplit } from '../payouts.queries.ts';
import { addPayee as addPayeeWith } from './payees.ts';


/**
 * Decision 063 (issue 30): an admin cancels a prepared batch (its lines back to pending, audited,
 * only before approval), and records a batch's results by uploading the provider's result file
 * (rows naming the payouts by the payout file's reference): previewed, applied once, a second
 * upload changing nothing, bad rows reported with the reason and leaving their payouts alone.
 */
describe.each(testDatabaseKinds())('cancelling a payout batch and its result file on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.myeai.local'));
    adminId = row!.id;
    const saved = await call('PUT', payoutsPaths.adminSettings, { ...PAYOUT_SETTINGS_DEFAULTS, holding_days: 0, details_hold_hours: 0, wire_threshold_cents: 100_000_000 });
    expect(saved.status).toBe(200);
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) => {
    const response = await t.inject({ method, url, cookie: admin, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.headers['content-type']?.includes('json') ? response.json() : response.body };
  };

  const addPayee = (lines: number[]) => addPayeeWith(t.database.db, { label: 'Result payee', lines });

  const prepare = async () => {
    const prepared = await call('POST', payoutsPaths.adminBatches, {});
    expect(prepared.status).toBe(200);
    return (prepared.body as PayoutBatchResponse).batch;
  };
  const lineStatuses = async (userId: string) => (await t.database.db.select({ status: commissions.status }).from(commissions).where(eq(commissions.userId, userId))).map((row) => row.status);

  it('cancels a prepared batch: its lines are available again, the next batch pays them, and it is audited', async () => {
    const payee = await addPayee([4000, 3000]);
    const batch = await prepare();
    const item = batch.items.find((candidate) => candidate.user_id === payee.id)!;
    expect(item).toMatchObject({ amount_cents: 7000, line_count: 2 });
    expect(await lineStatuses(payee.id)).toEqual(['processing', 'processing']);

    const cancelled = await call('POST', apiPath(payoutsPaths.adminCancel, { id: batch.id! }), { reason: 'Wrong holding period' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.batch).toMatchObject({ id: batch.id, status: 'cancelled', cancel_reason: 'Wrong holding period', cancelled_at: TEST_NOW.toISOString() });
    expect(cancelled.body.batch.items.every((candidate: { status: string }) => candidate.status === 'cancelled')).toBe(true);
    expect(await lineStatuses(payee.id)).toEqual(['pending', 'pending']);
    expect(await selectBalanceSplit(t.database.db, payee.id, TEST_NOW)).toMatchObject({ available_cents: 7000, in_payout_cents: 0 });
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'payout.batch.cancel'), eq(auditLog.target, batch.id!)));
    expect(audit).toMatchObject({ actorId: adminId, details: expect.objectContaining({ reason: 'Wrong holding period', items: batch.items.length, total_cents: batch.total_cents }) });
    // The payee never heard of a prepared batch: no notification, no statement.
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, payee.id))).toHaveLength(0);

    // Nothing more can happen to it.
    expect((await call('POST', apiPath(payoutsPaths.adminCancel, { id: batch.id! }), {})).status).toBe(409);
    expect((await call('POST', apiPath(payoutsPaths.adminApprove, { id: batch.id! }))).status).toBe(409);
    expect((await call('GET', `${apiPath(payoutsPaths.adminExport, { id: batch.id! })}?method=paypal`)).status).toBe(409);
    expect((await call('PATCH', apiPath(payoutsPaths.adminItem, { id: item.id! }), { status: 'paid' })).status).toBe(409);

    // The next batch takes the same lines and pays them once.
    const next = await prepare();
    expect(next.items.find((candidate) => candidate.user_id === payee.id)).toMatchObject({ amount_cents: 7000, line_count: 2 });
    expect((await call('GET', apiPath(payoutsPaths.adminBatch, { id: batch.id! }))).body.batch.status).toBe('cancelled');
    expect((await call('GET', payoutsPaths.adminBatches)).body.items.find((row: { id: string }) => row.id === batch.id)).toMatchObject({ status: 'cancelled' });
    // Leave no open batch behind for the next test.
    // A cancel without a body (no reason) is fine.
    expect((await call('POST', apiPath(payoutsPaths.adminCancel, { id: next.id! }))).status).toBe(200);
  });

  it('refuses to cancel an approved batch', async () => {
    await addPayee([6000]);
    const batch = await prepare();
    expect((await call('POST', apiPath(payoutsPaths.adminApprove, { id: batch.id! }))).status).toBe(200);
    const refused = await call('POST', apiPath(payoutsPaths.adminCancel, { id: batch.id! }), { reason: 'too late' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('not approved yet');
    const [row] = await t.database.db.select().from(payoutBatches).where(eq(payoutBatches.id, batch.id!));
    expect(row).toMatchObject({ status: 'approved', cancelledAt: null });
    // Settle it so the next test starts clean.
    for (const item of batch.items) expect((await call('PATCH', apiPath(payoutsPaths.adminItem, { id: item.id! }), { status: 'paid' })).status).toBe(200);
  });

  it("records the provider's result file: previewed, applied once, a second upload changes nothing, bad rows reported", async () => {
    const [paid, returned, failed, untouched] = await Promise.all([addPayee([5000]), addPayee([6000]), addPayee([7000]), addPayee([8000])]);
    const batch = await prepare();
    const itemOf = (payee: { id: string }) => batch.items.find((item) => item.user_id === payee.id)!;
    expect((await call('POST', apiPath(payoutsPaths.adminResults, { id: batch.id! }), { csv: 'reference,status\nx,paid\n', dry_run: true })).status).toBe(409);
    expect((await call('POST', apiPath(payoutsPaths.adminApprove, { id: batch.id! }))).status).toBe(200);

    // The result file is the PayPal file with a status column (and a reason where it failed).
    const file = await call('GET', `${apiPath(payoutsPaths.adminExport, { id: batch.id! })}?method=paypal`);
    const read = readCsv(file.body as string);
    if (!read.ok) throw new Error(read.message);
    const withResult = (payee: { id: string }, result: string, reason: string) => {
      const record = read.records.find((candidate) => candidate.cells[3] === itemOf(payee).id)!;
      return [...record.cells, result, reason].join(',');
    };
    const rows = [withResult(paid, 'Completed', ''), withResult(returned, 'Returned', ''), withResult(failed, 'Failed', 'Receiver account is locked')];
    const csv = [
      `${read.headers.join(',')},Status,Reason`,
      ...rows,
      `${'someone@example.test'},10.00,USD,${randomUUID()},note,Completed,`,
      `${untouched.email},80.00,USD,${itemOf(untouched).id},note,Pending,`,
      `${untouched.email},79.00,USD,${itemOf(untouched).id},note,Completed,`,
    ].join('\n');

    const preview = await call('POST', apiPath(payoutsPaths.adminResults, { id: batch.id! }), { csv, dry_run: true });
    expect(preview.status).toBe(200);
    const report = preview.body as PayoutResultsResponse;
    expect(report.dry_run).toBe(true);
    expect(report.counts).toEqual({ paid: 1, failed: 2, unchanged: 0, error: 3 });
    expect(report.rows.map((row) => [row.row, row.status])).toEqual([
      [2, 'paid'],
      [3, 'failed'],
      [4, 'failed'],
      [5, 'error'],
      [6, 'error'],
      [7, 'error'],
    ]);
    expect(report.rows[3]!.message).toBe('No payout of this batch has this reference.');
    expect(report.rows[4]!.message).toContain('"Pending" is not a final result');
    expect(report.rows[5]!.message).toBe('The file says $79.00; this payout is $80.00. Nothing was recorded for it.');
    expect(report.rows.find((row) => row.reference === itemOf(paid).id)).toMatchObject({ user_name: expect.stringContaining('Result payee'), amount_cents: 5000 });
    const items = () => t.database.db.select().from(payoutItems).where(inArray(payoutItems.id, batch.items.map((item) => item.id!)));
    expect((await items()).every((item) => item.status === 'processing')).toBe(true);

    const applied = await call('POST', apiPath(payoutsPaths.adminResults, { id: batch.id! }), { csv, dry_run: false });
    expect(applied.status).toBe(200);
    expect(applied.body.counts).toEqual({ paid: 1, failed: 2, unchanged: 0, error: 3 });
    const after = new Map((await items()).map((item) => [item.userId, item]));
    expect(after.get(paid.id)).toMatchObject({ status: 'paid', settledBy: adminId });
    expect(after.get(returned.id)).toMatchObject({ status: 'failed', reason: 'Returned at the provider (result file)' });
    expect(after.get(failed.id)).toMatchObject({ status: 'failed', reason: 'Receiver account is locked' });
    expect(after.get(untouched.id)).toMatchObject({ status: 'processing' });
    expect(await lineStatuses(paid.id)).toEqual(['paid']);
    expect(await lineStatuses(failed.id)).toEqual(['pending']);
    expect(await lineStatuses(untouched.id)).toEqual(['processing']);
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, failed.id));
    expect(told.map((row) => row.title)).toContain('Payout failed');
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'payout.batch.results'), eq(auditLog.target, batch.id!)))).toHaveLength(1);

    // The same file again: the settled rows are unchanged, nothing is settled twice.
    const again = await call('POST', apiPath(payoutsPaths.adminResults, { id: batch.id! }), { csv, dry_run: false });
    expect(again.body.counts).toEqual({ paid: 0, failed: 0, unchanged: 3, error: 3 });
    // A file that contradicts a settled payout is refused for that row.
    const contradict = await call('POST', apiPath(payoutsPaths.adminResults, { id: batch.id! }), { csv: `Reference,Status\n${itemOf(paid).id},failed\n`, dry_run: false });
    expect(contradict.body.rows[0]).toMatchObject({ status: 'error', message: 'This payout is paid already; the file says failed. Nothing was recorded for it.' });
    expect((await t.database.db.select().from(payoutItems).where(eq(payoutItems.id, itemOf(paid).id!)))[0]!.status).toBe('paid');

    // Settling the last one by its row completes the batch.
    const last = await call('POST', apiPath(payoutsPaths.adminResults, { id: batch.id! }), { csv: `reference,status,amount\n${itemOf(untouched).id},paid,80.00\n`, dry_run: false });
    expect(last.body.counts.paid).toBe(1);
    expect((await call('GET', apiPath(payoutsPaths.adminBatch, { id: batch.id! }))).body.batch.status).toBe('completed');
  });

  it('refuses a file it cannot read, naming what is missing', async () => {
    const payee = await addPayee([5500]);
    const batch = await prepare();
    expect((await call('POST', apiPath(payoutsPaths.adminApprove, { id: batch.id! }))).status).toBe(200);
    const noStatus = await call('POST', apiPath(payoutsPaths.adminResults, { id: batch.id! }), { csv: 'reference,amount\nabc,1.00\n', dry_run: true });
    expect(noStatus.status).toBe(400);
    expect(noStatus.body.error.message).toContain('status column');
    const empty = await call('POST', apiPath(payoutsPaths.adminResults, { id: batch.id! }), { csv: 'reference,status\n', dry_run: true });
    expect(empty.status).toBe(400);
    expect(await lineStatuses(payee.id)).toEqual(['processing']);
  });
});
