import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionCellMembers, commissionCells, commissions, conversions, goals, products, users } from '@myeai/db';
import { apiPath, commissionNetworkPaths, type CellAdvancement } from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { getMyEarnings } from '../../earnings/index.ts';

const DAY = 86_400_000;

describe.each(testDatabaseKinds())('GET the Network Manager advancement suggestions on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let affiliate: string;
  let cell: string;
  const ids: Record<'lead' | 'senior' | 'ready' | 'notReady', string> = { lead: '', senior: '', ready: '', notReady: '' };

  const db = () => t.database.db;
  async function addUser(name: string, extra: Partial<typeof users.$inferInsert> = {}): Promise<string> {
    const [row] = await db()
      .insert(users)
      .values({ email: `${name.toLowerCase().replace(/\W+/g, '-')}-${randomUUID().slice(0, 6)}@advance.test`, name, roles: ['affiliate'], activeRole: 'affiliate', referralCode: `AD${randomUUID().slice(0, 8).toUpperCase()}`, createdAt: TEST_NOW, ...extra })
      .returning({ id: users.id });
    return row!.id;
  }
  const url = (id: string) => apiPath(commissionNetworkPaths.advancement, { id });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
    affiliate = await t.signInAs('affiliate');
    const [row] = await db().insert(commissionCells).values({ name: 'Advancers', parentCellId: null, status: 'active', createdAt: TEST_NOW, updatedAt: TEST_NOW }).returning({ id: commissionCells.id });
    cell = row!.id;
    ids.lead = await addUser('Lea Lead');
    ids.senior = await addUser('Sam Senior');
    ids.ready = await addUser('Rae Ready');
    ids.notReady = await addUser('Ned Notyet');
    await db().insert(commissionCellMembers).values([
      { cellId: cell, position: 0, userId: ids.lead, assignedAt: TEST_NOW },
      { cellId: cell, position: 1, userId: ids.senior, assignedAt: TEST_NOW },
      { cellId: cell, position: 4, userId: ids.ready, assignedAt: TEST_NOW },
      { cellId: cell, position: 5, userId: ids.notReady, assignedAt: TEST_NOW },
    ]);
    // Rae: $1,000 of conversions within 13 weeks and 2 recruits seen within 30 days (2 of 3: Senior).
    // Ned: $999.99 and one active recruit (a second one idle for 31 days): 0 of 3.
    const seen = (days: number) => new Date(TEST_NOW.getTime() - days * DAY);
    const raeRecruit = await addUser('Rae Recruit One', { referredBy: ids.ready, lastSeenAt: seen(2) });
    await addUser('Rae Recruit Two', { referredBy: ids.ready, lastSeenAt: seen(29) });
    await addUser('Ned Recruit One', { referredBy: ids.notReady, lastSeenAt: seen(1) });
    await addUser('Ned Recruit Idle', { referredBy: ids.notReady, lastSeenAt: seen(31) });
    const [product] = await db().select({ id: products.id }).from(products).limit(1);
    const conversion = (referrerId: string, amountCents: number, daysAgo: number, order: string) => ({
      productId: product!.id,
      merchantOrderId: `adv-${kind}-${order}`,
      referrerId,
      amountCents,
      commissionRateBp: 1000,
      createdAt: seen(daysAgo),
    });
    await db().insert(conversions).values([
      conversion(ids.ready, 70_000, 10, 'r1'),
      conversion(ids.ready, 30_000, 90, 'r2'),
      conversion(raeRecruit, 12_345, 3, 'r3'),
      conversion(ids.notReady, 99_999, 20, 'n1'),
      conversion(ids.notReady, 500_000, 92, 'n-too-old'),
    ]);
  });
  afterAll(() => t.close());

  it('shows each seated member the check of /earnings: the qualifying Regular is ready for Senior, the other not, the Lead has no step', async () => {
    const response = await t.inject({ method: 'GET', url: url(cell), cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as CellAdvancement;
    expect(answer.cell_id).toBe(cell);
    expect(answer.window_days).toBe(91);
    const byUser = new Map(answer.members.map((member) => [member.user_id, member]));
    expect(answer.members.map((member) => member.position)).toEqual([0, 1, 4, 5]);

    const ready = byUser.get(ids.ready)!;
    expect(ready.role).toBe('REGULAR');
    expect(ready.inputs).toEqual({ personal_revenue_cents: 100_000, team_volume_cents: 12_345, active_recruits: 2, achievement_score: null });
    expect(ready.current).toMatchObject({ track: 'regular_to_senior', to: 'SENIOR', required: 2, met_count: 2, eligible: true });
    expect(ready.current!.criteria).toEqual([
      { key: 'personal_revenue', threshold: 100_000, current: 100_000, met: true, progress_percent: 100 },
      { key: 'active_recruits', threshold: 2, current: 2, met: true, progress_percent: 100 },
      { key: 'achievement_score', threshold: 60, current: null, met: false, progress_percent: 0 },
    ]);

    const notReady = byUser.get(ids.notReady)!;
    expect(notReady.inputs).toMatchObject({ personal_revenue_cents: 99_999, active_recruits: 1 });
    expect(notReady.current).toMatchObject({ track: 'regular_to_senior', met_count: 0, eligible: false });

    expect(byUser.get(ids.senior)!.current).toMatchObject({ track: 'senior_to_lead', to: 'LEAD', required: 3, eligible: false });
    expect(byUser.get(ids.lead)!.current).toBeNull();

    // The same rule and inputs as the member's own /earnings answer.
    for (const member of answer.members) {
      const own = await getMyEarnings(db(), t.clock, member.user_id, 30);
      expect(member.inputs).toEqual(own.advancement.inputs);
      expect(member.current).toEqual(own.advancement.current);
    }
    // A suggestion only: nobody moved.
    const seats = await db().select().from(commissionCellMembers);
    expect(seats.find((seat) => seat.userId === ids.ready)?.position).toBe(4);
  });

  it("gives each member their own Goal Achievement Score, as their /earnings does: one member's goals and ledger never count for another", async () => {
    const at = (days: number) => new Date(TEST_NOW.getTime() - days * DAY);
    const goal = (userId: string, title: string, values: Partial<typeof goals.$inferInsert>) => ({
      userId, title, goalType: 'custom', targetHundredths: 1_000, unit: 'calls', whyImportant: 'growth', deadline: '2026-11-30', timeframe: 'short_term', status: 'active', createdAt: at(10), submittedAt: at(10), updatedAt: at(10), ...values,
    });
    const commission = (userId: string, amountCents: number, earnedAt: Date) => ({ userId, source: 'test', sourceReference: randomUUID(), productName: 'Course', amountCents, earnedAt });
    // Lea's USD goal starts 10 days ago, Sam's 5 days ago: the commission Sam earned 7 days ago is
    // within Lea's window of the shared ledger read, and must still not count for Sam.
    await db().insert(goals).values([
      goal(ids.lead, 'Earn $400', { goalType: 'monetary', targetHundredths: 40_000, unit: 'USD' }),
      goal(ids.senior, 'Earn $500', { goalType: 'monetary', targetHundredths: 50_000, unit: 'USD', createdAt: at(5), submittedAt: at(5), updatedAt: at(5) }),
      goal(ids.ready, 'Ten calls', { currentHundredths: 800 }),
    ]);
    await db().insert(commissions).values([
      commission(ids.lead, 10_000, at(8)),
      commission(ids.senior, 40_000, at(7)),
      commission(ids.senior, 25_000, at(1)),
      commission(ids.ready, 90_000, at(2)),
    ]);

    const response = await t.inject({ method: 'GET', url: url(cell), cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    const scores = new Map((response.json() as CellAdvancement).members.map((member) => [member.user_id, member.inputs.achievement_score]));
    expect(scores.get(ids.lead)).toBe(25);
    expect(scores.get(ids.senior)).toBe(50);
    expect(scores.get(ids.ready)).toBe(80);
    expect(scores.get(ids.notReady)).toBeNull();
    for (const member of (response.json() as CellAdvancement).members) {
      const own = await getMyEarnings(db(), t.clock, member.user_id, 30);
      expect(member.inputs).toEqual(own.advancement.inputs);
    }
  });

  it('is admin only and answers 404 for an unknown cell', async () => {
    expect((await t.inject({ method: 'GET', url: url(cell), cookie: affiliate })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: url(cell) })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: url(randomUUID()), cookie: admin })).statusCode).toBe(404);
  });
});
