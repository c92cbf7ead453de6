import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, trials } from '@myeai/db';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { completeGoals, registerNewcomer } from '../../trials/__tests__/newcomer-helpers.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const CONSENT = { terms_accepted: true, marketing_accepted: false };

// DESIGN.md item 18, decision 024: subscribing during the platform trial keeps its remaining days free.
describe.each(testDatabaseKinds())('subscribing during the platform trial on %s (embedded provider)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const status = async (cookie: string) => {
    const response = await t.inject({ method: 'GET', url: '/api/subscription/status', cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Record<string, unknown>;
  };
  const startTrial = async (name: string) => {
    const me = await registerNewcomer(t, name);
    await completeGoals(t, me.cookie);
    const activated = await t.inject({ method: 'POST', url: '/api/auth/activate-trial', cookie: me.cookie });
    expect(activated.statusCode, activated.body).toBe(200);
    const [trial] = await t.database.db.select().from(trials).where(eq(trials.userId, me.id));
    return { ...me, endsAt: trial!.endsAt };
  };
  const subscribe = async (cookie: string, plan: string) => {
    const started = await t.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', cookie, payload: { plan, consent: CONSENT } });
    expect(started.statusCode, started.body).toBe(200);
    const confirmed = await t.inject({ method: 'POST', url: `/api/billing/local/checkout-sessions/${started.json().session_id}/confirm`, cookie, payload: { card: 'succeeds' } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return started.json() as { trial_days: number };
  };
  const paymentsOf = async (userId: string) => (await t.database.db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.userId, userId))).filter((m) => m.subject === 'Payment received').length;

  it('offers the rest of the trial, starts the plan trial ending with it, and charges first when it ends', async () => {
    const me = await startTrial('Carla Carryover');
    t.clock.advance(DAY + 3 * HOUR);
    expect(await status(me.cookie)).toMatchObject({
      status: 'none',
      free_trial_available: false,
      checkout_trial: { kind: 'rest_of_trial', days: 6, ends_at: me.endsAt.toISOString() },
    });

    expect((await subscribe(me.cookie, '4weeks')).trial_days).toBe(6);
    expect(await status(me.cookie)).toMatchObject({ status: 'trial', plan: '4weeks', trial_end: me.endsAt.toISOString(), current_period_end: me.endsAt.toISOString(), has_access: true });
    const [trial] = await t.database.db.select().from(trials).where(eq(trials.userId, me.id));
    expect(trial!.convertedAt).not.toBeNull();

    t.clock.set(new Date(me.endsAt.getTime() - 1000));
    await t.runJobs();
    expect(await paymentsOf(me.id)).toBe(0);
    t.clock.set(me.endsAt);
    await t.runJobs();
    expect(await status(me.cookie)).toMatchObject({ status: 'active', current_period_end: new Date(me.endsAt.getTime() + 28 * DAY).toISOString() });
    expect(await paymentsOf(me.id)).toBe(1);
  });

  it('after the platform trial ended, a plan is charged from the start', async () => {
    const me = await startTrial('Eli Ended');
    t.clock.set(new Date(me.endsAt.getTime() + HOUR));
    await t.runJobs();
    expect(await status(me.cookie)).toMatchObject({ status: 'none', free_trial_available: false, checkout_trial: { kind: 'none', days: 0, ends_at: null } });
    expect((await subscribe(me.cookie, 'weekly')).trial_days).toBe(0);
    expect(await status(me.cookie)).toMatchObject({ status: 'active', plan: 'weekly', trial_end: null });
    expect(await paymentsOf(me.id)).toBe(1);
  });
});
