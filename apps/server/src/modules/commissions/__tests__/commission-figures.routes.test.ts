import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions, users } from '@myeai/db';
import {
  commissionFigures,
  commissionsPaths,
  dashboardPaths,
  peoplePaths,
  referralProgrammePaths,
  referralsPaths,
  type CommissionLineFacts,
  type CommissionStatus,
} from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';

const AFFILIATE = 'affiliate@demo.myeai.local';
const DAY_MS = 86_400_000;

/**
 * Decision record 051: referral commission and total commission are defined once (the domain's
 * commissionFigures) and read by one query; every screen's figure is that number. The expected
 * figures are computed from the ledger rows by the domain rule, so the demo's own ledger (whatever
 * the seed writes) is part of the check.
 */
describe.each(testDatabaseKinds())('one referral commission and one total commission on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let affiliateId: string;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, AFFILIATE));
    affiliateId = row!.id;
    cookie = await t.signIn(AFFILIATE);
  });
  afterAll(() => t.close());

  async function addUser(referredBy: string | null): Promise<string> {
    counter += 1;
    const [row] = await t.database.db
      .insert(users)
      .values({ email: `figures-${counter}-${randomUUID().slice(0, 6)}@example.test`, name: `Figures ${counter}`, roles: ['newcomer'], activeRole: 'newcomer', referralCode: `FG${randomUUID().slice(0, 6).toUpperCase()}`, referredBy, createdAt: TEST_NOW })
      .returning({ id: users.id });
    return row!.id;
  }

  async function addLine(amountCents: number, options: { origin?: string | null; status?: CommissionStatus; daysAgo?: number; userId?: string } = {}) {
    counter += 1;
    await t.database.db.insert(commissions).values({
      userId: options.userId ?? affiliateId,
      productId: null,
      source: 'conversion',
      sourceReference: `figures-${counter}-${randomUUID()}`,
      productName: 'Figures test product',
      amountCents,
      rateBp: null,
      status: options.status ?? 'pending',
      earnedAt: new Date(TEST_NOW.getTime() - (options.daysAgo ?? 1) * DAY_MS),
      originUserId: options.origin ?? null,
    });
  }

  /** The affiliate's ledger as the domain rule reads it, from the rows (independently of the query). */
  async function expectedFigures(since?: Date) {
    const origin = alias(users, 'origin');
    const rows = await t.database.db
      .select({ user_id: commissions.userId, amount_cents: commissions.amountCents, status: commissions.status, origin_user_id: commissions.originUserId, origin_referred_by: origin.referredBy, earned_at: commissions.earnedAt })
      .from(commissions)
      .leftJoin(origin, eq(origin.id, commissions.originUserId))
      .where(eq(commissions.userId, affiliateId));
    const lines = rows.filter((row) => !since || row.earned_at >= since).map((row) => row as CommissionLineFacts);
    return commissionFigures(lines, affiliateId);
  }

  const get = async <T>(url: string) => {
    const response = await t.inject({ method: 'GET', url, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };

  it('every screen that shows referral commission shows the same number, and the total is every line but withheld ones', async () => {
    const member = await addUser(affiliateId);
    const othersMember = await addUser(await addUser(null));
    const unreferred = await addUser(null);
    await addLine(4_500, { origin: member });
    await addLine(1_250, { origin: member, status: 'paid', daysAgo: 40 });
    await addLine(999, { origin: member, status: 'withheld' });
    await addLine(700, { origin: othersMember });
    await addLine(300, { origin: unreferred });
    await addLine(17_895);

    const all = await expectedFigures();
    const month = new Date(Date.UTC(TEST_NOW.getUTCFullYear(), TEST_NOW.getUTCMonth(), 1));
    const thisMonth = await expectedFigures(month);
    const last30 = await expectedFigures(new Date(Date.UTC(TEST_NOW.getUTCFullYear(), TEST_NOW.getUTCMonth(), TEST_NOW.getUTCDate()) - 29 * DAY_MS));
    // The lines above are in: at least this test's referral lines, and never the withheld one.
    expect(all.referral_cents).toBeGreaterThanOrEqual(4_500 + 1_250);
    expect(all.total_cents).toBeGreaterThan(all.referral_cents);

    const analytics = await get<{ data: { commission_earned_cents: number } }>(`${referralProgrammePaths.analytics}?period_days=30`);
    const dashboard = await get<{ data: { leaderboard_position: { total_commission_cents: number } } }>(referralProgrammePaths.dashboard);
    const stats = await get<{ data: { monthly_commission_cents: number; total_commission_cents: number } }>(referralsPaths.stats);
    const team = await get<{ total_commission_cents: number; members: { user_id: string; commission_earned_cents: number }[] }>(`${peoplePaths.myTeam}?page=1&page_size=50`);
    const summary = await get<{ total_earnings_cents: number }>(commissionsPaths.summary);
    const hub = await get<{ total_commissions_cents: number }>(dashboardPaths.stats);

    // Referral commission: the Referral Dashboard (the period and all time), Share & Earn, My Team.
    expect(analytics.data.commission_earned_cents).toBe(last30.referral_cents);
    expect(dashboard.data.leaderboard_position.total_commission_cents).toBe(all.referral_cents);
    expect(stats.data.monthly_commission_cents).toBe(thisMonth.referral_cents);
    expect(stats.data.total_commission_cents).toBe(all.referral_cents);
    expect(team.total_commission_cents).toBe(all.referral_cents);
    expect(team.members.find((row) => row.user_id === member)?.commission_earned_cents).toBe(4_500 + 1_250);
    expect(team.members.map((row) => row.user_id)).not.toContain(othersMember);
    // Total commission: the Commissions cards and the Business Hub.
    expect(summary.total_earnings_cents).toBe(all.total_cents);
    expect(hub.total_commissions_cents).toBe(all.total_cents);
  });
});
