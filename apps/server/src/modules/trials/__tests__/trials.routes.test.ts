import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, notifications, trials, users } from '@myeai/db';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { completeGoals, registerNewcomer } from './newcomer-helpers.ts';

const DAY = 86_400_000;

describe.each(testDatabaseKinds())('newcomer trial on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  const get = async (cookie: string, url: string) => {
    const response = await t.inject({ method: 'GET', url, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const activate = (cookie: string) => t.inject({ method: 'POST', url: '/api/auth/activate-trial', cookie });
  const trialOf = async (userId: string) => (await t.database.db.select().from(trials).where(eq(trials.userId, userId)))[0];

  /** A newcomer with goals and a trial started at the clock's now. */
  async function trialUser() {
    const me = await registerNewcomer(t);
    await completeGoals(t, me.cookie);
    const response = await activate(me.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return me;
  }

  it('shows preview access, offers the trial only once goals are completed, and starts it once', async () => {
    const me = await registerNewcomer(t);
    expect(await get(me.cookie, '/api/user/access-level')).toEqual({
      access_level: 'preview',
      user_status: 'visitor',
      goals_completed: false,
      trial_ends_at: null,
      can_activate_trial: false,
      free_trial_used: false,
      features: { real_time_data: false, personalized_insights: false, admin_features: false },
    });
    const early = await activate(me.cookie);
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe('Complete your goals in onboarding before activating your free trial.');

    await completeGoals(t, me.cookie);
    expect(await get(me.cookie, '/api/user/access-level')).toMatchObject({ goals_completed: true, can_activate_trial: true });

    const first = await activate(me.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'success', trial_ends_at: new Date(t.clock.now().getTime() + 7 * DAY).toISOString() });
    expect(first.json().message).toMatch(/^Your 7-day free trial is active until/);
    expect(await get(me.cookie, '/api/user/access-level')).toMatchObject({
      access_level: 'trial',
      user_status: 'trial',
      can_activate_trial: false,
      free_trial_used: true,
      features: { real_time_data: true },
    });

    const second = await activate(me.cookie);
    expect(second.statusCode).toBe(400);
    expect(second.json().error.message).toBe(
      'You have already used your free trial. Choosing a plan now starts billing from the first day, with no trial period.',
    );
    const [user] = await t.database.db.select({ used: users.freeTrialUsedAt, roles: users.roles }).from(users).where(eq(users.id, me.id));
    expect(user!.used?.toISOString()).toBe(t.clock.now().toISOString());
    expect(user!.roles).toEqual(['newcomer']);
  });

  it('starts one trial when activations race', async () => {
    const me = await registerNewcomer(t);
    await completeGoals(t, me.cookie);
    const answers = await Promise.all([activate(me.cookie), activate(me.cookie), activate(me.cookie)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    expect(await t.database.db.select().from(trials).where(eq(trials.userId, me.id))).toHaveLength(1);
  });

  it('refuses the trial to a user who used the allowance with a paid plan', async () => {
    const me = await registerNewcomer(t);
    await completeGoals(t, me.cookie);
    await t.database.db.update(users).set({ freeTrialUsedAt: t.clock.now() }).where(eq(users.id, me.id));
    expect(await get(me.cookie, '/api/user/access-level')).toMatchObject({ free_trial_used: true, can_activate_trial: false });
    expect((await activate(me.cookie)).statusCode).toBe(400);
  });

  it('reports trial status and the day-1 journey, and refuses a day-3 feature on day 2', async () => {
    const me = await trialUser();
    expect(await get(me.cookie, '/api/rbac/trial-status')).toMatchObject({ has_trial: true, is_expired: false, days_remaining: 7, hours_remaining: 0, minutes_remaining: 0 });
    const day1 = await get(me.cookie, '/api/rbac/analytics/unlocked-features');
    expect(day1).toMatchObject({ trial_day: 1, next_unlock_day: 3, days_until_next_unlock: 2 });
    expect(day1.unlocked_features).toEqual(['Business Hub', 'Goals & Progress', 'Basic Learning Hub', 'Trading Compass (live, standard timeframes)']);
    expect(day1.stages.map((s: { status: string }) => s.status)).toEqual(['unlocked', 'coming_soon', 'locked', 'locked']);

    t.clock.advance(DAY + 5 * 3_600_000);
    const refused = await t.inject({ method: 'GET', url: '/api/rbac/analytics/feature-access/premium_trading_compass', cookie: me.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Premium Trading Compass unlocks on day 3 of your trial.' } });
    expect((await t.inject({ method: 'GET', url: '/api/rbac/analytics/feature-access/business_hub', cookie: me.cookie })).statusCode).toBe(200);
    expect(await get(me.cookie, '/api/rbac/trial-status')).toMatchObject({ days_remaining: 5, hours_remaining: 19 });

    t.clock.advance(DAY - 5 * 3_600_000);
    expect(await get(me.cookie, '/api/rbac/analytics/feature-access/premium_trading_compass')).toEqual({
      feature: 'premium_trading_compass',
      feature_name: 'Premium Trading Compass',
      stage: 'Trading Powerup',
      unlock_day: 3,
      unlocked: true,
    });
    expect((await t.inject({ method: 'GET', url: '/api/rbac/analytics/feature-access/no_such_thing', cookie: me.cookie })).statusCode).toBe(400);
    // Other roles are governed by their own rules, not the trial's stages.
    expect((await t.inject({ method: 'GET', url: '/api/rbac/analytics/feature-access/trader_breakdown', cookie: await t.signInAs('affiliate') })).statusCode).toBe(200);
  });

  it('opens each stage at its boundary to the second, in unlocked-features and the feature guard', async () => {
    const me = await trialUser();
    const start = t.clock.now().getTime();
    const access = (feature: string) => t.inject({ method: 'GET', url: `/api/rbac/analytics/feature-access/${feature}`, cookie: me.cookie });
    const stages = [
      { day: 3, feature: 'premium_trading_compass', name: 'Premium Trading Compass', stage: 'Trading Powerup' },
      { day: 3, feature: 'advanced_learning_modules', name: 'Advanced Learning Modules', stage: 'Trading Powerup' },
      // CEO Tools holds the learning library, built since issue 20.
      { day: 5, feature: 'full_learning_library', name: 'Full Learning Library', stage: 'CEO Tools' },
      { day: 7, feature: 'trading_alerts', name: 'Trading Alerts', stage: 'Full Access' },
      { day: 7, feature: 'trader_breakdown', name: 'Trader Breakdown', stage: 'Full Access' },
    ];
    for (const { day, feature, name, stage } of stages) {
      t.clock.set(new Date(start + (day - 1) * DAY - 1000));
      const before = await get(me.cookie, '/api/rbac/analytics/unlocked-features');
      expect(before.trial_day).toBe(day - 1);
      expect(before.unlocked_features).not.toContain(name);
      expect(before.stages.find((s: { name: string }) => s.name === stage).status).toBe('coming_soon');
      const refused = await access(feature);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(`${name} unlocks on day ${day} of your trial.`);

      t.clock.set(new Date(start + (day - 1) * DAY));
      const after = await get(me.cookie, '/api/rbac/analytics/unlocked-features');
      expect(after.trial_day).toBe(day);
      expect(after.unlocked_features).toContain(name);
      expect(after.stages.find((s: { name: string }) => s.name === stage).status).toBe('unlocked');
      expect((await access(feature)).json()).toMatchObject({ feature, unlocked: true, unlock_day: day });
    }
    // The trial's last second still opens everything built; its end closes it.
    t.clock.set(new Date(start + 7 * DAY - 1000));
    expect((await access('trader_breakdown')).statusCode).toBe(200);
    t.clock.set(new Date(start + 7 * DAY));
    expect((await access('trader_breakdown')).statusCode).toBe(403);
    expect((await get(me.cookie, '/api/rbac/analytics/unlocked-features')).unlocked_features).toEqual([]);
  });

  it('expires the trial through its job when the clock passes the end, notifies once, and survives a re-run', async () => {
    const me = await trialUser();
    const trial = (await trialOf(me.id))!;
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.dedupeKey, `trials.expire:${trial.id}:${trial.endsAt.toISOString()}`));
    expect(job).toMatchObject({ status: 'queued', runAt: trial.endsAt });

    t.clock.advance(6 * DAY);
    await t.runJobs();
    const reminders = await t.database.db.select().from(notifications).where(eq(notifications.userId, me.id));
    expect(reminders.map((n) => [n.type, n.title])).toEqual([['reminder', 'Your free trial ends tomorrow']]);
    t.clock.advance(DAY - 1000);
    await t.runJobs();
    expect((await trialOf(me.id))!.status).toBe('active');
    t.clock.advance(1000);
    await t.runJobs();
    const expired = (await trialOf(me.id))!;
    expect(expired).toMatchObject({ status: 'expired', expiredAt: t.clock.now() });
    expect(await get(me.cookie, '/api/user/access-level')).toMatchObject({ access_level: 'expired_trial', user_status: 'visitor', can_activate_trial: false });
    expect(await get(me.cookie, '/api/rbac/trial-status')).toMatchObject({ has_trial: true, is_expired: true, days_remaining: 0, minutes_remaining: 0 });
    expect((await t.inject({ method: 'GET', url: '/api/rbac/analytics/feature-access/business_hub', cookie: me.cookie })).statusCode).toBe(403);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, me.id));
    expect(notes.map((n) => n.title).sort()).toEqual(['Your free trial ends tomorrow', 'Your free trial has ended']);

    const admin = await t.signInAs('admin');
    const again = await t.inject({ method: 'POST', url: '/api/rbac/expire-trials', cookie: admin });
    expect(again.json()).toEqual({ status: 'success', expired_trials: 0 });
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, me.id))).toHaveLength(2);
  });

  it('recommends an upgrade from tracked engagement and urgency', async () => {
    const me = await trialUser();
    const quiet = await get(me.cookie, '/api/rbac/analytics/upgrade-recommendation');
    expect(quiet).toMatchObject({ should_show_prompt: false, engagement_level: 'low', engagement_score: 0, trial_status: 'trial' });

    for (let day = 0; day < 5; day += 1) {
      for (let i = 0; i < 6; i += 1) {
        await t.inject({ method: 'POST', url: '/api/rbac/analytics/track-event', cookie: me.cookie, payload: { event_type: 'page_view', component: 'dashboard', action_details: { time_spent_ms: 120_000 } } });
        await t.inject({ method: 'POST', url: '/api/rbac/analytics/track-event', cookie: me.cookie, payload: { event_type: 'action', component: 'leads', action_details: { action_name: 'add_lead' } } });
      }
      t.clock.advance(DAY);
    }
    // 5 active days (30), 30 page views (25), 30 actions (25), 60 minutes (20).
    const busy = await get(me.cookie, '/api/rbac/analytics/upgrade-recommendation');
    expect(busy).toMatchObject({ should_show_prompt: true, engagement_level: 'high', engagement_score: 100, recommendation: { urgency: 'medium' } });

    t.clock.advance(DAY + 12 * 3_600_000);
    const lastDay = await get(me.cookie, '/api/rbac/analytics/upgrade-recommendation');
    expect(lastDay.recommendation).toMatchObject({ urgency: 'high', promotion: null, urgency_message: 'Upgrade today to keep your access without interruption.' });
    expect(JSON.stringify(lastDay)).not.toContain('20%');
  });

  it('gives admins the analytics, and lets them extend and expire trials, each audited', async () => {
    admin = await t.signInAs('admin');
    const before = await get(admin, '/api/rbac/admin/trial-analytics');
    const me = await trialUser();
    const trial = (await trialOf(me.id))!;
    const after = await get(admin, '/api/rbac/admin/trial-analytics');
    expect(after.overview.total_trials).toBe(before.overview.total_trials + 1);
    expect(after.overview.active_trials).toBe(before.overview.active_trials + 1);
    expect(after.recent_trials[0]).toMatchObject({ id: trial.id, user_id: me.id, name: 'Nova Newbie', days_left: 7, status: 'active' });
    expect(after.daily).toHaveLength(30);
    expect(after.daily.at(-1)).toMatchObject({ date: t.clock.now().toISOString().slice(0, 10) });
    expect(after.daily.at(-1).started).toBeGreaterThanOrEqual(1);
    const breakdown = after.engagement_breakdown;
    expect(breakdown.high + breakdown.medium + breakdown.low).toBe(after.overview.total_trials);

    const extended = await t.inject({ method: 'POST', url: `/api/rbac/admin/extend-trial/${trial.id}`, cookie: admin, payload: {} });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json().trial_ends_at).toBe(new Date(trial.endsAt.getTime() + 7 * DAY).toISOString());
    const three = await t.inject({ method: 'POST', url: `/api/rbac/admin/extend-trial/${trial.id}`, cookie: admin, payload: { days: 3 } });
    expect(three.json().trial_ends_at).toBe(new Date(trial.endsAt.getTime() + 10 * DAY).toISOString());
    expect((await t.inject({ method: 'POST', url: `/api/rbac/admin/extend-trial/${trial.id}`, cookie: admin, payload: { days: 0 } })).statusCode).toBe(400);
    expect((await t.inject({ method: 'POST', url: `/api/rbac/admin/extend-trial/${crypto.randomUUID()}`, cookie: admin, payload: {} })).statusCode).toBe(404);
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'trials.extend'), eq(auditLog.target, trial.id)));
    expect(audits.map((a) => (a.details as { days: number }).days).sort()).toEqual([3, 7]);

    // Past the original end the old job finds nothing due; the extended end's job expires it.
    t.clock.advance(7 * DAY + 1000);
    await t.runJobs();
    expect((await trialOf(me.id))!.status).toBe('active');
    t.clock.advance(10 * DAY);
    admin = await t.signInAs('admin'); // sessions last 30 days of the moving clock
    const expire = await t.inject({ method: 'POST', url: '/api/rbac/expire-trials', cookie: admin });
    expect(expire.json().expired_trials).toBeGreaterThanOrEqual(1);
    expect((await trialOf(me.id))!.status).toBe('expired');
    const expireAudit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'trials.expire'));
    expect(expireAudit.length).toBeGreaterThanOrEqual(1);

    // An expired trial extended by an admin runs again from now.
    const revived = await t.inject({ method: 'POST', url: `/api/rbac/admin/extend-trial/${trial.id}`, cookie: admin, payload: { days: 2 } });
    expect(revived.json().trial_ends_at).toBe(new Date(t.clock.now().getTime() + 2 * DAY).toISOString());
    expect(await get(me.cookie, '/api/user/access-level')).toMatchObject({ access_level: 'trial' });

    const final = await get(admin, '/api/rbac/admin/trial-analytics');
    expect(final.overview.total_trials).toBe(final.overview.active_trials + final.overview.expired_trials + final.overview.converted_users);
  });

  it('refuses the admin calls to everyone else', async () => {
    const newcomer = await t.signInAs('newcomer');
    expect((await t.inject({ method: 'GET', url: '/api/rbac/admin/trial-analytics', cookie: newcomer })).statusCode).toBe(403);
    expect((await t.inject({ method: 'POST', url: '/api/rbac/expire-trials', cookie: await t.signInAs('affiliate') })).statusCode).toBe(403);
  });
  it('counts a trial user who then buys a plan as converted', async () => {
    const me = await trialUser();
    const before = await get(admin, '/api/rbac/admin/trial-analytics');
    const started = await t.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      cookie: me.cookie,
      payload: { plan: '4weeks', consent: { terms_accepted: true, marketing_accepted: false } },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { session_id: sessionId } = started.json() as { session_id: string };
    const confirmed = await t.inject({ method: 'POST', url: `/api/billing/local/checkout-sessions/${sessionId}/confirm`, cookie: me.cookie, payload: { card: 'succeeds' } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await trialOf(me.id))?.status).toBe('converted');
    const after = await get(admin, '/api/rbac/admin/trial-analytics');
    expect(after.overview.converted_users).toBe(before.overview.converted_users + 1);
  });
});
