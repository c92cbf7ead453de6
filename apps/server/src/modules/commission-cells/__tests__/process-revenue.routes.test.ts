import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, commissionCellMembers, commissionCells, commissionRevenueRuns, commissions, notifications, users } from '@myeai/db';
import { EMPTY_CELL_REVENUE_MESSAGE } from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';

const PATH = '/api/admin/commission/process-revenue';

type Line = { user_id: string; amount_cents: number; kind: string; seat_position: number | null; seat_role: string | null; override_level: number | null };
type Answer = { status: string; message: string; run_id: string | null; calculation_result: { payouts: Line[]; payouts_count: number; paid_cents: number; unallocated_cents: number; revenue_cents: number } };

describe.each(testDatabaseKinds())('process-revenue on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  /** grand <- parent <- cell: the cell is full, the parent and grandparent have a LEAD each. */
  let grand: string;
  let parent: string;
  let cell: string;
  let emptyCell: string;
  let lockedCell: string;
  let seatUsers: string[];
  let parentLead: string;
  let grandLead: string;

  const db = () => t.database.db;
  const post = (payload: Record<string, unknown>, cookie = admin) => t.inject({ method: 'POST', url: PATH, cookie, payload });

  async function addUser(name: string): Promise<string> {
    const [row] = await db()
      .insert(users)
      .values({ email: `${name}-${randomUUID().slice(0, 6)}@cells.test`, name, roles: ['affiliate'], activeRole: 'affiliate', referralCode: `CE${randomUUID().slice(0, 8).toUpperCase()}`, createdAt: TEST_NOW })
      .returning({ id: users.id });
    return row!.id;
  }
  async function addCell(name: string, parentCellId: string | null, status = 'active'): Promise<string> {
    const [row] = await db().insert(commissionCells).values({ name, parentCellId, status, createdAt: TEST_NOW, updatedAt: TEST_NOW }).returning({ id: commissionCells.id });
    return row!.id;
  }
  async function seat(cellId: string, position: number, userId: string) {
    await db().insert(commissionCellMembers).values({ cellId, position, userId, assignedAt: TEST_NOW });
  }
  // This test's cells only: the test database may hold the demo's cells and runs.
  const ownCells = () => [grand, parent, cell, emptyCell, lockedCell];
  const cellLedger = () =>
    db()
      .select({ line: commissions })
      .from(commissions)
      .innerJoin(commissionRevenueRuns, eq(commissionRevenueRuns.id, commissions.cellRunId))
      .where(and(isNotNull(commissions.cellRunId), inArray(commissionRevenueRuns.cellId, ownCells())))
      .then((rows) => rows.map((row) => row.line));
  const runs = () => db().select().from(commissionRevenueRuns).where(inArray(commissionRevenueRuns.cellId, ownCells()));

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
    grand = await addCell('Grand', null);
    parent = await addCell('Parent', grand);
    cell = await addCell('Alpha', parent);
    emptyCell = await addCell('Empty', parent);
    lockedCell = await addCell('Locked', null, 'locked');
    grandLead = await addUser('grand-lead');
    parentLead = await addUser('parent-lead');
    await seat(grand, 0, grandLead);
    await seat(parent, 0, parentLead);
    seatUsers = [];
    for (let position = 0; position < 13; position++) {
      const userId = await addUser(`seat-${position}`);
      seatUsers.push(userId);
      await seat(cell, position, userId);
    }
    await seat(lockedCell, 0, await addUser('locked-lead'));
  });
  afterAll(() => t.close());

  it('a dry run ("Test $1000") answers the split seat by seat and level by level and writes nothing', async () => {
    const response = await post({ cell_id: cell, amount_cents: 100_000, source: 'trading_fees', description: 'Test', dry_run: true });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as Answer;
    expect(answer.status).toBe('dry_run');
    expect(answer.run_id).toBeNull();
    expect(answer.message).not.toContain('Revenue processed successfully!');
    const byUser = new Map(answer.calculation_result.payouts.map((line) => [line.user_id, line]));
    expect(byUser.get(seatUsers[0]!)).toMatchObject({ amount_cents: 45_080, kind: 'seat', seat_role: 'LEAD', seat_position: 0 });
    expect(byUser.get(seatUsers[1]!)).toMatchObject({ amount_cents: 8_820, seat_role: 'SENIOR' });
    expect(byUser.get(seatUsers[12]!)).toMatchObject({ amount_cents: 2_940, seat_role: 'REGULAR' });
    expect(byUser.get(parentLead)).toMatchObject({ amount_cents: 1_000, kind: 'override', override_level: 1 });
    expect(byUser.get(grandLead)).toMatchObject({ amount_cents: 500, kind: 'override', override_level: 2 });
    // Levels 3 and 4 have no upline: 0.3% + 0.2% of $1,000 is unallocated.
    expect(answer.calculation_result.unallocated_cents).toBe(500);
    expect(answer.calculation_result.paid_cents + answer.calculation_result.unallocated_cents).toBe(100_000);
    expect(await runs()).toHaveLength(0);
    expect(await cellLedger()).toHaveLength(0);
  });

  it('a dry run on a cell with no members is refused with the spec message', async () => {
    const response = await post({ cell_id: emptyCell, amount_cents: 100_000, dry_run: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Commission test revenue needs a cell with at least one member.');
  });

  it('a real run writes the run, every payout as a pending ledger line explained by seat or level, notifies and audits; the cents add up', async () => {
    const response = await post({ cell_id: cell, amount_cents: 100_007, source: 'trading_fees', description: 'Week 47 fees', source_reference_id: 'fees-2026-w47' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as Answer;
    expect(answer.status).toBe('processed');
    expect(answer.message).toBe('Revenue processed successfully! 15 payouts generated.');

    const [run] = await runs();
    expect(run).toMatchObject({ id: answer.run_id, cellId: cell, amountCents: 100_007, sourceReferenceId: 'fees-2026-w47' });
    expect(run!.config).toEqual({ lead_share_bp: 4_600, senior_share_bp: 900, regular_share_bp: 300, override_pool_bp: 200, override_levels_bp: [100, 50, 30, 20, 0] });

    const lines = await cellLedger();
    expect(lines).toHaveLength(15);
    expect(lines.every((line) => line.status === 'pending' && line.source === 'cell' && line.cellRunId === run!.id)).toBe(true);
    expect(lines.every((line) => (line.cellSeatPosition === null) !== (line.cellOverrideLevel === null))).toBe(true);
    const paid = lines.reduce((sum, line) => sum + line.amountCents, 0);
    expect(paid).toBe(run!.paidCents);
    expect(paid + run!.unallocatedCents).toBe(100_007);
    expect(lines.find((line) => line.userId === parentLead)).toMatchObject({ cellOverrideLevel: 1, amountCents: 1_000, productName: 'Alpha: override level 1' });
    expect(lines.find((line) => line.userId === seatUsers[0])).toMatchObject({ cellSeatPosition: 0, productName: 'Alpha: Lead seat' });

    const told = await db().select().from(notifications).where(and(eq(notifications.userId, seatUsers[5]!), eq(notifications.type, 'commission')));
    expect(told).toHaveLength(1);
    // A cell payout is told as one, never as "a sale through your link".
    expect(told[0]).toMatchObject({ title: 'New cell payout' });
    expect(told[0]!.message).toMatch(/^Revenue processed on your commission cell paid you a \$\d+\.\d\d cell payout \(Alpha: Regular seat\)\. It is pending until the next payout run\.$/);
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.action, 'commission.revenue_processed'), eq(auditLog.target, cell)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ run_id: run!.id, amount_cents: 100_007, source_reference_id: 'fees-2026-w47' });
  });

  it('the same reference again returns the first result and writes nothing', async () => {
    const before = await cellLedger();
    const response = await post({ cell_id: cell, amount_cents: 100_007, source: 'trading_fees', description: 'Week 47 fees', source_reference_id: 'fees-2026-w47' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as Answer;
    expect(answer.status).toBe('already_processed');
    expect(answer.calculation_result.payouts_count).toBe(15);
    expect(await cellLedger()).toHaveLength(before.length);
    expect(await runs()).toHaveLength(1);
  });

  it.each([
    { change: 'a different amount', payload: { amount_cents: 100_008 } },
    { change: 'a different cell', payload: { cell_id: 'emptyCell' } },
  ])('the same reference with $change is refused (409) and nothing is written', async ({ payload }) => {
    const body = { cell_id: cell, amount_cents: 100_007, source_reference_id: 'fees-2026-w47', ...payload };
    if (body.cell_id === 'emptyCell') body.cell_id = emptyCell;
    const response = await post(body);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('This source reference was already used for a different amount or cell. Use a new reference for new revenue.');
    expect(await runs()).toHaveLength(1);
  });

  it('a dry run with a reference answers like the real call: 409 for another amount or cell, the first run for the same revenue, nothing written', async () => {
    const before = (await cellLedger()).length;
    const real = await post({ cell_id: cell, amount_cents: 100_008, source_reference_id: 'fees-2026-w47' });
    const dry = await post({ cell_id: cell, amount_cents: 100_008, source_reference_id: 'fees-2026-w47', dry_run: true });
    expect(real.statusCode).toBe(409);
    expect(dry.statusCode).toBe(409);
    expect(dry.json().error.message).toBe(real.json().error.message);
    const otherCell = await post({ cell_id: emptyCell, amount_cents: 100_007, source_reference_id: 'fees-2026-w47', dry_run: true });
    expect(otherCell.statusCode).toBe(409);

    const same = await post({ cell_id: cell, amount_cents: 100_007, source_reference_id: 'fees-2026-w47', dry_run: true });
    expect(same.statusCode, same.body).toBe(200);
    const answer = same.json() as Answer;
    expect(answer.status).toBe('already_processed');
    expect(answer.calculation_result.payouts_count).toBe(15);
    expect(await cellLedger()).toHaveLength(before);
    expect(await runs()).toHaveLength(1);
  });

  it('a dry run on a locked cell is refused like the real call', async () => {
    const dry = await post({ cell_id: lockedCell, amount_cents: 100_000, dry_run: true });
    expect(dry.statusCode).toBe(409);
    expect(dry.json().error.message).toBe('This cell is locked. Unlock it before processing revenue.');
  });

  it('ten concurrent submissions of one reference pay once', async () => {
    const before = (await cellLedger()).length;
    const responses = await Promise.all(Array.from({ length: 10 }, () => post({ cell_id: cell, amount_cents: 50_000, source_reference_id: 'fees-race' })));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const statuses = responses.map((r) => (r.json() as Answer).status).sort();
    expect(statuses.filter((s) => s === 'processed')).toHaveLength(1);
    const runIds = new Set(responses.map((r) => (r.json() as Answer).run_id));
    expect(runIds.size).toBe(1);
    const lines = await db().select().from(commissions).where(eq(commissions.cellRunId, [...runIds][0]!));
    expect((await cellLedger()).length - before).toBe(lines.length);
    const [run] = await db().select().from(commissionRevenueRuns).where(eq(commissionRevenueRuns.sourceReferenceId, 'fees-race'));
    expect(lines.reduce((sum, line) => sum + line.amountCents, 0) + run!.unallocatedCents).toBe(50_000);
  });

  it('a locked cell is refused with a clear message and nothing is written', async () => {
    const response = await post({ cell_id: lockedCell, amount_cents: 10_000, source_reference_id: 'locked-1' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('This cell is locked. Unlock it before processing revenue.');
    expect(await db().select().from(commissionRevenueRuns).where(eq(commissionRevenueRuns.sourceReferenceId, 'locked-1'))).toHaveLength(0);
  });

  it('revenue on an empty cell is refused unless the admin confirms booking it all as unallocated; then it is left wholly unallocated but for its upline', async () => {
    const refused = await post({ cell_id: emptyCell, amount_cents: 1, source_reference_id: 'one-cent' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(EMPTY_CELL_REVENUE_MESSAGE);
    expect(await db().select().from(commissionRevenueRuns).where(eq(commissionRevenueRuns.sourceReferenceId, 'one-cent'))).toHaveLength(0);
    const response = await post({ cell_id: emptyCell, amount_cents: 1, source_reference_id: 'one-cent', book_unallocated: true });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as Answer;
    expect(answer.message).toBe('Revenue processed successfully! 0 payouts generated.');
    expect(answer.calculation_result.payouts).toEqual([]);
    expect(answer.calculation_result.unallocated_cents).toBe(1);
  });

  it.each([
    { name: 'zero revenue', payload: { amount_cents: 0, source_reference_id: 'x' } },
    { name: 'fractional cents', payload: { amount_cents: 10.5, source_reference_id: 'x' } },
    { name: 'no reference on a real run', payload: { amount_cents: 100 } },
  ])('refuses $name with 400', async ({ payload }) => {
    const response = await post({ cell_id: cell, ...payload });
    expect(response.statusCode).toBe(400);
  });

  it('a refused amount is explained in dollars or as amount_cents, never as "the revenue in cents"', async () => {
    const tooMuch = await post({ cell_id: cell, amount_cents: 1_000_000_001, source_reference_id: 'too-much' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.message).toContain('The revenue can be at most $10,000,000.00 per run.');
    const missing = await post({ cell_id: cell, source_reference_id: 'no-amount' });
    expect(missing.json().error.message).toContain('amount_cents is required: the revenue as a whole number of cents (100000 is $1,000.00).');
  });

  it('a file of revenue lines is previewed (nothing written), processed line by line with a per-line report, and resubmitted without paying twice', async () => {
    const batch = (csv: string, dryRun: boolean) => t.inject({ method: 'POST', url: `${PATH}/batch`, cookie: admin, payload: { csv, dry_run: dryRun } });
    const csv = [
      'cell,amount,source,reference,description',
      `${cell},1000.07,trading_fees,fees-2026-w47,Week 47 again`,
      `${cell},250.01,trading_fees,batch-1,Batch line`,
      `${lockedCell},10.00,trading_fees,batch-2,Locked`,
      `${cell},12.345,trading_fees,batch-3,Bad amount`,
      `${emptyCell},99.99,subscriptions,batch-4,`,
    ].join('\n');
    const runsBefore = (await runs()).length;
    const ledgerBefore = (await cellLedger()).length;

    const preview = await batch(csv, true);
    expect(preview.statusCode, preview.body).toBe(200);
    const report = (response: typeof preview) => (response.json() as { lines: { row: number; status: string; message: string }[] }).lines.map((line) => [line.row, line.status]);
    // Row 6 is on a cell with no member: refused without "book all as unallocated" (decision 066).
    expect(report(preview)).toEqual([[2, 'already_processed'], [3, 'dry_run'], [4, 'error'], [5, 'error'], [6, 'error']]);
    expect((preview.json() as { lines: { message: string }[] }).lines[4]!.message).toBe(EMPTY_CELL_REVENUE_MESSAGE);
    expect(await runs()).toHaveLength(runsBefore);
    expect(await cellLedger()).toHaveLength(ledgerBefore);

    const unconfirmed = await batch(csv, false);
    expect(report(unconfirmed)).toEqual([[2, 'already_processed'], [3, 'processed'], [4, 'error'], [5, 'error'], [6, 'error']]);
    expect(await runs()).toHaveLength(runsBefore + 1);
    const processed = await t.inject({ method: 'POST', url: `${PATH}/batch`, cookie: admin, payload: { csv, dry_run: false, book_unallocated: true } });
    expect(processed.statusCode, processed.body).toBe(200);
    expect(report(processed)).toEqual([[2, 'already_processed'], [3, 'already_processed'], [4, 'error'], [5, 'error'], [6, 'processed']]);
    expect((processed.json() as { lines: { message: string }[] }).lines[2]!.message).toBe('This cell is locked. Unlock it before processing revenue.');
    expect(await runs()).toHaveLength(runsBefore + 2);

    const again = await batch(csv, false);
    expect(report(again)).toEqual([[2, 'already_processed'], [3, 'already_processed'], [4, 'error'], [5, 'error'], [6, 'already_processed']]);
    expect(await runs()).toHaveLength(runsBefore + 2);
    // Every run reconciles: its ledger lines plus its unallocated remainder are its revenue, to the cent.
    for (const run of await runs()) {
      const lines = await db().select().from(commissions).where(eq(commissions.cellRunId, run.id));
      expect(lines.reduce((sum, line) => sum + line.amountCents, 0) + run.unallocatedCents).toBe(run.amountCents);
    }
  });

  it('a batch of several lines paying the same owner gives that owner one commission notification for the chunk, with the count and the total', async () => {
    const owner = seatUsers[5]!;
    const commissionNotices = () => db().select().from(notifications).where(and(eq(notifications.userId, owner), eq(notifications.type, 'commission')));
    const before = (await commissionNotices()).length;
    const csv = ['cell,amount,source,reference,description', ...[300, 411.11, 59.99].map((amount, i) => `${cell},${amount},trading_fees,digest-${i + 1},Digest line`)].join('\n');
    const response = await t.inject({ method: 'POST', url: `${PATH}/batch`, cookie: admin, payload: { csv, dry_run: false } });
    expect(response.statusCode, response.body).toBe(200);
    const runIds = (await runs()).filter((run) => run.sourceReferenceId.startsWith('digest-')).map((run) => run.id);
    expect(runIds).toHaveLength(3);
    const paidToOwner = (await cellLedger()).filter((line) => line.userId === owner && runIds.includes(line.cellRunId!));
    expect(paidToOwner).toHaveLength(3);
    const total = paidToOwner.reduce((sum, line) => sum + line.amountCents, 0);

    const [notice] = (await commissionNotices()).filter((row) => (row.data as { count?: number } | null)?.count === 3);
    expect(notice).toBeDefined();
    expect(notice!.data).toMatchObject({ status: 'pending', amount_cents: total, count: 3 });
    expect(notice!.title).toBe('New commissions earned');
    expect(notice!.message).toBe(`You earned 3 cell payouts: $${(total / 100).toFixed(2)}. They are pending until the next payout run.`);
    expect(await commissionNotices()).toHaveLength(before + 1);
  });

  it('a chunk of 500 lines (7,500 ledger lines, past PostgreSQL\'s 65,535 bind parameters as one-value-per-parameter) is written in one go and reconciles to the cent', async () => {
    const lines = 500;
    const csv = ['cell,amount,source,reference,description', ...Array.from({ length: lines }, (_, i) => `${cell},${100 + i}.${String(i % 100).padStart(2, '0')},trading_fees,wide-${i + 1},Wide chunk`)].join('\n');
    const response = await t.inject({ method: 'POST', url: `${PATH}/batch`, cookie: admin, payload: { csv, dry_run: false } });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { counts: Record<string, number> }).counts.processed).toBe(lines);
    const wide = (await runs()).filter((run) => run.sourceReferenceId.startsWith('wide-'));
    expect(wide).toHaveLength(lines);
    const ledger = (await cellLedger()).filter((line) => wide.some((run) => run.id === line.cellRunId));
    expect(ledger).toHaveLength(lines * 15);
    expect(ledger.every((line) => line.status === 'pending' && line.currency === 'USD' && line.source === 'cell')).toBe(true);
    const revenue = Array.from({ length: lines }, (_, i) => (100 + i) * 100 + (i % 100)).reduce((a, b) => a + b, 0);
    expect(ledger.reduce((sum, line) => sum + line.amountCents, 0) + wide.reduce((sum, run) => sum + run.unallocatedCents, 0)).toBe(revenue);
  });

  it('a file without the required columns is refused with a message', async () => {
    const response = await t.inject({ method: 'POST', url: `${PATH}/batch`, cookie: admin, payload: { csv: 'cell,amount\n', dry_run: true } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('The file needs the columns cell, amount, source, reference, description (missing: reference).');
  });

  it('an unknown cell is 404; a non-admin is refused', async () => {
    expect((await post({ cell_id: randomUUID(), amount_cents: 100, source_reference_id: 'nowhere' })).statusCode).toBe(404);
    const affiliate = await t.signInAs('affiliate');
    expect((await post({ cell_id: cell, amount_cents: 100, source_reference_id: 'aff' }, affiliate)).statusCode).toBe(403);
  });
});
