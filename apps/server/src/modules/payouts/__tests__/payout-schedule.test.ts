import { randomUUID } from 'node:crypto';
import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions, jobs, payoutBatches, payoutItems } from '@myeai/db';
import { payoutsPaths, PAYOUT_SETTINGS_DEFAULTS } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { PAYOUT_SCHEDULE_JOB } from '../index.ts';
import { ensurePayoutSchedule, runScheduledPayoutBatch } from '../payout-schedule.service.ts';
import { addPayee as addPayeeWith } from './payees.ts';

const DAY_MS = 86_400_000;
// TEST_NOW is Monday 2026-11-23 12:00 UTC; the default schedule is Friday 09:00 UTC.
const FRIDAY = new Date('2026-11-27T09:00:00.000Z');
const NEXT_FRIDAY = new Date(FRIDAY.getTime() + 7 * DAY_MS);

/**
 * The weekly payout schedule on the job queue (issue 30 item 3, decision 063), driven by the test
 * clock: the job is queued for the settings' weekday and time, prepares that week's batch when the
 * clock reaches it and queues the next week's; a second run of the same week (the same job again,
 * another job for the week, two runs at once) prepares nothing more; a job queued for a schedule
 * the admin has since changed prepares nothing.
 */
describe.each(testDatabaseKinds())('the weekly payout schedule on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
    await t.clearQueues();
  });
  afterAll(() => t.close());

  const settings = (changes: Partial<typeof PAYOUT_SETTINGS_DEFAULTS>) =>
    t.inject({ method: 'PUT', url: payoutsPaths.adminSettings, cookie: admin, payload: { ...PAYOUT_SETTINGS_DEFAULTS, ...changes } });

  /** A payee with PayPal details out of their hold and these available lines (earned 20+ days before TEST_NOW). */
  const addPayee = async (lines: number[]) => (await addPayeeWith(t.database.db, { label: 'Scheduled', lines })).id;

  const scheduleJobs = () => t.database.db.select().from(jobs).where(eq(jobs.name, PAYOUT_SCHEDULE_JOB)).orderBy(jobs.runAt);
  // The demo's own weekly batch (three weeks before TEST_NOW, decision 063) is history: only this test's weeks count.
  const scheduledBatches = () =>
    t.database.db
      .select()
      .from(payoutBatches)
      .where(and(isNotNull(payoutBatches.scheduledWeek), gte(payoutBatches.scheduledWeek, '2026-11-23')))
      .orderBy(payoutBatches.scheduledWeek);

  it('queues the next batch time once, however often the server starts', async () => {
    expect(await scheduleJobs()).toHaveLength(0);
    expect((await ensurePayoutSchedule(t.database.db, t.clock)).toISOString()).toBe(FRIDAY.toISOString());
    await ensurePayoutSchedule(t.database.db, t.clock);
    const queued = await scheduleJobs();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ status: 'queued', runAt: FRIDAY, payload: { slot: FRIDAY.toISOString() } });
  });

  it("prepares the week's batch when the clock reaches the batch time, and queues the next week's", async () => {
    const payee = await addPayee([3000, 2500]);
    const small = await addPayee([1000]);
    // Not yet: a minute before Friday 09:00 nothing runs.
    t.clock.set(new Date(FRIDAY.getTime() - 60_000));
    await t.runJobs();
    expect(await scheduledBatches()).toHaveLength(0);

    t.clock.set(FRIDAY);
    await t.runJobs();
    const [batch] = await scheduledBatches();
    expect(batch).toMatchObject({ scheduledWeek: '2026-11-23', status: 'prepared', createdBy: null, createdAt: FRIDAY });
    const items = await t.database.db.select().from(payoutItems).where(eq(payoutItems.batchId, batch!.id));
    expect(items.find((item) => item.userId === payee)).toMatchObject({ amountCents: 5500, status: 'processing' });
    expect(items.find((item) => item.userId === small)).toBeUndefined();
    const lines = await t.database.db.select({ status: commissions.status }).from(commissions).where(eq(commissions.userId, payee));
    expect(lines.map((line) => line.status)).toEqual(['processing', 'processing']);

    const queued = await scheduleJobs();
    expect(queued.map((job) => [job.runAt.toISOString(), job.status])).toEqual([
      [FRIDAY.toISOString(), 'succeeded'],
      [NEXT_FRIDAY.toISOString(), 'queued'],
    ]);
    // The admin's screen lists it as the week's batch.
    const list = await t.inject({ method: 'GET', url: payoutsPaths.adminBatches, cookie: admin });
    expect(list.json().items.find((item: { id: string }) => item.id === batch!.id)).toMatchObject({ scheduled_week: '2026-11-23', status: 'prepared' });
  });

  it('a second run of the same week does nothing: the same time again, another job of the week, two runs at once', async () => {
    const late = await addPayee([7000]);
    const count = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(payoutBatches))[0]!.n;
    const before = await count();

    expect(await runScheduledPayoutBatch(t.app.deps, FRIDAY)).toMatchObject({ status: 'already_prepared', week: '2026-11-23' });
    // A job for the same week queued again under another key (a second server, a hand-made retry): it runs and prepares nothing.
    await t.database.db.insert(jobs).values({ name: PAYOUT_SCHEDULE_JOB, payload: { slot: FRIDAY.toISOString() }, runAt: FRIDAY, maxAttempts: 5, dedupeKey: `again:${randomUUID()}`, createdAt: FRIDAY });
    t.clock.set(new Date(FRIDAY.getTime() + 3_600_000));
    expect(await t.runJobs()).toBe(1);
    const both = await Promise.all([runScheduledPayoutBatch(t.app.deps, FRIDAY), runScheduledPayoutBatch(t.app.deps, FRIDAY)]);
    expect(both.map((run) => run.status)).toEqual(['already_prepared', 'already_prepared']);

    expect(await count()).toBe(before);
    // The payee who became available after the week's batch waits for next week's.
    expect((await t.database.db.select({ status: commissions.status }).from(commissions).where(eq(commissions.userId, late)))[0]!.status).toBe('pending');
    const failed = await t.database.db.select().from(jobs).where(and(eq(jobs.name, PAYOUT_SCHEDULE_JOB), eq(jobs.status, 'failed')));
    expect(failed).toHaveLength(0);
  });

  it('follows a new weekday and time: the job of the old schedule prepares nothing, the new one prepares the week', async () => {
    // Saved on Friday after the run: Monday 06:30 from now on. The queued job of next Friday belongs to the old schedule.
    expect((await settings({ schedule_weekday: 1, schedule_minute_utc: 390 })).statusCode).toBe(200);
    const monday = new Date('2026-11-30T06:30:00.000Z');
    expect((await scheduleJobs()).filter((job) => job.status === 'queued').map((job) => job.runAt.toISOString())).toEqual([monday.toISOString(), NEXT_FRIDAY.toISOString()]);

    t.clock.set(monday);
    await t.runJobs();
    const weekOfMonday = (await scheduledBatches()).find((batch) => batch.scheduledWeek === '2026-11-30');
    expect(weekOfMonday).toMatchObject({ createdAt: monday });

    t.clock.set(NEXT_FRIDAY);
    const before = (await scheduledBatches()).length;
    expect(await runScheduledPayoutBatch(t.app.deps, NEXT_FRIDAY)).toEqual({ status: 'not_a_batch_time' });
    await t.runJobs();
    expect(await scheduledBatches()).toHaveLength(before);
    // The chain goes on from the new schedule: the Monday after.
    expect((await scheduleJobs()).filter((job) => job.status === 'queued').map((job) => job.runAt.toISOString())).toEqual(['2026-12-07T06:30:00.000Z']);
  });

  it('two runs of a week with no batch yet prepare one', async () => {
    const slot = new Date('2026-12-14T06:30:00.000Z'); // a Monday 06:30: the schedule saved above
    t.clock.set(slot);
    const runs = await Promise.all([runScheduledPayoutBatch(t.app.deps, slot), runScheduledPayoutBatch(t.app.deps, slot)]);
    expect(runs.map((run) => run.status).sort()).toEqual(['already_prepared', 'prepared']);
    expect((await scheduledBatches()).filter((batch) => batch.scheduledWeek === '2026-12-14')).toHaveLength(1);
  });
});
