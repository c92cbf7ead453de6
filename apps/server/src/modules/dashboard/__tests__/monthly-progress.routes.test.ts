import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions, goals, users } from '@myeai/db';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';

const DAY = 86_400_000;

describe.each(testDatabaseKinds())('sidebar monthly progress on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let userId: string;
  const progress = async (as = cookie) => (await t.inject({ method: 'GET', url: '/api/dashboard/monthly-progress', cookie: as })).json() as { goal: Record<string, unknown> | null };

  beforeAll(async () => {
    t = await createTestApp(kind);
    cookie = await t.signInAs('trader');
    userId = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'trader@demo.myeai.local')))[0]!.id;
    await t.database.db.delete(goals).where(eq(goals.userId, userId));
  });
  afterAll(() => t.close());

  it('no running USD monetary goal: null (the card is hidden); a habit goal is not one', async () => {
    const now = t.clock.now();
    await t.database.db.insert(goals).values({
      userId, title: 'Read daily', goalType: 'habit', targetHundredths: 3_000, unit: 'days', whyImportant: 'focus', deadline: '2026-12-31', timeframe: 'monthly', createdAt: now, submittedAt: now, updatedAt: now,
    });
    expect(await progress()).toEqual({ goal: null });
    expect((await t.inject({ method: 'GET', url: '/api/dashboard/monthly-progress' })).statusCode).toBe(401);
  });

  it('the running approved USD goal (a pending one is not shown): target, progress = commissions earned from its creation to its deadline, percent capped', async () => {
    const now = t.clock.now();
    const created = new Date(now.getTime() - 5 * DAY);
    const [goal] = await t.database.db
      .insert(goals)
      .values({ userId, title: 'Earn $500 this month', goalType: 'monetary', targetHundredths: 50_000, unit: 'USD', whyImportant: 'savings', deadline: '2026-11-30', timeframe: 'monthly', createdAt: created, submittedAt: created, updatedAt: created })
      .returning();
    // Still pending approval: not yet a target, the card stays hidden (issue 26).
    expect(await progress()).toEqual({ goal: null });
    await t.database.db.update(goals).set({ status: 'approved', reviewedAt: now }).where(eq(goals.id, goal!.id));
    const commission = (amountCents: number, earnedAt: Date) => ({ userId, source: 'test', sourceReference: randomUUID(), productName: 'Course', amountCents, earnedAt });
    await t.database.db.insert(commissions).values([
      commission(10_000, new Date(created.getTime() - 1000)), // before the goal: not counted
      commission(12_345, new Date(now.getTime() - DAY)),
      commission(5_000, now),
      commission(99_999, new Date('2026-12-01T00:00:00.000Z')), // after the deadline day: not counted
    ]);
    expect(await progress()).toEqual({
      goal: { id: goal!.id, title: 'Earn $500 this month', deadline: '2026-11-30', target_cents: 50_000, progress_cents: 17_345, percent: 34.7 },
    });
    await t.database.db.insert(commissions).values(commission(40_000, now));
    expect((await progress()).goal).toMatchObject({ progress_cents: 57_345, percent: 100 });
  });

  it("another user's goal and ledger never show", async () => {
    const other = await t.signInAs('investor');
    const otherId = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'investor@demo.myeai.local')))[0]!.id;
    await t.database.db.delete(goals).where(eq(goals.userId, otherId));
    expect(await progress(other)).toEqual({ goal: null });
  });
});
