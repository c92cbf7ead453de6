import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiMessageUsage, auditLog, commissions, goals, jobs, mailOutbox, sessions, subscriptions, trials, users } from '@myeai/db';
import { userStatusGroup, USER_STATUS_GROUPS, type AdminAnalytics, type AdminOverview, type Role, type UserStatusGroup } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(testDatabaseKinds())('admin overview, analytics and people earning today on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let now: Date;
  const ago = (ms: number) => new Date(now.getTime() - ms);

  /** One number from a SQL statement written here, independently of the service's queries. */
  async function countSql(query: string): Promise<number> {
    const result = (await t.database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] };
    return Number(Object.values(result.rows[0]!)[0]);
  }
  const at = (date: Date) => `'${date.toISOString()}'::timestamptz`;

  async function addUser(name: string, createdAt: Date): Promise<string> {
    const [row] = await t.database.db
      .insert(users)
      .values({ email: `${name}@overview.test`, name, roles: ['newcomer'], activeRole: 'newcomer', referralCode: `OV${randomUUID().slice(0, 8).toUpperCase()}`, createdAt })
      .returning({ id: users.id });
    return row!.id;
  }

  async function addSubscription(userId: string, status: string, extra: Partial<typeof subscriptions.$inferInsert> = {}) {
    await t.database.db.insert(subscriptions).values({
      userId,
      provider: 'local',
      providerSubscriptionId: `sub_${randomUUID()}`,
      plan: '12weeks',
      status,
      currentPeriodStart: ago(DAY),
      currentPeriodEnd: new Date(now.getTime() + 10 * DAY),
      providerObservedAt: now,
      createdAt: now,
      updatedAt: now,
      ...extra,
    });
  }

  async function addMail(sentAt: Date | null, job: { status: string; finishedAt: Date | null } | null) {
    const [mail] = await t.database.db
      .insert(mailOutbox)
      .values({ kind: 'test', toAddress: 'someone@overview.test', subject: 'Hello', textBody: 'Hi', status: sentAt ? 'sent' : 'queued', sentAt, createdAt: ago(2 * DAY) })
      .returning({ id: mailOutbox.id });
    if (job) {
      await t.database.db.insert(jobs).values({ name: 'mail.send', payload: { outboxId: mail!.id }, status: job.status, runAt: ago(2 * DAY), finishedAt: job.finishedAt, dedupeKey: `mail:${mail!.id}`, attempts: 5, createdAt: ago(2 * DAY) });
    }
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    now = t.clock.now();
    admin = await t.signInAs('admin');
    await t.clearQueues();

    // Users: two joined in the last 30 days, three in the 30 days before, one long ago.
    const recent1 = await addUser('recent1', ago(2 * DAY));
    const recent2 = await addUser('recent2', ago(29 * DAY));
    const previous1 = await addUser('previous1', ago(31 * DAY));
    const previous2 = await addUser('previous2', ago(45 * DAY));
    await addUser('previous3', ago(59 * DAY));
    const old = await addUser('old', ago(200 * DAY));

    // Trials: running, expired, converted; subscriptions: active, past due, cancelled and still
    // in its period (subscribers), cancelled and over, ended (not).
    await t.database.db.insert(trials).values([
      { userId: recent1, status: 'active', startedAt: ago(DAY), endsAt: new Date(now.getTime() + 6 * DAY), createdAt: ago(DAY) },
      { userId: recent2, status: 'expired', startedAt: ago(10 * DAY), endsAt: ago(3 * DAY), expiredAt: ago(3 * DAY), createdAt: ago(10 * DAY) },
      { userId: previous1, status: 'converted', startedAt: ago(DAY), endsAt: new Date(now.getTime() + 6 * DAY), convertedAt: ago(HOUR), createdAt: ago(DAY) },
    ]);
    await addSubscription(previous1, 'active');
    await addSubscription(previous2, 'past_due');
    await addSubscription(old, 'active', { cancelAtPeriodEnd: true });
    await addSubscription(recent2, 'active', { cancelAtPeriodEnd: true, currentPeriodEnd: ago(HOUR) });
    await addSubscription(await addUser('ended', ago(300 * DAY)), 'canceled', { endedAt: ago(DAY) });

    // Goals: pending and approved.
    const goal = (userId: string, status: string) => ({
      userId, title: 'Earn more', goalType: 'monetary', targetHundredths: 10_000, unit: 'USD', whyImportant: 'because', deadline: '2026-12-31', status, timeframe: 'monthly', createdAt: now, submittedAt: now, updatedAt: now,
    });
    await t.database.db.insert(goals).values([goal(recent1, 'pending_approval'), goal(recent2, 'pending_approval'), goal(old, 'approved')]);

    // Jobs: finished in the last 24 hours and before; mails sent, failed for good, queued.
    await t.database.db.insert(jobs).values([
      { name: 'test.job', payload: {}, status: 'succeeded', runAt: ago(2 * HOUR), finishedAt: ago(2 * HOUR), createdAt: ago(3 * HOUR) },
      { name: 'test.job', payload: {}, status: 'succeeded', runAt: ago(2 * DAY), finishedAt: ago(2 * DAY), createdAt: ago(2 * DAY) },
      { name: 'test.job', payload: {}, status: 'failed', runAt: ago(HOUR), finishedAt: ago(HOUR), lastError: 'boom', createdAt: ago(HOUR) },
    ]);
    await addMail(ago(HOUR), { status: 'succeeded', finishedAt: ago(HOUR) });
    await addMail(ago(3 * DAY), { status: 'succeeded', finishedAt: ago(3 * DAY) });
    await addMail(null, { status: 'failed', finishedAt: ago(2 * HOUR) });
    await addMail(null, { status: 'queued', finishedAt: null });

    // Sign-ins: the admin's today (above); one at 23:59 yesterday does not count.
    await t.database.db.insert(sessions).values({ tokenHash: randomUUID(), userId: old, method: 'demo', createdAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 60_000), expiresAt: new Date(now.getTime() + DAY) });

    // Commissions: recent1 twice today, recent2 once today, old yesterday.
    const commission = (userId: string, earnedAt: Date) => ({ userId, source: 'test', sourceReference: randomUUID(), productName: 'Course', amountCents: 1000, earnedAt });
    await t.database.db.insert(commissions).values([commission(recent1, ago(HOUR)), commission(recent1, ago(2 * HOUR)), commission(recent2, ago(3 * HOUR)), commission(old, ago(DAY))]);

    // Roles: a trader and an affiliate without plan or trial are the team, not visitors; a granted subscriber role is a subscriber.
    const withRoles = async (name: string, roles: Role[]) =>
      t.database.db.insert(users).values({ email: `${name}@overview.test`, name, roles, activeRole: roles[0]!, referralCode: `OV${randomUUID().slice(0, 8).toUpperCase()}`, createdAt: ago(400 * DAY) });
    await withRoles('a-trader', ['trader']);
    await withRoles('an-affiliate', ['affiliate', 'newcomer']);
    await withRoles('granted-subscriber', ['subscriber']);

    // AI goal messages: today by two admins, yesterday (not counted).
    const today = now.toISOString().slice(0, 10);
    const [otherAdmin] = await t.database.db.insert(users).values({ email: 'second-admin@overview.test', name: 'Second Admin', roles: ['admin'], activeRole: 'admin', referralCode: `OV${randomUUID().slice(0, 8).toUpperCase()}`, createdAt: ago(400 * DAY) }).returning({ id: users.id });
    await t.database.db.insert(aiMessageUsage).values([
      { adminId: otherAdmin!.id, day: today, messages: 3 },
      { adminId: otherAdmin!.id, day: ago(DAY).toISOString().slice(0, 10), messages: 5 },
    ]);

    // Goal reviews in the audit log: two approvals today, a rejection yesterday, a revision three days ago; a submission is no review.
    const audit = (action: string, createdAt: Date) => ({ actorId: otherAdmin!.id, action, target: randomUUID(), details: {}, createdAt });
    await t.database.db.insert(auditLog).values([audit('goal.approve', ago(HOUR)), audit('goal.approve', ago(2 * HOUR)), audit('goal.reject', ago(DAY)), audit('goal.request_revision', ago(3 * DAY)), audit('goal.submit', ago(HOUR))]);
  });
  afterAll(() => t.close());

  it('every Overview tile equals a count made directly in SQL', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/admin/overview', cookie: admin });
    expect(response.statusCode).toBe(200);
    const overview = response.json() as AdminOverview;
    const since24h = at(ago(DAY));
    const today = at(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())));
    const subscribed = `exists (select 1 from subscriptions s where s.user_id = u.id and s.status in ('trialing', 'active', 'past_due') and (not s.cancel_at_period_end or s.current_period_end > ${at(now)}))`;
    const trialing = `exists (select 1 from trials t where t.user_id = u.id and t.status = 'active' and t.converted_at is null and t.ends_at > ${at(now)})`;
    const failedMail = `from mail_outbox m join jobs j on j.dedupe_key = 'mail:' || m.id where m.status <> 'sent' and j.status = 'failed'`;

    const expected = {
      total: await countSql('select count(*) from users'),
      joinedCurrent: await countSql(`select count(*) from users where created_at >= ${at(ago(30 * DAY))}`),
      joinedPrevious: await countSql(`select count(*) from users where created_at >= ${at(ago(60 * DAY))} and created_at < ${at(ago(30 * DAY))}`),
      pending: await countSql("select count(*) from goals where status = 'pending_approval'"),
      goals: await countSql('select count(*) from goals'),
      sent: await countSql("select count(*) from mail_outbox where status = 'sent'"),
      failed: await countSql(`select count(*) ${failedMail}`),
      aiToday: await countSql(`select coalesce(sum(messages), 0) from ai_message_usage where day = '${now.toISOString().slice(0, 10)}'`),
      jobsSucceeded: await countSql(`select count(*) from jobs where status = 'succeeded' and finished_at >= ${since24h}`),
      jobsFailed: await countSql(`select count(*) from jobs where status = 'failed' and finished_at >= ${since24h}`),
      sent24h: await countSql(`select count(*) from mail_outbox where sent_at >= ${since24h}`),
      failed24h: await countSql(`select count(*) ${failedMail} and j.finished_at >= ${since24h}`),
      signIns: await countSql(`select count(*) from sessions where created_at >= ${today}`),
    };

    expect(overview.users).toEqual({
      total: expected.total,
      growth: { current: expected.joinedCurrent, previous: expected.joinedPrevious, percent: expect.any(Number) },
    });
    expect(overview.goals).toEqual({ pending: expected.pending, total: expected.goals });
    expect(overview.email).toMatchObject({ sent: expected.sent, failed: expected.failed });
    expect(overview.email.delivery_rate_percent).toBe(Math.round((expected.sent / (expected.sent + expected.failed)) * 1000) / 10);
    // Each user read here with their roles, plan and trial, grouped by the domain's rule.
    const people = (await t.database.db.execute(sql.raw(`select u.email, u.roles, ${subscribed} as plan, ${trialing} as trial from users u`))) as unknown as {
      rows: { email: string; roles: Role[]; plan: boolean; trial: boolean }[];
    };
    const groupOf = new Map(people.rows.map((row) => [row.email, userStatusGroup({ roles: row.roles, hasEntitledPlan: row.plan, hasRunningTrial: row.trial })]));
    const groups = Object.fromEntries(USER_STATUS_GROUPS.map((group) => [group, [...groupOf.values()].filter((g) => g === group).length])) as Record<UserStatusGroup, number>;
    expect(overview.user_status).toEqual(groups);
    expect([groupOf.get('admin@demo.myeai.local'), groupOf.get('a-trader@overview.test'), groupOf.get('an-affiliate@overview.test')]).toEqual(['team', 'team', 'team']);
    expect([groupOf.get('granted-subscriber@overview.test'), groupOf.get('previous1@overview.test'), groupOf.get('recent1@overview.test'), groupOf.get('recent2@overview.test')]).toEqual(['subscribers', 'subscribers', 'trial', 'visitors']);
    expect(overview.ai_messages_today).toBe(expected.aiToday);
    expect(overview.ai_messages_today).toBeGreaterThanOrEqual(3);
    expect(overview.performance).toEqual({
      window_hours: 24,
      jobs_succeeded: expected.jobsSucceeded,
      jobs_failed: expected.jobsFailed,
      emails_sent: expected.sent24h,
      emails_failed: expected.failed24h,
      sign_ins_today: expected.signIns,
    });
    expect(overview.user_status.visitors + overview.user_status.trial + overview.user_status.subscribers + overview.user_status.team).toBe(overview.users.total);

    // The seeded rows are really in those counts (not a shared zero).
    expect(expected.joinedPrevious).toBeGreaterThanOrEqual(3);
    expect(groups.subscribers).toBeGreaterThanOrEqual(4);
    expect(expected.failed).toBe(1);
    expect(expected.jobsFailed).toBeGreaterThanOrEqual(2);
    expect(expected.signIns).toBeGreaterThanOrEqual(1);
  });

  it('the Overview follows the data: one more user and one more failed mail change the tiles by exactly one', async () => {
    const before = (await t.inject({ method: 'GET', url: '/api/admin/overview', cookie: admin })).json() as AdminOverview;
    await addUser('later', ago(HOUR));
    await addMail(null, { status: 'failed', finishedAt: ago(HOUR) });
    const after = (await t.inject({ method: 'GET', url: '/api/admin/overview', cookie: admin })).json() as AdminOverview;
    expect(after.users.total).toBe(before.users.total + 1);
    expect(after.users.growth.current).toBe(before.users.growth.current + 1);
    expect(after.user_status.visitors).toBe(before.user_status.visitors + 1);
    expect(after.email.failed).toBe(before.email.failed + 1);
    expect(after.performance.emails_failed).toBe(before.performance.emails_failed + 1);
  });

  it('Analytics: users who joined per UTC day equal a GROUP BY made here; 7 / 30 / 90 days; other ranges 400', async () => {
    for (const days of [7, 30, 90]) {
      const response = await t.inject({ method: 'GET', url: `/api/admin/analytics?days=${days}`, cookie: admin });
      expect(response.statusCode).toBe(200);
      const analytics = response.json() as AdminAnalytics;
      expect(analytics.days).toBe(days);
      expect(analytics.user_growth).toHaveLength(days);
      expect(analytics.user_growth.at(-1)!.day).toBe(now.toISOString().slice(0, 10));
      const total = analytics.user_growth.reduce((sum, point) => sum + point.count, 0);
      const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY);
      expect(total).toBe(await countSql(`select count(*) from users where created_at >= ${at(from)}`));
      for (const point of analytics.user_growth.filter((p) => p.count > 0)) {
        expect(point.count).toBe(await countSql(`select count(*) from users where to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') = '${point.day}'`));
      }
    }
    const twoDaysAgo = ago(2 * DAY).toISOString().slice(0, 10);
    const week = (await t.inject({ method: 'GET', url: '/api/admin/analytics?days=7', cookie: admin })).json() as AdminAnalytics;
    expect(week.user_growth.find((p) => p.day === twoDaysAgo)!.count).toBeGreaterThanOrEqual(1);
    // Goal reviews per day, by their audited action, equal a GROUP BY made here.
    for (const point of week.goal_reviews) {
      const of = (action: string) => countSql(`select count(*) from audit_log where action = 'goal.${action}' and to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') = '${point.day}'`);
      expect(point, point.day).toEqual({ day: point.day, approve: await of('approve'), reject: await of('reject'), request_revision: await of('request_revision') });
    }
    expect(week.goal_reviews.map((point) => point.day)).toEqual(week.user_growth.map((point) => point.day));
    expect(week.goal_reviews.reduce((sum, point) => sum + point.approve + point.reject + point.request_revision, 0)).toBeGreaterThanOrEqual(4);

    const bad = await t.inject({ method: 'GET', url: '/api/admin/analytics?days=14', cookie: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose a range of 7, 30 or 90 days.');
  });

  it('only admins: the overview and analytics are refused to other roles (403) and signed-out visitors (401)', async () => {
    for (const role of ['affiliate', 'subscriber', 'newcomer', 'trader'] as const) {
      const cookie = await t.signInAs(role);
      expect((await t.inject({ method: 'GET', url: '/api/admin/overview', cookie })).statusCode).toBe(403);
      expect((await t.inject({ method: 'GET', url: '/api/admin/analytics?days=7', cookie })).statusCode).toBe(403);
    }
    expect((await t.inject({ method: 'GET', url: '/api/admin/overview' })).statusCode).toBe(401);
  });

  it('people earning today: distinct users credited a commission since 00:00 UTC, public, equal to SQL', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/stats/user-count' });
    expect(response.statusCode).toBe(200);
    const today = at(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())));
    const expected = await countSql(`select count(distinct user_id) from commissions where earned_at >= ${today} and earned_at < ${today} + interval '1 day'`);
    expect(response.json()).toEqual({ people_earning_today: expected, as_of: now.toISOString() });
    expect(expected).toBeGreaterThanOrEqual(2);
  });
});
