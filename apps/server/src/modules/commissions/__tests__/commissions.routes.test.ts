import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, commissions, notifications, payoutBatches, payoutItems, users } from '@myeai/db';
import {
  apiPath,
  commissionInPayoutBatchMessage,
  PAY_NOW_REFUSALS,
  PAYOUT_SETTINGS_DEFAULTS,
  payoutsPaths,
  type CommissionStatus,
  type PayoutBatchResponse,
} from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { click, createTestProduct, postConversion, referralCode } from '../../tracking/__tests__/affiliate-test-helpers.ts';
import { registerNewcomer } from '../../trials/__tests__/newcomer-helpers.ts';
import { changeCommissionStatus } from '../commissions.service.ts';

type Item = { id: string; product_name: string; amount_cents: number; currency: string; status: string; earned_at: string; processing_at: string | null; paid_at: string | null };
type Page = { items: Item[]; total: number; next_cursor: string | null };

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(TEST_NOW.getTime() - days * DAY).toISOString();

describe.each(testDatabaseKinds())('commissions on %s', (kind) => {
  let t: TestApp;
  let affiliate: string;
  let admin: string;
  let affiliateId: string;

  const page = async (cookie: string, query = ''): Promise<Page> => {
    const response = await t.inject({ method: 'GET', url: `/api/commissions${query}`, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };
  const summary = async (cookie: string) => {
    const response = await t.inject({ method: 'GET', url: '/api/commissions/summary', cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Record<string, unknown>;
  };
  // "Pay this one now" (decision 070): the one thing an admin does to a single line, through a one-item batch.
  const payNow = (id: string, cookie = admin) => t.inject({ method: 'POST', url: `/api/admin/commissions/${id}/pay-now`, cookie });

  /** A new pending commission for `email` through a tracked click and a signed conversion. */
  const earn = async (email: string, amount: number, productOverrides: Record<string, unknown> = {}) => {
    const product = await createTestProduct(t, productOverrides);
    const ref = await referralCode(t, email);
    await click(t, `/go/${product.id}?ref=${ref}`);
    t.clock.advance(1000);
    const response = await postConversion(t, product.secret, { product_id: product.id, order_id: `O-${product.id}`, amount_cents: amount, ref });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().commission as Item;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    affiliate = await t.signInAs('affiliate');
    admin = await t.signInAs('admin');
    affiliateId = (await t.database.db.select().from(users).where(eq(users.email, 'affiliate@demo.myeai.local')))[0]!.id;
  });
  afterAll(() => t.close());

  // The tests below read the seeded ledger first, then add to it. The demo seed writes the
  // affiliate's link sales (below), their team's sales and cell payouts; the figures are the ledger's.
  const ledger = () => t.database.db.select().from(commissions).where(eq(commissions.userId, affiliateId));

  it('lists the affiliate’s seeded ledger newest first: product, amount and currency, status, earned and paid dates', async () => {
    const { items, total, next_cursor } = await page(affiliate, '?limit=100');
    expect(total).toBe((await ledger()).length);
    expect(items).toHaveLength(total);
    expect(next_cursor).toBeNull();
    const earned = items.map((item) => item.earned_at);
    expect(earned).toEqual([...earned].sort().reverse());
    const shown = items.map(({ product_name, amount_cents, currency, status, earned_at, paid_at }) => ({ product_name, amount_cents, currency, status, earned_at, paid_at }));
    // The affiliate's own link sales of the demo (tracking/affiliate-demo.seed.ts), in this order among the rest.
    const linkSales = [
      { product_name: 'Mindset Coaching Program', amount_cents: 9_980, currency: 'USD', status: 'pending', earned_at: daysAgo(1), paid_at: null },
      { product_name: 'Growth CRM Pro', amount_cents: 1_470, currency: 'USD', status: 'pending', earned_at: daysAgo(4), paid_at: null },
      { product_name: 'Trading Foundations Course', amount_cents: 4_975, currency: 'USD', status: 'processing', earned_at: daysAgo(10), paid_at: null },
      { product_name: 'Growth CRM Pro', amount_cents: 1_470, currency: 'USD', status: 'paid', earned_at: daysAgo(18), paid_at: daysAgo(8) },
    ];
    expect(shown.filter((row) => linkSales.some((sale) => sale.earned_at === row.earned_at && sale.amount_cents === row.amount_cents))).toEqual(linkSales);
  });

  it.each(['paid', 'processing', 'pending', 'withheld', 'all'])('filters by status %s', async (status) => {
    const result = await page(affiliate, `?status=${status}&limit=100`);
    const expected = (await ledger()).filter((row) => status === 'all' || row.status === status);
    expect(expected.length).toBeGreaterThan(0);
    expect(result.items.map((item) => item.id).sort()).toEqual(expected.map((row) => row.id).sort());
    expect(result.total).toBe(expected.length);
  });

  it('pages by cursor without repeating a row, and refuses a bad filter or cursor', async () => {
    const all = (await page(affiliate)).items.map((item) => item.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const result: Page = await page(affiliate, `?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...result.items.map((item) => item.id));
      cursor = result.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all);
    expect((await t.inject({ method: 'GET', url: '/api/commissions?status=refunded', cookie: affiliate })).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/commissions?cursor=bogus', cookie: affiliate })).statusCode).toBe(400);
  });

  it('computes the three cards and the next payout date (Friday) from the ledger', async () => {
    const rows = await ledger();
    const sum = (list: typeof rows) => list.reduce((total, row) => total + row.amountCents, 0);
    const paid = rows.filter((row) => row.status === 'paid');
    const unpaid = rows.filter((row) => row.status === 'pending' || row.status === 'processing');
    // The demo's open referral flag holds one pending commission (decision 046); withheld ones count nowhere.
    const held = (await page(affiliate, '?status=pending&limit=100')).items.filter((item) => (item as Item & { on_hold: boolean }).on_hold);
    expect(held).toHaveLength(1);
    expect(await summary(affiliate)).toEqual({
      currency: 'USD',
      total_earnings_cents: sum(paid) + sum(unpaid),
      paid_out_cents: sum(paid),
      paid_count: paid.length,
      pending_cents: sum(unpaid),
      pending_count: unpaid.length,
      held_cents: held[0]!.amount_cents,
      held_count: 1,
      // TEST_NOW is Monday 2026-11-23: the run is Friday the 27th, money arrives 3-5 business days later.
      next_payout_date: '2026-11-27',
      arrival_window: { from: '2026-12-02', to: '2026-12-04' },
      meets_minimum: true,
      payout_policy: {
        cycle_days: 7,
        run_weekday: 5,
        processing_business_days: { min: 3, max: 5 },
        minimum_cents: 5_000,
        wire_transfer_above_cents: 100_000,
        methods: ['ACH', 'PayPal', 'wire transfer', 'cryptocurrency'],
      },
    });
    t.clock.set(new Date('2026-11-28T09:00:00Z'));
    try {
      expect(await summary(affiliate)).toMatchObject({ next_payout_date: '2026-12-04', arrival_window: { from: '2026-12-09', to: '2026-12-11' } });
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it('shows a user with no commissions an empty ledger and zero cards, below the minimum', async () => {
    // Every demo account has earned something (the demo's circles); a new member made affiliate has not.
    const member = await registerNewcomer(t, 'Ed Empty');
    await t.database.db.update(users).set({ roles: ['affiliate'], activeRole: 'affiliate' }).where(eq(users.id, member.id));
    const empty = member.cookie;
    expect(await page(empty)).toEqual({ items: [], total: 0, next_cursor: null });
    expect(await summary(empty)).toMatchObject({ total_earnings_cents: 0, paid_out_cents: 0, paid_count: 0, pending_cents: 0, pending_count: 0, meets_minimum: false });
  });

  it('never lists another user’s commission, and is closed to roles without affiliate tools', async () => {
    const multi = await t.signIn('multi@demo.myeai.local');
    const before = (await page(multi)).items.map((item) => item.id);
    const theirs = await earn('multi@demo.myeai.local', 5_000);
    expect((await page(multi)).items.map((item) => item.id).sort()).toEqual([...before, theirs.id].sort());
    expect((await page(affiliate)).items.some((item) => item.id === theirs.id)).toBe(false);
    const csv = await t.inject({ method: 'GET', url: '/api/commissions/export/csv', cookie: affiliate });
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(1 + (await page(affiliate)).total);
    for (const role of ['trader', 'subscriber', 'newcomer'] as const) {
      const cookie = await t.signInAs(role);
      for (const url of ['/api/commissions', '/api/commissions/summary', '/api/commissions/export/csv']) {
        expect((await t.inject({ method: 'GET', url, cookie })).statusCode).toBe(403);
      }
    }
    expect((await t.inject({ method: 'GET', url: '/api/commissions' })).statusCode).toBe(401);
  });

  it('exports the ledger as a CSV download, filtered, with formula-safe cells', async () => {
    await earn('affiliate@demo.myeai.local', 1_000, { name: '=HYPERLINK("http://evil.example","Click")' });
    const response = await t.inject({ method: 'GET', url: '/api/commissions/export/csv', cookie: affiliate });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="commissions-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('Product,Amount,Currency,Status,Earned Date,Paid Date');
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil.example"",""Click"")",1.00,USD,Pending,${t.clock.now().toISOString().slice(0, 10)},Not paid`);
    expect(lines).toContain('Growth CRM Pro,14.70,USD,Paid,2026-11-05,2026-11-15');
    for (const line of lines.slice(1)) expect(line).not.toMatch(/^[=+\-@]/);

    const paid = await t.inject({ method: 'GET', url: '/api/commissions/export/csv?status=paid', cookie: affiliate });
    const paidLines = paid.body.split('\r\n').filter(Boolean);
    expect(paidLines[0]).toBe('Product,Amount,Currency,Status,Earned Date,Paid Date');
    expect(paidLines).toContain('Growth CRM Pro,14.70,USD,Paid,2026-11-05,2026-11-15');
    expect(paidLines.slice(1)).toHaveLength((await ledger()).filter((row) => row.status === 'paid').length);
    for (const line of paidLines.slice(1)) expect(line.split(',')[3]).toBe('Paid');
  });

  /** Moves the line as admins did before payouts existed (the demo seed's history, decision 060). */
  const moveBeforePayouts = async (id: string, steps: readonly CommissionStatus[]) => {
    for (const step of steps) await changeCommissionStatus(t.database.db, t.clock, null, id, step, { notify: false, history: true });
  };

  it('does not pay a pending line in its holding period, nor a paid line (decision 070)', async () => {
    const commission = await earn('affiliate@demo.myeai.local', 20_000);
    const [before] = await t.database.db.select().from(commissions).where(eq(commissions.id, commission.id));
    const refused = await payNow(commission.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(PAY_NOW_REFUSALS.holding);
    const paidLine = await earn('affiliate@demo.myeai.local', 3_000);
    await moveBeforePayouts(paidLine.id, ['processing', 'paid']);
    const paidRefused = await payNow(paidLine.id);
    expect(paidRefused.statusCode).toBe(409);
    expect(paidRefused.json().error.message).toBe(PAY_NOW_REFUSALS.not_payable);
    const [after] = await t.database.db.select().from(commissions).where(eq(commissions.id, commission.id));
    expect(after).toEqual(before);
    expect(await t.database.db.select().from(payoutItems).where(eq(payoutItems.userId, affiliateId)).then((rows) => rows.filter((row) => row.createdAt.getTime() >= TEST_NOW.getTime()))).toHaveLength(0);
  });

  it('pays a line moved to processing before payouts now, through a one-item batch: approved and marked paid, the line is paid and its owner told', async () => {
    const commission = await earn('affiliate@demo.myeai.local', 20_000);
    await moveBeforePayouts(commission.id, ['processing']);
    const listed = await t.inject({ method: 'GET', url: '/api/admin/commissions?status=processing&limit=100', cookie: admin });
    expect((listed.json().items as { id: string; payout_batch: unknown }[]).find((item) => item.id === commission.id)).toMatchObject({ payout_batch: null });

    t.clock.advance(DAY);
    const prepared = await payNow(commission.id);
    expect(prepared.statusCode, prepared.body).toBe(200);
    const { batch } = prepared.json() as PayoutBatchResponse;
    expect(batch).toMatchObject({ status: 'prepared', scheduled_week: null, total_cents: 2_000 });
    expect(batch.items).toEqual([expect.objectContaining({ user_id: affiliateId, amount_cents: 2_000, line_count: 1, status: 'processing', method: 'paypal' })]);
    // The line stays processing, now in the item that settles it; the admins' list names the batch.
    expect((await t.database.db.select({ status: commissions.status }).from(commissions).where(eq(commissions.id, commission.id)))[0]!.status).toBe('processing');
    const again = await t.inject({ method: 'GET', url: '/api/admin/commissions?status=processing&limit=100', cookie: admin });
    expect((again.json().items as { id: string; payout_batch: { id: string } | null }[]).find((item) => item.id === commission.id)?.payout_batch?.id).toBe(batch.id);
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'payout.pay_now'), eq(auditLog.target, batch.id!)));
    expect(audit!.details).toMatchObject({ commission_id: commission.id, user_id: affiliateId, status_before: 'processing', amount_cents: 2_000, lines: 1 });

    expect((await t.inject({ method: 'POST', url: apiPath(payoutsPaths.adminApprove, { id: batch.id! }), cookie: admin })).statusCode).toBe(200);
    const settled = await t.inject({ method: 'PATCH', url: apiPath(payoutsPaths.adminItem, { id: batch.items[0]!.id! }), cookie: admin, payload: { status: 'paid' } });
    expect(settled.statusCode, settled.body).toBe(200);
    expect((await t.database.db.select({ status: commissions.status }).from(commissions).where(eq(commissions.id, commission.id)))[0]!.status).toBe('paid');
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, affiliateId)).orderBy(desc(notifications.createdAt));
    expect(told[0]!.title).toBe('Payout paid');
    const mine = (await page(affiliate, '?status=paid')).items.find((item) => item.id === commission.id);
    expect(mine).toMatchObject({ status: 'paid' });
  });

  it('pays a pending line once out of its holding period, with the batch rules for the payee (details out of their hold)', async () => {
    const commission = await earn('affiliate@demo.myeai.local', 30_000);
    t.clock.advance(15 * DAY);
    const prepared = await payNow(commission.id);
    expect(prepared.statusCode, prepared.body).toBe(200);
    const { batch } = prepared.json() as PayoutBatchResponse;
    // The minimum payout does not apply: the admin chose this line (3,000 cents). The payee's clawback is netted as a batch
    // nets it (decision 066): the demo's refund of half of DEMO-1001, paid before, is a -7.35 line available at once.
    const clawback = await t.database.db.select().from(commissions).where(and(eq(commissions.userId, affiliateId), eq(commissions.status, 'processing'), eq(commissions.source, 'reversal')));
    expect(clawback.map((row) => row.amountCents)).toEqual([-735]);
    expect(batch.items).toEqual([expect.objectContaining({ user_id: affiliateId, amount_cents: 2_265, line_count: 2 })]);
    expect((await t.database.db.select({ status: commissions.status }).from(commissions).where(eq(commissions.id, commission.id)))[0]!.status).toBe('processing');
    // In a batch now: a second click is refused, naming it.
    const twice = await payNow(commission.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toContain(batch.id!);
    expect((await t.inject({ method: 'POST', url: apiPath(payoutsPaths.adminCancel, { id: batch.id! }), cookie: admin, payload: {} })).statusCode).toBe(200);

    // New payout details are on hold for 48 hours: nothing is paid to them meanwhile.
    expect((await t.inject({ method: 'PUT', url: payoutsPaths.method, cookie: affiliate, payload: { method: 'paypal', email: 'alex.new@example.com' } })).statusCode).toBe(200);
    const onHold = await payNow(commission.id);
    expect(onHold.statusCode).toBe(409);
    expect(onHold.json().error.message).toBe(PAY_NOW_REFUSALS.details_on_hold);
    t.clock.advance(2 * DAY + 1000);
    expect((await payNow(commission.id)).statusCode).toBe(200);
  });

  it('does not pay now a line whose payout item is processing, naming the batch; its item settles it', async () => {
    // The payee is the demo's multi-role account, paid by PayPal; no threshold or hold keeps its lines out of the batch.
    const payee = await t.signIn('multi@demo.myeai.local');
    const payeeId = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'multi@demo.myeai.local')))[0]!.id;
    const settings = await t.inject({ method: 'PUT', url: payoutsPaths.adminSettings, cookie: admin, payload: { ...PAYOUT_SETTINGS_DEFAULTS, holding_days: 0, details_hold_hours: 0, wire_threshold_cents: 100_000_000 } });
    expect(settings.statusCode, settings.body).toBe(200);
    const method = await t.inject({ method: 'PUT', url: payoutsPaths.method, cookie: payee, payload: { method: 'paypal', email: 'multi.payouts@example.com' } });
    expect(method.statusCode, method.body).toBe(200);
    const line = await earn('multi@demo.myeai.local', 60_000);
    const prepared = await t.inject({ method: 'POST', url: payoutsPaths.adminBatches, cookie: admin, payload: {} });
    expect(prepared.statusCode, prepared.body).toBe(200);
    const batch = (prepared.json() as PayoutBatchResponse).batch;
    const item = batch.items.find((candidate) => candidate.user_id === payeeId)!;

    // The admins' list names the batch, so the screen offers no action on the line.
    const listed = await t.inject({ method: 'GET', url: '/api/admin/commissions?status=processing&limit=100', cookie: admin });
    const created = (await t.database.db.select({ createdAt: payoutBatches.createdAt }).from(payoutBatches).where(eq(payoutBatches.id, batch.id!)))[0]!.createdAt.toISOString();
    expect((listed.json().items as { id: string; payout_batch: unknown }[]).find((entry) => entry.id === line.id)).toMatchObject({ payout_batch: { id: batch.id, created_at: created } });

    const [before] = await t.database.db.select().from(commissions).where(eq(commissions.id, line.id));
    const refused = await payNow(line.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(commissionInPayoutBatchMessage({ id: batch.id!, created_at: created }));
    expect(refused.json().error.message).toContain(batch.id!);
    const [after] = await t.database.db.select().from(commissions).where(eq(commissions.id, line.id));
    expect(after).toEqual(before);
    expect(after!.status).toBe('processing');
    expect((await t.database.db.select({ status: payoutItems.status }).from(payoutItems).where(eq(payoutItems.id, item.id!)))[0]!.status).toBe('processing');

    // Its item settles it: once paid, the line is paid and a move by hand is the ordinary 409 of a finished line.
    expect((await t.inject({ method: 'POST', url: apiPath(payoutsPaths.adminApprove, { id: batch.id! }), cookie: admin })).statusCode).toBe(200);
    const settled = await t.inject({ method: 'PATCH', url: apiPath(payoutsPaths.adminItem, { id: item.id! }), cookie: admin, payload: { status: 'paid' } });
    expect(settled.statusCode, settled.body).toBe(200);
    const repeated = await payNow(line.id);
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json().error.message).toBe(PAY_NOW_REFUSALS.not_payable);
    expect((await t.database.db.select({ status: commissions.status }).from(commissions).where(eq(commissions.id, line.id)))[0]!.status).toBe('paid');
  });

  it('refuses pay now to a non-admin (403), of an unknown commission (404) and of one’s own commission (403)', async () => {
    const commission = await earn('affiliate@demo.myeai.local', 3_000);
    for (const role of ['affiliate', 'trader', 'subscriber'] as const) {
      expect((await payNow(commission.id, await t.signInAs(role))).statusCode).toBe(403);
    }
    expect((await payNow('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(commissions).where(eq(commissions.id, commission.id));
    expect(row?.status).toBe('pending');

    const multi = await t.signIn('multi@demo.myeai.local');
    const own = await earn('multi@demo.myeai.local', 3_000);
    expect((await t.inject({ method: 'POST', url: '/api/rbac/switch-role', cookie: multi, payload: { role: 'admin' } })).statusCode).toBe(200);
    const self = await payNow(own.id, multi);
    expect(self.statusCode).toBe(403);
    expect(self.json().error.message).toBe(PAY_NOW_REFUSALS.own);
  });

  it('lists every user’s commissions to admins only, with the owner', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/admin/commissions?status=paid&limit=100', cookie: admin });
    expect(response.statusCode).toBe(200);
    const items = response.json().items as (Item & { user: { email: string } })[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.status).toBe('paid');
    expect(items.some((item) => item.user.email === 'affiliate@demo.myeai.local')).toBe(true);
    expect((await t.inject({ method: 'GET', url: '/api/admin/commissions', cookie: affiliate })).statusCode).toBe(403);
  });
});
