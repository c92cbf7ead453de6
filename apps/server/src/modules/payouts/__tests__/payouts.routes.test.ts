import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions, mailOutbox, payoutMethods, users } from '@myeai/db';
import { apiPath, payoutsPaths, PAYOUT_SETTINGS_DEFAULTS, type PayoutBalance, type PayoutBatchResponse } from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { addPayee as addPayeeWith } from './payees.ts';
import { selectBalanceSplit } from '../payouts.queries.ts';

const AFFILIATE = 'affiliate@demo.myeai.local';
const KEY = 'a'.repeat(64);

/**
 * Issue 30 with the manual provider (decision 060): details with a hold, the balance, a batch
 * prepared, approved once by two admins at once, its PayPal file, items marked paid and failed,
 * the statement, the minimum at its boundary, and the reconciliation of every payee's ledger.
 * PAYOUT_DETAILS_KEY is set, so details are sealed with AES-256-GCM.
 */
describe.each(testDatabaseKinds())('payouts on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let affiliate: string;
  let affiliateId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { payoutDetailsKey: KEY });
    admin = await t.signInAs('admin');
    affiliate = await t.signIn(AFFILIATE);
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, AFFILIATE));
    affiliateId = row!.id;
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, cookie: string, payload?: unknown) => {
    const response = await t.inject({ method, url, cookie, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.headers['content-type']?.includes('json') ? response.json() : response.body };
  };

  const addPayee = async (lines: number[], daysAgo = 20) => (await addPayeeWith(t.database.db, { label: 'Payee', lines, daysAgo, key: KEY })).id;


  const settings = (changes: Partial<typeof PAYOUT_SETTINGS_DEFAULTS>) => call('PUT', payoutsPaths.adminSettings, admin, { ...PAYOUT_SETTINGS_DEFAULTS, ...changes });

  it('validates details with the field named, masks them, holds them and mails the account', async () => {
    const bad = await call('PUT', payoutsPaths.method, affiliate, { method: 'ach', account_holder: 'Ann', routing_number: '021000022', account_number: '123456789' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path).join(' ')).toContain('routing_number');
    const badIban = await call('PUT', payoutsPaths.method, affiliate, { method: 'wire', account_holder: 'Ann', iban: 'DE89370400440532013001', bank_name: 'B', country: 'DE' });
    expect(badIban.status).toBe(400);
    expect(JSON.stringify(badIban.body)).toContain('iban');
    // The demo affiliate's seeded PayPal details (decision 063), long out of their hold; a refused change leaves them.
    expect((await call('GET', payoutsPaths.method, affiliate)).body.method).toMatchObject({ method: 'paypal', summary: 'PayPal a•••@example.com', on_hold: false });

    const saved = await call('PUT', payoutsPaths.method, affiliate, { method: 'paypal', email: 'affiliate.payouts@example.com' });
    expect(saved.status).toBe(200);
    expect(saved.body.method).toMatchObject({ method: 'paypal', summary: 'PayPal a•••@example.com', on_hold: true });
    expect(new Date(saved.body.method.hold_until).getTime() - TEST_NOW.getTime()).toBe(48 * 3_600_000);
    const [stored] = await t.database.db.select().from(payoutMethods).where(eq(payoutMethods.userId, affiliateId));
    expect(stored!.details.startsWith('enc:v1:')).toBe(true);
    expect(stored!.details).not.toContain('affiliate.payouts');
    const mails = await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'payout_method_changed'), eq(mailOutbox.toAddress, AFFILIATE)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('PayPal a•••@example.com');

    // Out of the holding period but within the details hold: listed with the reason, not paid.
    expect((await settings({ holding_days: 0 })).status).toBe(200);
    const preview = await call('POST', payoutsPaths.adminBatches, admin, { dry_run: true });
    expect(preview.status).toBe(200);
    expect(preview.body.batch.skipped).toContainEqual(expect.objectContaining({ user_id: affiliateId, reason: 'details_on_hold' }));
  });

  it('pays 5000 at the minimum and carries 4999; a dry run writes nothing', async () => {
    expect((await settings({ holding_days: 0, details_hold_hours: 0, wire_threshold_cents: 100_000_000 })).status).toBe(200);
    const atMinimum = await addPayee([3000, 2000]);
    const below = await addPayee([2999, 2000]);
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sql`payout_batches`);
    const preview = (await call('POST', payoutsPaths.adminBatches, admin, { dry_run: true })).body as PayoutBatchResponse;
    expect(preview.batch.id).toBeNull();
    expect(preview.batch.items.find((item) => item.user_id === atMinimum)).toMatchObject({ amount_cents: 5000, line_count: 2 });
    expect(preview.batch.skipped).toContainEqual(expect.objectContaining({ user_id: below, reason: 'below_minimum', available_cents: 4999 }));
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sql`payout_batches`);
    expect(after[0]!.n).toBe(before[0]!.n);
    const split = await selectBalanceSplit(t.database.db, atMinimum, TEST_NOW);
    expect(split).toMatchObject({ available_cents: 5000, in_payout_cents: 0 });
  });

  it('prepares, approves once under two concurrent approvals, exports, settles and states', async () => {
    await call('PUT', payoutsPaths.method, affiliate, { method: 'paypal', email: 'affiliate.payouts@example.com' });
    const failing = await addPayee([6000]);
    const before = (await call('GET', payoutsPaths.balance, affiliate)).body as PayoutBalance;
    expect(before.available_cents).toBeGreaterThan(5000);

    const prepared = await call('POST', payoutsPaths.adminBatches, admin, {});
    expect(prepared.status).toBe(200);
    const batch = (prepared.body as PayoutBatchResponse).batch;
    expect(batch.status).toBe('prepared');
    const mine = batch.items.find((item) => item.user_id === affiliateId)!;
    expect(mine).toMatchObject({ method: 'paypal', amount_cents: before.available_cents });
    const during = (await call('GET', payoutsPaths.balance, affiliate)).body as PayoutBalance;
    expect(during).toMatchObject({ available_cents: 0, in_payout_cents: before.in_payout_cents + mine.amount_cents });

    // A change of details while the batch is open: the batch keeps its snapshot.
    await call('PUT', payoutsPaths.method, affiliate, { method: 'paypal', email: 'changed@example.com' });

    const id = batch.id!;
    expect((await call('GET', `${apiPath(payoutsPaths.adminExport, { id })}?method=paypal`, admin)).status).toBe(409);
    const [first, second] = await Promise.all([call('POST', apiPath(payoutsPaths.adminApprove, { id }), admin), call('POST', apiPath(payoutsPaths.adminApprove, { id }), admin)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);

    const file = await call('GET', `${apiPath(payoutsPaths.adminExport, { id })}?method=paypal`, admin);
    expect(file.status).toBe(200);
    expect(file.body).toContain(`affiliate.payouts@example.com,${(mine.amount_cents / 100).toFixed(2)},USD,${mine.id}`);
    expect(file.body).not.toContain('changed@example.com');

    const paid = await call('PATCH', apiPath(payoutsPaths.adminItem, { id: mine.id! }), admin, { status: 'paid' });
    expect(paid.status).toBe(200);
    expect(paid.body.item.status).toBe('paid');
    expect((await call('PATCH', apiPath(payoutsPaths.adminItem, { id: mine.id! }), admin, { status: 'failed', reason: 'late' })).status).toBe(409);

    const failingItem = batch.items.find((item) => item.user_id === failing)!;
    expect((await call('PATCH', apiPath(payoutsPaths.adminItem, { id: failingItem.id! }), admin, { status: 'failed' })).status).toBe(400);
    expect((await call('PATCH', apiPath(payoutsPaths.adminItem, { id: failingItem.id! }), admin, { status: 'failed', reason: 'PayPal account closed' })).status).toBe(200);
    expect(await selectBalanceSplit(t.database.db, failing, TEST_NOW)).toMatchObject({ available_cents: 6000, in_payout_cents: 0, paid_cents: 0 });

    const afterPaid = (await call('GET', payoutsPaths.balance, affiliate)).body as PayoutBalance;
    expect(afterPaid).toMatchObject({ available_cents: 0, in_payout_cents: before.in_payout_cents, paid_cents: before.paid_cents + mine.amount_cents });
    const statements = (await call('GET', payoutsPaths.statements, affiliate)).body;
    expect(statements.items[0]).toMatchObject({ id: mine.id, status: 'paid', amount_cents: mine.amount_cents, method_summary: 'PayPal a•••@example.com' });
    expect(statements.items[0].lines.reduce((sum: number, line: { amount_cents: number }) => sum + line.amount_cents, 0)).toBe(mine.amount_cents);
    expect(statements.items[0].lines).toHaveLength(mine.line_count);
  });

  it('reconciles every payee to the cent, in SQL: the buckets add up to everything earned, and each item to its lines', async () => {
    const payees = await t.database.db.selectDistinct({ id: commissions.userId }).from(commissions);
    const totals = await t.database.db.select({ id: commissions.userId, total: sql<number>`sum(${commissions.amountCents})::bigint`.mapWith(Number) }).from(commissions).groupBy(commissions.userId);
    const earned = new Map(totals.map((row) => [row.id, row.total]));
    for (const payee of payees) {
      const split = await selectBalanceSplit(t.database.db, payee.id, TEST_NOW);
      expect(split.paid_cents + split.available_cents + split.holding_cents + split.withheld_cents + split.in_payout_cents).toBe(earned.get(payee.id));
    }
    const mismatched = await t.database.db.execute(sql`
      select i.id from payout_items i left join payout_item_lines l on l.item_id = i.id left join commissions c on c.id = l.commission_id
      group by i.id, i.amount_cents, i.status
      having i.amount_cents <> coalesce(sum(l.amount_cents), 0)
          or (i.status = 'paid' and bool_or(c.status <> 'paid'))
          or (i.status = 'processing' and bool_or(c.status <> 'processing'))`);
    expect((mismatched as unknown as { rows?: unknown[] }).rows ?? mismatched).toHaveLength(0);
    const lineAmountsChanged = await t.database.db.execute(sql`select 1 from payout_item_lines l join commissions c on c.id = l.commission_id where l.amount_cents <> c.amount_cents`);
    expect((lineAmountsChanged as unknown as { rows?: unknown[] }).rows ?? lineAmountsChanged).toHaveLength(0);
  });

  it('refuses payout details to an account whose e-mail address is not confirmed (decision 057)', async () => {
    const email = `unverified-${randomUUID().slice(0, 6)}@example.test`;
    const [user] = await t.database.db
      .insert(users)
      .values({ email, name: 'Una Unverified', roles: ['newcomer'], activeRole: 'newcomer', referralCode: `UV${randomUUID().slice(0, 6).toUpperCase()}`, createdAt: TEST_NOW, isDemo: true, emailVerifiedAt: null })
      .returning({ id: users.id });
    const refused = await call('PUT', payoutsPaths.method, await t.signIn(email), { method: 'paypal', email: 'una@example.com' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Confirm your e-mail address before you can earn or hold a role.');
    expect(await t.database.db.select().from(payoutMethods).where(eq(payoutMethods.userId, user!.id))).toHaveLength(0);
  });

  it('refuses the payee routes signed out and the admin routes to a payee', async () => {
    expect((await t.inject({ method: 'GET', url: payoutsPaths.balance })).statusCode).toBe(401);
    expect((await call('POST', payoutsPaths.adminBatches, affiliate, {})).status).toBe(403);
    expect((await settings({ methods_enabled: [] })).status).toBe(400);
  });
});
