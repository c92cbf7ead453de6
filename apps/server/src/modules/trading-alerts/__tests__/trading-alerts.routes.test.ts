import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consensusEvents, jobs, mailOutbox, notifications, sentimentAggregates, tradingAlertDigestItems, users } from '@myeai/db';
import { notPickedMessage, TRADING_ALERT_MESSAGES, type EntryWindow, type PlanId, type TradingAlerts } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { seedDemoSubscription } from '../../subscriptions/index.ts';
import { openWindow, pairIds, signInPool, voteAll } from '../../trading/__tests__/trading-helpers.ts';
import { completeGoals, registerNewcomer } from '../../trials/__tests__/newcomer-helpers.ts';
import { runAlertDigest, runConsensusAlerts } from '../trading-alerts.service.ts';

type Pair = { assetId: string; timeframeId: string };
type Member = { cookie: string; id: string };
const DAY = 86_400_000;

/**
 * Trading alerts (decision 020): who may follow which cells, and what a follower receives when
 * a consensus is confirmed or exits: immediate plans at once, the weekly plan in one digest when
 * the UTC day ends; each once, whatever is replayed; the settings switch and e-mail choice kept.
 */
describe.each(testDatabaseKinds())('trading alerts on %s', (kind) => {
  let t: TestApp;
  let pool: string[];
  let eurM5: Pair;
  let weekly: Member;
  let monthly: Member;
  let muted: Member;
  let noEmail: Member;

  const follow = (member: Member, pair: Pair) => t.inject({ method: 'PUT', url: `/api/trading/alerts/follows/${pair.assetId}/${pair.timeframeId}`, cookie: member.cookie });
  const unfollow = (member: Member, pair: Pair) => t.inject({ method: 'DELETE', url: `/api/trading/alerts/follows/${pair.assetId}/${pair.timeframeId}`, cookie: member.cookie });
  const alertsOf = async (member: Member) => {
    const response = await t.inject({ method: 'GET', url: '/api/trading/alerts', cookie: member.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TradingAlerts;
  };
  const subscriber = async (name: string, plan: PlanId): Promise<Member> => {
    const member = await registerNewcomer(t, name);
    const [user] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, member.id));
    await seedDemoSubscription(t.database.db, t.clock, { email: user!.email, plan });
    return member;
  };
  const alertsReceived = async (member: Member) =>
    (await t.database.db.select().from(notifications).where(and(eq(notifications.userId, member.id), eq(notifications.type, 'trading_alert')))).map((n) => ({ title: n.title, message: n.message }));
  const mailsOf = async (member: Member) => (await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.userId, member.id), eq(mailOutbox.kind, 'notification.trading_alert')))).map((m) => m.subject);
  /** The 13 pool traders vote one bias in a new window on the pair; the window closes with the last vote. */
  const consensus = async (pair: Pair, pattern: string) => {
    const opened = await openWindow(t, pool[0]!, pair);
    expect(opened.statusCode, opened.body).toBe(201);
    const window = opened.json().window as EntryWindow;
    expect((await voteAll(t, pool, window.id, pattern)).at(-1)!.json()).toMatchObject({ closed_window: true });
    return (await t.database.db.select().from(consensusEvents).where(eq(consensusEvents.windowId, window.id))).filter((e) => e.eventType !== 'window_opened');
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    pool = await signInPool(t);
    eurM5 = await pairIds(t, 'EUR/USD', 'M5');
    // The seeded history may leave a standing consensus on the pair: start from none, so the first all-Long window confirms.
    await t.database.db.update(sentimentAggregates).set({ confirmedBias: null, confirmedTenths: null }).where(and(eq(sentimentAggregates.assetId, eurM5.assetId), eq(sentimentAggregates.timeframeId, eurM5.timeframeId)));
    weekly = await subscriber('Wendy Weekly', 'weekly');
    monthly = await subscriber('Monty Monthly', '4weeks');
    muted = await subscriber('Mute Monthly', '4weeks');
    noEmail = await subscriber('Nomail Yearly', '52weeks');
    await t.clearQueues();
  });
  afterAll(() => t.close());

  it('refuses a user without alerts in their plan (403, the reason) and a trial before day 7, then lets the trial follow on day 7', async () => {
    const free = { cookie: await t.signIn('free@demo.myeai.local'), id: '' };
    const refused = await follow(free, eurM5);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(TRADING_ALERT_MESSAGES.noAlerts);
    expect(await alertsOf(free)).toMatchObject({ frequency: null, refusal: TRADING_ALERT_MESSAGES.noAlerts, follows: [] });

    const newcomer = await registerNewcomer(t, 'Tess Trial');
    await completeGoals(t, newcomer.cookie);
    expect((await t.inject({ method: 'POST', url: '/api/auth/activate-trial', cookie: newcomer.cookie })).statusCode).toBe(200);
    const start = t.clock.now().getTime();
    try {
      t.clock.set(new Date(start + 6 * DAY - 1000));
      const early = await follow(newcomer, eurM5);
      expect(early.statusCode).toBe(403);
      expect(early.json().error.message).toBe('Trading Alerts unlocks on day 7 of your trial.');
      t.clock.set(new Date(start + 6 * DAY));
      const day7 = await follow(newcomer, eurM5);
      expect(day7.statusCode, day7.body).toBe(200);
      expect((day7.json() as TradingAlerts).frequency).toBe('immediate');
      expect((await unfollow(newcomer, eurM5)).statusCode).toBe(200);
    } finally {
      t.clock.set(new Date(start));
    }
  });

  it('lets a plan follow cells of picked assets only; follow and unfollow are idempotent', async () => {
    const state = await alertsOf(weekly);
    expect(state).toMatchObject({ frequency: 'daily', refusal: null });
    expect(state.picked_asset_ids).toHaveLength(4);
    expect(state.picked_asset_ids).toContain(eurM5.assetId);
    const aapl = await pairIds(t, 'AAPL', 'M5');
    const notPicked = await follow(weekly, aapl);
    expect(notPicked.statusCode).toBe(403);
    expect(notPicked.json().error.message).toBe(notPickedMessage('AAPL'));
    expect((await alertsOf(monthly)).frequency).toBe('immediate');
    expect((await alertsOf(noEmail)).picked_asset_ids).toBeNull();

    for (const member of [weekly, weekly, monthly, muted, noEmail]) expect((await follow(member, eurM5)).statusCode).toBe(200);
    const followed = await alertsOf(weekly);
    expect(followed.follows).toHaveLength(1);
    expect(followed.follows[0]).toMatchObject({ asset: { symbol: 'EUR/USD' }, timeframe: { code: 'M5' }, alerting: true, paused_reason: null });
    expect((await unfollow(weekly, aapl)).statusCode).toBe(200);
    const bad = await t.inject({ method: 'PUT', url: `/api/trading/alerts/follows/not-a-uuid/${eurM5.timeframeId}`, cookie: weekly.cookie });
    expect(bad.statusCode).toBe(400);
  });

  it('sends immediate alerts once per confirmed consensus per follower, honouring the switch and the e-mail choice; the weekly plan waits for its digest', async () => {
    const settings = (member: Member, change: Record<string, boolean>) =>
      t.inject({
        method: 'PUT',
        url: '/api/notifications/settings',
        cookie: member.cookie,
        payload: { commission_alerts: true, goal_milestones: true, lead_activity: true, follow_up_reminders: true, email_notifications: true, trading_alerts: true, trading_alerts_email: true, ...change },
      });
    expect((await settings(muted, { trading_alerts: false })).statusCode).toBe(200);
    expect((await settings(noEmail, { trading_alerts_email: false })).statusCode).toBe(200);

    const events = await consensus(eurM5, 'LLLLLLLLLLLLL');
    expect(events.map((e) => e.eventType)).toEqual(['consensus_confirmed']);
    await t.runJobs();
    const expected = [{ title: 'EUR/USD M5: Long consensus confirmed', message: "EUR/USD M5: Long consensus confirmed at 100.0%, 12:00 UTC. This is the traders' consensus, not financial advice." }];
    expect(await alertsReceived(monthly)).toEqual(expected);
    expect(await mailsOf(monthly)).toEqual(['EUR/USD M5: Long consensus confirmed']);
    expect(await alertsReceived(noEmail)).toEqual(expected);
    expect(await mailsOf(noEmail)).toEqual([]);
    expect(await alertsReceived(muted)).toEqual([]);
    expect(await alertsReceived(weekly)).toEqual([]);
    const [digestJob] = await t.database.db.select().from(jobs).where(like(jobs.dedupeKey, `trading-alert-digest:${weekly.id}:%`));
    expect(digestJob!.runAt.toISOString()).toBe('2026-11-24T00:00:00.000Z');

    // A replayed event: the job again, by hand and through the queue, sends and files nothing more.
    await runConsensusAlerts(t.database.db, t.clock, { eventId: events[0]!.id });
    await runConsensusAlerts(t.database.db, t.clock, { eventId: events[0]!.id });
    expect(await alertsReceived(monthly)).toHaveLength(1);
    expect(await mailsOf(monthly)).toHaveLength(1);
    expect(await t.database.db.select().from(tradingAlertDigestItems).where(eq(tradingAlertDigestItems.userId, weekly.id))).toHaveLength(1);
    expect(await t.database.db.select().from(jobs).where(like(jobs.dedupeKey, `trading-alert-digest:${weekly.id}:%`))).toHaveLength(1);
  });

  it('gives the weekly plan one digest when the UTC day ends, listing the exit and the new confirmation too, and sends it once', async () => {
    t.clock.set(new Date(t.clock.now().getTime() + 3 * 3_600_000));
    const events = await consensus(eurM5, 'SSSSSSSSSSSSS');
    expect(events.map((e) => e.eventType).sort()).toEqual(['consensus_confirmed', 'consensus_exit']);
    await t.runJobs();
    // The exit and the new confirmation come from one close, at one instant: compared as a set.
    expect((await alertsReceived(monthly)).map((a) => a.title).sort()).toEqual(['EUR/USD M5: Long consensus confirmed', 'EUR/USD M5: Long consensus exited', 'EUR/USD M5: Short consensus confirmed']);
    expect(await alertsReceived(weekly)).toEqual([]);

    t.clock.set(new Date('2026-11-24T00:00:00.000Z'));
    await t.runJobs();
    const digest = await alertsReceived(weekly);
    expect(digest).toHaveLength(1);
    expect(digest[0]!.title).toBe('Daily trading alerts: 3 consensus changes on 23 Nov 2026');
    expect(digest[0]!.message.split('\n')[0]).toBe('EUR/USD M5: Long consensus confirmed at 100.0%, 12:00; Long consensus exited (Long 0.0%), 15:00; Short consensus confirmed at 100.0%, 15:00');
    expect(await mailsOf(weekly)).toEqual(['Daily trading alerts: 3 consensus changes on 23 Nov 2026']);
    await runAlertDigest(t.database.db, t.clock, { userId: weekly.id, day: '2026-11-23' });
    expect(await alertsReceived(weekly)).toHaveLength(1);
  });

  it('sends nothing for a cell whose asset is no longer picked, and says why on the list', async () => {
    const others = (await t.inject({ method: 'GET', url: '/api/trading/assets', cookie: weekly.cookie })).json().assets.map((a: { id: string }) => a.id).filter((id: string) => id !== eurM5.assetId).slice(0, 4);
    const picked = await t.inject({ method: 'PUT', url: '/api/trading/asset-picks', cookie: weekly.cookie, payload: { asset_ids: others } });
    expect(picked.statusCode, picked.body).toBe(200);
    expect((await alertsOf(weekly)).follows[0]).toMatchObject({ alerting: false, paused_reason: notPickedMessage('EUR/USD') });
    await consensus(eurM5, 'LLLLLLLLLLLLL');
    await t.runJobs();
    t.clock.set(new Date('2026-11-25T00:00:00.000Z'));
    await t.runJobs();
    expect(await alertsReceived(weekly)).toHaveLength(1);
    expect(await t.database.db.select().from(tradingAlertDigestItems).where(and(eq(tradingAlertDigestItems.userId, weekly.id), eq(tradingAlertDigestItems.digestDay, '2026-11-24')))).toHaveLength(0);
  });
});
