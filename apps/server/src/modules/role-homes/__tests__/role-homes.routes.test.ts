import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, tradingAlertFollows, tradingAssets, tradingTimeframes, trials, users } from '@myeai/db';
import { homeOf, TRIAL_STAGES, type EntryWindow, type Role, type RoleHomeData, type RoleHomeDataOf } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';

const DAY = 86_400_000;
const CONSENT = { terms_accepted: true, marketing_accepted: false };

describe.each(testDatabaseKinds())('GET /api/dashboard/home, a home per active role, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const home = async (cookie: string) => {
    const response = await t.inject({ method: 'GET', url: '/api/dashboard/home', cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as RoleHomeData;
  };
  const idOf = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  const count = async (query: string) => Number(((await t.database.db.execute(sql.raw(query))) as unknown as { rows: { n: number }[] }).rows[0]!.n);

  it('answers 401 signed out, and each demo role the home of its row of ROLE_HOMES', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/dashboard/home' })).statusCode).toBe(401);
    for (const role of ['affiliate', 'subscriber', 'subscriber_free', 'investor', 'newcomer', 'trader', 'admin'] as const satisfies readonly Role[]) {
      expect((await home(await t.signInAs(role))).kind, role).toBe(homeOf(role).kind);
    }
  });

  it('the 52-week subscriber: their plan with its renewal date, every asset, nothing more to buy', async () => {
    const data = (await home(await t.signInAs('subscriber'))) as RoleHomeDataOf<'subscriber'>;
    const status = (await t.inject({ method: 'GET', url: '/api/subscription/status', cookie: await t.signInAs('subscriber') })).json();
    expect(data.plan).toEqual({ id: '52weeks', name: '52 Weeks', status: 'active', renews_on: status.current_period_end, ends_on: null, trial_ends_on: null });
    expect(data.picked_assets).toBeNull();
    expect(data.next_plan).toBeNull();
  });

  it('a Free User (plan ended): no plan, and what the first plan gives', async () => {
    const data = (await home(await t.signInAs('subscriber_free'))) as RoleHomeDataOf<'subscriber'>;
    expect(data.plan).toBeNull();
    expect(data.next_plan?.id).toBe('weekly');
  });

  it("followed cells and alerts are the caller's own: another user's never show", async () => {
    const subscriberId = await idOf('subscriber@demo.myeai.local');
    const [asset] = await t.database.db.select().from(tradingAssets).where(eq(tradingAssets.isActive, true)).limit(1);
    const [timeframe] = await t.database.db.select().from(tradingTimeframes).where(eq(tradingTimeframes.isActive, true)).limit(1);
    const now = t.clock.now();
    await t.database.db.insert(tradingAlertFollows).values({ userId: subscriberId, assetId: asset!.id, timeframeId: timeframe!.id, createdAt: now }).onConflictDoNothing();
    await t.database.db.insert(notifications).values({ userId: subscriberId, type: 'trading_alert', title: 'Sam-only alert', message: 'Consensus confirmed', createdAt: now });

    const mine = (await home(await t.signInAs('subscriber'))) as RoleHomeDataOf<'subscriber'>;
    expect(mine.followed_cells.map((c) => `${c.asset_symbol} ${c.timeframe_code}`)).toContain(`${asset!.symbol} ${timeframe!.code}`);
    expect(mine.recent_alerts.map((a) => a.title)).toContain('Sam-only alert');

    const free = (await home(await t.signInAs('subscriber_free'))) as RoleHomeDataOf<'subscriber'>;
    expect(free.followed_cells).toEqual([]);
    expect(free.recent_alerts.map((a) => a.title)).not.toContain('Sam-only alert');
    const investor = (await home(await t.signInAs('investor'))) as RoleHomeDataOf<'investor'>;
    expect(investor.followed_cells).toEqual([]);
    expect(JSON.stringify(investor)).not.toContain('Sam-only alert');
  });

  it('the investor: the consensus their Trading Compass shows them (same access, same events) and their learning', async () => {
    const cookie = await t.signInAs('investor');
    const data = (await home(cookie)) as RoleHomeDataOf<'investor'>;
    const compass = (await t.inject({ method: 'GET', url: '/api/trading/events?limit=5', cookie })).json() as {
      access: { delay_minutes: number; asset_limit: number | null };
      events: { timestamp: string; asset: { symbol: string } }[];
    };
    expect(data.delay_minutes).toBe(compass.access.delay_minutes);
    expect(data.consensus_access).toBe(compass.access.asset_limit !== 0);
    // Without a plan an investor follows nothing, and the home says why in the alerts' own words.
    expect(data.follow_refusal).not.toBeNull();
    expect(data.recent_consensus.map((e) => [e.asset_symbol, e.at])).toEqual(compass.events.map((e) => [e.asset.symbol, e.timestamp]));
    expect(data.learning.completed_modules).toBe(0);
  });

  it('the newcomer: no trial yet, then the checklist dated from the trial start and what to try on that day', async () => {
    const cookie = await t.signInAs('newcomer');
    const before = (await home(cookie)) as RoleHomeDataOf<'trial'>;
    expect(before).toMatchObject({ kind: 'trial', trial: null, try_now: [] });
    expect(before.checklist.map((s) => [s.day, s.status, s.opens_on])).toEqual(TRIAL_STAGES.map((s) => [s.day, 'locked', null]));
    const id = await idOf('newcomer@demo.myeai.local');
    const startedAt = new Date(t.clock.now().getTime() - DAY - 3_600_000);
    await t.database.db.insert(trials).values({ userId: id, startedAt, endsAt: new Date(startedAt.getTime() + 7 * DAY), createdAt: startedAt });
    const data = (await home(cookie)) as RoleHomeDataOf<'trial'>;
    expect(data.trial).toMatchObject({ day: 2, started_at: startedAt.toISOString() });
    expect(data.checklist.map((s) => s.status)).toEqual(['unlocked', 'coming_soon', 'locked', 'locked']);
    expect(data.checklist[1]).toMatchObject({ day: 3, name: TRIAL_STAGES[1]!.name, opens_on: new Date(startedAt.getTime() + 2 * DAY).toISOString() });
    expect(data.try_now.map((i) => i.path)).toEqual(['/goal-progress', '/learning-hub', '/trading-compass']);
    await t.database.db.delete(trials).where(eq(trials.userId, id));
  });

  it('the trader: the open windows still without their vote, soonest closing first; a trader outside the pool is asked for none', async () => {
    const cookie = await t.signInAs('trader');
    const data = (await home(cookie)) as RoleHomeDataOf<'trader'>;
    const active = (await t.inject({ method: 'GET', url: '/api/trading/windows/active', cookie })).json().windows as EntryWindow[];
    const open = active.filter((w) => Date.parse(w.closes_at) > t.clock.now().getTime());
    expect(data.in_pool).toBe(true);
    expect(data.open_windows).toBe(open.length);
    expect(data.votes_needed.map((w) => w.window_id).sort()).toEqual(open.filter((w) => !w.user_voted).map((w) => w.id).sort());

    // Morgan holds trader, affiliate and admin but is not in the Elite Pool.
    const multi = await t.signIn('multi@demo.myeai.local');
    expect((await t.inject({ method: 'POST', url: '/api/rbac/switch-role', cookie: multi, payload: { role: 'trader' } })).statusCode).toBe(200);
    const outside = (await home(multi)) as RoleHomeDataOf<'trader'>;
    expect(outside).toMatchObject({ kind: 'trader', in_pool: false, votes_needed: [] });
  });

  it("the admin: today's work counted from stored rows", async () => {
    const data = (await home(await t.signInAs('admin'))) as RoleHomeDataOf<'admin'>;
    expect(data).toEqual({
      kind: 'admin',
      pending_goals: await count("select count(*)::int as n from goals where status = 'pending_approval'"),
      open_support_requests: await count("select count(*)::int as n from support_requests where status = 'open'"),
      failed_jobs: await count("select count(*)::int as n from jobs where status = 'failed'"),
      commissions_waiting: await count("select count(*)::int as n from commissions where status = 'pending'"),
    });
  });

  it('checkout of the 52 Weeks plan: subscriber is the active role at once and the home shows the plan bought', async () => {
    const cookie = await t.signInAs('newcomer');
    const id = await idOf('newcomer@demo.myeai.local');
    const started = await t.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', cookie, payload: { plan: '52weeks', consent: CONSENT } });
    expect(started.statusCode, started.body).toBe(200);
    const confirmed = await t.inject({ method: 'POST', url: `/api/billing/local/checkout-sessions/${started.json().session_id}/confirm`, cookie, payload: { card: 'succeeds' } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/auth/profile', cookie })).json()).toMatchObject({ roles: ['newcomer', 'subscriber'], active_role: 'subscriber' });
    expect((await t.inject({ method: 'GET', url: '/api/trading/subscription', cookie })).json()).toEqual({ plan: '52weeks' });
    const data = (await home(cookie)) as RoleHomeDataOf<'subscriber'>;
    expect(data.plan).toMatchObject({ id: '52weeks', name: '52 Weeks' });
    const [row] = await t.database.db.select({ activeRole: users.activeRole }).from(users).where(and(eq(users.id, id)));
    expect(row!.activeRole).toBe('subscriber');
  });
});
