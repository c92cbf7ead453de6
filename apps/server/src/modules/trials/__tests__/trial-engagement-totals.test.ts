import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trials, usageDaily, users } from '@myeai/db';
import { engagementLevel, engagementScore } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { completeGoals, registerNewcomer } from './newcomer-helpers.ts';

const DAY = 86_400_000;

/**
 * Decision 075: each trial's engagement inputs are kept on its row by triggers (migration 0047).
 * The oracle is the scan they replace: every trial joined with its user's per-day usage within
 * the trial's days. After every kind of write (the usage writer's inserts and upserts, a trial
 * starting after same-day usage, an extension moving the trial's end over stored usage, deleted
 * usage rows, a deleted user) the kept figures equal the scan for every trial, and the admin's
 * engagement breakdown equals the levels of the scan.
 */
describe.each(testDatabaseKinds())('trial engagement totals on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  const kept = async () =>
    (
      await t.database.db
        .select({
          id: trials.id,
          activeDays: trials.engagementActiveDays,
          pageViews: trials.engagementPageViews,
          actions: trials.engagementActions,
          featureAccesses: trials.engagementFeatureAccesses,
          timeSpentMs: trials.engagementTimeSpentMs,
        })
        .from(trials)
        .orderBy(trials.id)
    ).map((row) => ({ ...row, timeSpentMs: Number(row.timeSpentMs) }));

  const scanned = async () =>
    (
      await t.database.db
        .select({
          id: trials.id,
          activeDays: sql<number>`count(${usageDaily.day})::int`,
          pageViews: sql<number>`coalesce(sum(${usageDaily.pageViews}), 0)::int`,
          actions: sql<number>`coalesce(sum(${usageDaily.actions}), 0)::int`,
          featureAccesses: sql<number>`coalesce(sum(${usageDaily.featureAccesses}), 0)::int`,
          timeSpentMs: sql<string>`coalesce(sum(${usageDaily.timeSpentMs}), 0)::bigint`,
        })
        .from(trials)
        .leftJoin(
          usageDaily,
          sql`${usageDaily.userId} = ${trials.userId} and ${usageDaily.day} between (${trials.startedAt} at time zone 'UTC')::date and (${trials.endsAt} at time zone 'UTC')::date`,
        )
        .groupBy(trials.id)
        .orderBy(trials.id)
    ).map((row) => ({ ...row, timeSpentMs: Number(row.timeSpentMs) }));

  async function expectKeptEqualsScan(step: string): Promise<void> {
    expect(await kept(), step).toEqual(await scanned());
    const levels = { high: 0, medium: 0, low: 0 };
    for (const row of await scanned()) levels[engagementLevel(engagementScore(row))] += 1;
    const analytics = await t.inject({ method: 'GET', url: '/api/rbac/admin/trial-analytics', cookie: admin });
    expect(analytics.statusCode, analytics.body).toBe(200);
    expect(analytics.json().engagement_breakdown, step).toEqual(levels);
  }

  const track = async (cookie: string, events: { event_type: string; time_spent_ms?: number }[]) => {
    for (const event of events) {
      const response = await t.inject({
        method: 'POST',
        url: '/api/rbac/analytics/track-event',
        cookie,
        payload: { event_type: event.event_type, component: 'dashboard', action_details: event.time_spent_ms ? { time_spent_ms: event.time_spent_ms } : {} },
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
    }
    await t.drainUsage();
  };
  const busyDay = [
    { event_type: 'session_start' },
    { event_type: 'page_view', time_spent_ms: 90_000 },
    { event_type: 'page_view', time_spent_ms: 30_000 },
    { event_type: 'action' },
    { event_type: 'feature_access' },
  ];

  it('keeps every trial equal to the scan through usage, a late start, an extension and deletions', async () => {
    await expectKeptEqualsScan('the demo trials');

    // Usage on the morning of the day the trial starts counts (the trial's days are whole UTC days).
    const early = await registerNewcomer(t, 'Early Bird');
    await completeGoals(t, early.cookie);
    await track(early.cookie, busyDay);
    expect((await t.inject({ method: 'POST', url: '/api/auth/activate-trial', cookie: early.cookie })).statusCode).toBe(200);
    await expectKeptEqualsScan('a trial started after same-day usage');

    // Inserts (a new day) and the upsert's updates (more on the same day).
    await track(early.cookie, busyDay);
    t.clock.advance(DAY);
    await track(early.cookie, busyDay);
    await track(early.cookie, [{ event_type: 'action' }]);
    await expectKeptEqualsScan('two days of usage');

    // Past the trial's last day: usage no longer counts...
    const [trial] = await t.database.db.select().from(trials).where(eq(trials.userId, early.id));
    t.clock.advance(8 * DAY);
    await track(early.cookie, busyDay);
    expect((await kept()).find((row) => row.id === trial!.id)?.activeDays).toBe(2);
    await expectKeptEqualsScan('usage after the trial');

    // ...until an extension moves the end over it: the stored day is counted at once.
    const extended = await t.inject({ method: 'POST', url: `/api/rbac/admin/extend-trial/${trial!.id}`, cookie: admin, payload: { days: 7 } });
    expect(extended.statusCode, extended.body).toBe(200);
    expect((await kept()).find((row) => row.id === trial!.id)?.activeDays).toBe(3);
    await expectKeptEqualsScan('an extension over stored usage');

    // A second trial user; usage rows deleted (one day of each) and a deleted user.
    const other = await registerNewcomer(t, 'Second Person');
    await completeGoals(t, other.cookie);
    expect((await t.inject({ method: 'POST', url: '/api/auth/activate-trial', cookie: other.cookie })).statusCode).toBe(200);
    await track(other.cookie, busyDay);
    t.clock.advance(DAY);
    await track(other.cookie, busyDay);
    await expectKeptEqualsScan('a second trial with usage');
    await t.database.db.delete(usageDaily).where(eq(usageDaily.day, new Date(t.clock.now().getTime() - DAY).toISOString().slice(0, 10)));
    await expectKeptEqualsScan('deleted usage rows');
    await t.database.db.delete(users).where(eq(users.id, other.id));
    await expectKeptEqualsScan('a deleted user');
  });
});
