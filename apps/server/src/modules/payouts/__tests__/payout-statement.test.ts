import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions, payoutMethods, users } from '@myeai/db';
import { apiPath, PayoutDetailsSchema, payoutsPaths, PAYOUT_SETTINGS_DEFAULTS, readCsv, type PayoutBatchResponse, type PayoutPeriodStatement } from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { sealDetails } from '../payout-details-seal.ts';

const DAY_MS = 86_400_000;
const NOVEMBER = new Date('2026-11-10T09:00:00.000Z');
const DECEMBER = new Date('2026-12-04T09:00:00.000Z');

/**
 * Decision 063: a payee's statement of a period, on screen and as CSV. The payouts prepared in the
 * period (UTC days, both included), each with its lines; the totals by status; a cancelled batch
 * is no payout; only the payee's own; the CSV has one row per line and sums to the same totals.
 */
describe.each(testDatabaseKinds())('the payout statement of a period on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let payee: { id: string; email: string; cookie: string };
  let novemberItem: string;
  let decemberItem: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
    await call('PUT', payoutsPaths.adminSettings, admin, { ...PAYOUT_SETTINGS_DEFAULTS, holding_days: 0, details_hold_hours: 0, wire_threshold_cents: 100_000_000 });
    // An account of its own, marked demo so the test signs it in through demo sign-in.
    const email = `statement-${randomUUID().slice(0, 6)}@example.test`;
    const [user] = await t.database.db
      .insert(users)
      .values({ email, name: 'Stella Statement', roles: ['affiliate'], activeRole: 'affiliate', referralCode: `ST${randomUUID().slice(0, 6).toUpperCase()}`, createdAt: TEST_NOW, isDemo: true })
      .returning({ id: users.id });
    const details = PayoutDetailsSchema.parse({ method: 'paypal', email });
    await t.database.db.insert(payoutMethods).values({ userId: user!.id, method: 'paypal', details: sealDetails(details, undefined), summary: 'PayPal s•••@example.test', createdAt: TEST_NOW, updatedAt: TEST_NOW, holdUntil: new Date(0) });
    payee = { id: user!.id, email, cookie: await t.signIn(email) };

    // November: a batch paid; then a cancelled one; December: a batch still on its way.
    t.clock.set(NOVEMBER);
    await addLine(6000, 'Course A', 30);
    await addLine(1500, 'Course B', 29);
    novemberItem = await batchWith('paid');
    await addLine(9000, 'Course C', 5);
    t.clock.set(new Date(NOVEMBER.getTime() + DAY_MS));
    await batchWith('cancel');
    t.clock.set(DECEMBER);
    decemberItem = await batchWith('approve');
  });
  afterAll(() => t.close());

  async function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, cookie: string, payload?: unknown) {
    const response = await t.inject({ method, url, cookie, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, headers: response.headers, body: response.headers['content-type']?.includes('json') ? response.json() : response.body };
  }

  async function addLine(amountCents: number, productName: string, daysAgo: number) {
    await t.database.db.insert(commissions).values({
      userId: payee.id,
      productId: null,
      source: 'conversion',
      sourceReference: `statement-${randomUUID()}`,
      productName,
      amountCents,
      rateBp: null,
      status: 'pending',
      earnedAt: new Date(t.clock.now().getTime() - daysAgo * DAY_MS),
    });
  }

  /** A batch with the payee's available lines: paid, cancelled or only approved; the payee's item id. */
  async function batchWith(end: 'paid' | 'cancel' | 'approve'): Promise<string> {
    const { batch } = (await call('POST', payoutsPaths.adminBatches, admin, {})).body as PayoutBatchResponse;
    const item = batch.items.find((candidate) => candidate.user_id === payee.id)!;
    if (end === 'cancel') {
      expect((await call('POST', apiPath(payoutsPaths.adminCancel, { id: batch.id! }), admin, {})).status).toBe(200);
      return item.id!;
    }
    expect((await call('POST', apiPath(payoutsPaths.adminApprove, { id: batch.id! }), admin)).status).toBe(200);
    // Other payees of the demo may be in the batch: settled or not, only this payee's item matters here.
    if (end === 'paid') expect((await call('PATCH', apiPath(payoutsPaths.adminItem, { id: item.id! }), admin, { status: 'paid' })).status).toBe(200);
    return item.id!;
  }

  const statementOf = async (from: string, to: string) => {
    const response = await call('GET', `${payoutsPaths.statement}?from=${from}&to=${to}`, payee.cookie);
    expect(response.status).toBe(200);
    return response.body as PayoutPeriodStatement;
  };

  it('lists the payouts prepared in the period with their lines and totals, never a cancelled batch', async () => {
    const november = await statementOf('2026-11-01', '2026-11-30');
    expect(november.payee).toEqual({ name: 'Stella Statement', email: payee.email });
    expect(november.items.map((item) => [item.id, item.status, item.amount_cents])).toEqual([[novemberItem, 'paid', 7500]]);
    expect(november.items[0]!.lines.map((line) => [line.product_name, line.amount_cents])).toEqual([
      ['Course A', 6000],
      ['Course B', 1500],
    ]);
    expect(november.totals).toEqual({ paid_cents: 7500, processing_cents: 0, failed_cents: 0 });

    const december = await statementOf('2026-12-04', '2026-12-04');
    expect(december.items.map((item) => [item.id, item.status, item.amount_cents])).toEqual([[decemberItem, 'processing', 9000]]);
    expect(december.totals).toEqual({ paid_cents: 0, processing_cents: 9000, failed_cents: 0 });

    const both = await statementOf('2026-11-10', '2026-12-31');
    expect(both.items.map((item) => item.id)).toEqual([decemberItem, novemberItem]);
    expect(await statementOf('2026-11-11', '2026-12-03')).toMatchObject({ items: [], totals: { paid_cents: 0, processing_cents: 0, failed_cents: 0 } });
  });

  it('downloads the same statement as CSV, one row per line, summing to the totals', async () => {
    const response = await call('GET', `${payoutsPaths.statementCsv}?from=2026-11-01&to=2026-12-31`, payee.cookie);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="payout-statement-2026-11-01-to-2026-12-31.csv"');
    const read = readCsv(response.body as string);
    if (!read.ok) throw new Error(read.message);
    expect(read.records.map((record) => [record.cells[0], record.cells[1], record.cells[3], record.cells[4], record.cells[6], record.cells[10]])).toEqual([
      ['2026-12-04', decemberItem, 'On its way', '', 'Course C', '90.00'],
      ['2026-11-10', novemberItem, 'Paid', '2026-11-10', 'Course A', '60.00'],
      ['2026-11-10', novemberItem, 'Paid', '2026-11-10', 'Course B', '15.00'],
    ]);
  });

  it("shows nobody else's payouts, and refuses a period it cannot read", async () => {
    const other = await call('GET', `${payoutsPaths.statement}?from=2026-11-01&to=2026-12-31`, await t.signInAs('trader'));
    expect(other.status).toBe(200);
    expect((other.body as PayoutPeriodStatement).items.map((item) => item.id)).not.toContain(novemberItem);
    const reversed = await call('GET', `${payoutsPaths.statement}?from=2026-12-01&to=2026-11-01`, payee.cookie);
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.body)).toContain('The last day cannot be before the first.');
    expect((await call('GET', `${payoutsPaths.statementCsv}?from=2026-13-01&to=2026-12-31`, payee.cookie)).status).toBe(400);
    expect((await t.inject({ method: 'GET', url: `${payoutsPaths.statement}?from=2026-11-01&to=2026-11-30` })).statusCode).toBe(401);
  });
});
