import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionCellMembers, commissionCells, commissions, conversions, products, users } from '@myeai/db';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { getMyEarnings } from '../index.ts';

const PATH = '/api/earnings/current_user';
const DAY = 86_400_000;

type Earnings = {
  seat: null | { role: string; position: number; members_count: number; capacity: number; rate_of_revenue_bp: number; share_bp: number; cell_name: string; grid: { position: number; name: string | null; is_me: boolean }[] };
  seat_types: { role: string; seats: number; share_bp: number; rate_of_revenue_bp: number }[];
  earnings_breakdown: { seat_cents: number; product_cents: number; direct_cents: number; override_cents: number; adjustment_cents: number; total_cents: number; lines_count: number };
  ledger_balance: { reversed_cents: number; unpaid_cents: number };
  advancement: {
    inputs: { personal_revenue_cents: number; team_volume_cents: number; active_recruits: number; achievement_score: number | null };
    current: null | { track: string; required: number; met_count: number; eligible: boolean; criteria: { key: string; current: number | null; met: boolean }[] };
  };
};

describe.each(testDatabaseKinds())('GET /api/earnings/current_user on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let member: string;
  let memberId: string;
  let noSeat: string;
  let cell: string;

  const db = () => t.database.db;
  const get = async (cookie: string, query = '?period_days=30') => {
    const response = await t.inject({ method: 'GET', url: `${PATH}${query}`, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: Earnings }).data;
  };
  async function userId(email: string): Promise<string> {
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  }
  async function addUser(name: string, extra: Partial<typeof users.$inferInsert> = {}): Promise<string> {
    const [row] = await db()
      .insert(users)
      .values({ email: `${name.toLowerCase().replace(/\W+/g, '-')}-${randomUUID().slice(0, 6)}@earnings.test`, name, roles: ['affiliate'], activeRole: 'affiliate', referralCode: `EA${randomUUID().slice(0, 8).toUpperCase()}`, createdAt: TEST_NOW, ...extra })
      .returning({ id: users.id });
    return row!.id;
  }
  /** The same sums written out in SQL, independently of the service's query (withheld lines count nowhere, decision 046). */
  async function sqlSums(owner: string, days: number) {
    const result = await db().execute(sql`
      select
        coalesce(sum(amount_cents) filter (where source = 'cell' and cell_seat_position is not null), 0)::bigint as seat,
        coalesce(sum(amount_cents) filter (where source = 'conversion'), 0)::bigint as product,
        coalesce(sum(amount_cents) filter (where source = 'cell' and cell_override_level is not null), 0)::bigint as override,
        coalesce(sum(amount_cents), 0)::bigint as total,
        coalesce(sum(amount_cents) filter (where source = 'reversal'), 0)::bigint as reversed,
        count(*)::int as lines
      from commissions
      where user_id = ${owner} and status <> 'withheld' and earned_at >= ${new Date(TEST_NOW.getTime() - days * DAY).toISOString()}::timestamptz and earned_at <= ${TEST_NOW.toISOString()}::timestamptz`);
    const row = (result as unknown as { rows: Record<string, string | number>[] }).rows[0]!;
    return { seat: Number(row.seat), product: Number(row.product), override: Number(row.override), total: Number(row.total), reversed: Number(row.reversed), lines: Number(row.lines) };
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
    member = await t.signInAs('affiliate');
    noSeat = await t.signInAs('subscriber');
    memberId = await userId('affiliate@demo.myeai.local');
    const [parentRow] = await db().insert(commissionCells).values({ name: 'Upline', parentCellId: null, status: 'active', createdAt: TEST_NOW, updatedAt: TEST_NOW }).returning({ id: commissionCells.id });
    const [row] = await db().insert(commissionCells).values({ name: 'Earners', parentCellId: parentRow!.id, status: 'active', createdAt: TEST_NOW, updatedAt: TEST_NOW }).returning({ id: commissionCells.id });
    cell = row!.id;
    // The demo seed seats the affiliate as the LEAD of its Growth Circle; a user holds one seat, so this test's cell takes it over.
    await db().delete(commissionCellMembers).where(eq(commissionCellMembers.userId, memberId));
    await db().insert(commissionCellMembers).values({ cellId: cell, position: 0, userId: await addUser('Lena Lead'), assignedAt: TEST_NOW });
    await db().insert(commissionCellMembers).values({ cellId: cell, position: 4, userId: memberId, assignedAt: TEST_NOW });
    await db().insert(commissionCellMembers).values({ cellId: parentRow!.id, position: 0, userId: await addUser('Uma Upline'), assignedAt: TEST_NOW });
  });
  afterAll(() => t.close());

  it('a member whose seat received a cell payout through process-revenue sees it in the period, with the seat, its rate and the grid', async () => {
    const before = await get(member);
    const processed = await t.inject({ method: 'POST', url: '/api/admin/commission/process-revenue', cookie: admin, payload: { cell_id: cell, amount_cents: 100_007, source: 'trading_fees', description: 'Week 47', source_reference_id: `earn-${kind}` } });
    expect(processed.statusCode, processed.body).toBe(200);
    const payout = (processed.json() as { calculation_result: { payouts: { user_id: string; amount_cents: number }[] } }).calculation_result.payouts.find((p) => p.user_id === memberId)!;
    // 2.94% of $1,000.07 is 2,940.2 cents; the largest remainder gives this seat the spare cent.
    expect(payout.amount_cents).toBe(2_941);

    const after = await get(member);
    expect(after.earnings_breakdown.seat_cents - before.earnings_breakdown.seat_cents).toBe(payout.amount_cents);
    expect(after.earnings_breakdown.total_cents - before.earnings_breakdown.total_cents).toBe(payout.amount_cents);
    expect(after.seat).toMatchObject({ role: 'REGULAR', position: 4, members_count: 2, capacity: 13, share_bp: 300, rate_of_revenue_bp: 294, cell_name: 'Earners' });
    expect(after.seat!.grid).toHaveLength(13);
    expect(after.seat!.grid[4]).toMatchObject({ name: 'Alex Affiliate', is_me: true });
    expect(after.seat!.grid[0]).toMatchObject({ name: 'Lena Lead', is_me: false });
    expect(after.seat!.grid[1]).toMatchObject({ name: null, is_me: false });
    expect(after.advancement.current).toMatchObject({ track: 'regular_to_senior', required: 2 });
  });

  it('a user without a seat gets the no-seat answer: what each seat type pays, and the first step', async () => {
    const data = await get(noSeat);
    expect(data.seat).toBeNull();
    expect(data.seat_types).toEqual([
      { role: 'LEAD', seats: 1, share_bp: 4600, rate_of_revenue_bp: 4508 },
      { role: 'SENIOR', seats: 3, share_bp: 900, rate_of_revenue_bp: 882 },
      { role: 'REGULAR', seats: 9, share_bp: 300, rate_of_revenue_bp: 294 },
    ]);
    expect(data.advancement.current?.track).toBe('regular_to_senior');
  });

  it('the figures equal sums computed in SQL over a generated ledger, for the week and the month; lines outside the period and of others do not count', async () => {
    const other = await addUser('Olly Other');
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    const rows: (typeof commissions.$inferInsert)[] = [];
    for (let i = 0; i < 120; i++) {
      const owner = i % 5 === 0 ? other : memberId;
      const kindOf = next() % 4;
      const earnedAt = new Date(TEST_NOW.getTime() - (next() % (45 * 24)) * 3_600_000);
      rows.push({
        userId: owner,
        productId: null,
        source: kindOf === 0 ? 'conversion' : kindOf === 3 ? 'adjustment' : 'cell',
        sourceReference: `gen-${kind}-${i}`,
        productName: 'Generated',
        amountCents: 1 + (next() % 500_000),
        status: (['pending', 'processing', 'paid'] as const)[next() % 3],
        earnedAt,
        cellSeatPosition: kindOf === 1 ? next() % 13 : null,
        cellOverrideLevel: kindOf === 2 ? 1 + (next() % 4) : null,
      });
    }
    await db().insert(commissions).values(rows);
    for (const days of [7, 30] as const) {
      const expected = await sqlSums(memberId, days);
      const data = await get(member, `?period_days=${days}`);
      expect(data.earnings_breakdown).toEqual({
        seat_cents: expected.seat,
        product_cents: expected.product,
        direct_cents: expected.seat + expected.product,
        override_cents: expected.override,
        // Reversals (decision 066) are their own figure, never an adjustment.
        adjustment_cents: expected.total - expected.seat - expected.product - expected.override - expected.reversed,
        total_cents: expected.total,
        lines_count: expected.lines,
      });
      expect(data.ledger_balance.reversed_cents).toBe(expected.reversed);
      const unpaid = await db().execute(sql`select coalesce(sum(amount_cents), 0)::bigint as cents from commissions where user_id = ${memberId} and status in ('pending', 'processing')`);
      expect(data.ledger_balance.unpaid_cents).toBe(Number((unpaid as unknown as { rows: Record<string, string | number>[] }).rows[0]!.cents));
      expect(expected.lines).toBeGreaterThan(0);
    }
  });

  it('advancement inputs: conversions credited in 13 weeks, the team volume of referred users and recruits active within 30 days', async () => {
    const referrer = await addUser('Rita Referrer');
    const activeRecruit = await addUser('Ann Active', { referredBy: referrer, lastSeenAt: new Date(TEST_NOW.getTime() - 5 * DAY) });
    await addUser('Ike Idle', { referredBy: referrer, lastSeenAt: new Date(TEST_NOW.getTime() - 31 * DAY) });
    await addUser('Nell Never', { referredBy: referrer, lastSeenAt: null });
    const [product] = await db().select({ id: products.id }).from(products).limit(1);
    const conversion = (referrerId: string, amountCents: number, daysAgo: number, order: string) =>
      ({ productId: product!.id, merchantOrderId: `${kind}-${order}`, referrerId, amountCents, commissionRateBp: 1000, createdAt: new Date(TEST_NOW.getTime() - daysAgo * DAY) });
    await db().insert(conversions).values([
      conversion(referrer, 60_000, 10, 'a'),
      conversion(referrer, 40_000, 90, 'b'),
      conversion(referrer, 99_000, 92, 'too-old'),
      conversion(activeRecruit, 25_000, 3, 'c'),
    ]);
    // The referrer is not a demo account (no sign-in): its figures are read through the module's service.
    const data = await getMyEarnings(db(), t.clock, referrer, 30);
    expect(data.advancement.inputs).toEqual({ personal_revenue_cents: 100_000, team_volume_cents: 25_000, active_recruits: 1, achievement_score: null });
    expect(data.advancement.current).toMatchObject({ met_count: 1, eligible: false });
  });

  it('refuses a period other than 7 or 30 days and answers 401 to nobody', async () => {
    const bad = await t.inject({ method: 'GET', url: `${PATH}?period_days=90`, cookie: member });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose a period of 7 or 30 days.');
    expect((await t.inject({ method: 'GET', url: PATH })).statusCode).toBe(401);
  });
});
