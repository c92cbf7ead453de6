import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@myeai/db';
import { authPaths, goalsPaths } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { goalTier, registerNewcomer } from '../../trials/__tests__/newcomer-helpers.ts';

describe.each(testDatabaseKinds())('goal quick setup on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const status = async (cookie: string) => (await t.inject({ method: 'GET', url: goalsPaths.profileStatus, cookie })).json().status as string;
  const quickSetup = (cookie: string, payload: Record<string, unknown>) => t.inject({ method: 'POST', url: goalsPaths.quickSetup, cookie, payload });

  it('reports incomplete until the user has a goal, then stores the complete tiers pending approval', async () => {
    const user = await registerNewcomer(t, 'Quinn Quick');
    expect(await status(user.cookie)).toBe('incomplete');
    const response = await quickSetup(user.cookie, { goals: { short_term: goalTier(t, 60), long_term: goalTier(t, 800, { goal_type: 'lifestyle', unit: 'count', title: 'Move to the coast' }) }, context: 'personalization' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'success', goals_created: 2 });
    expect(response.json().goals.map((goal: { status: string; timeframe: string }) => [goal.timeframe, goal.status])).toEqual([
      ['short_term', 'pending_approval'],
      ['long_term', 'pending_approval'],
    ]);
    expect(await status(user.cookie)).toBe('complete');
  });

  it('refuses no complete tier, a deadline outside its window and an unknown context with the setup messages, storing nothing', async () => {
    const user = await registerNewcomer(t, 'Quinn Quick');
    const none = await quickSetup(user.cookie, { goals: {}, context: 'earnings' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Please complete at least one goal before submitting.');
    const late = await quickSetup(user.cookie, { goals: { short_term: goalTier(t, 92) }, context: 'commission' });
    expect(late.statusCode).toBe(400);
    expect(JSON.stringify(late.json())).toContain('A short-term goal needs a deadline');
    expect((await quickSetup(user.cookie, { goals: { short_term: goalTier(t, 30) }, context: 'elsewhere' })).statusCode).toBe(400);
    expect((await quickSetup(user.cookie, { goals: { short_term: { ...goalTier(t, 30), status: 'approved' } }, context: 'delayed_data' })).statusCode).toBe(400);
    expect(await status(user.cookie)).toBe('incomplete');
  });

  it('creates the goals once when the same submission is sent twice', async () => {
    const user = await registerNewcomer(t, 'Quinn Quick');
    const payload = { goals: { mid_term: goalTier(t, 200) }, context: 'personalization', submission_id: '7f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5' };
    const first = await quickSetup(user.cookie, payload);
    const second = await quickSetup(user.cookie, payload);
    expect(second.json().goals.map((goal: { id: string }) => goal.id)).toEqual(first.json().goals.map((goal: { id: string }) => goal.id));
    const mine = await t.inject({ method: 'GET', url: goalsPaths.mine, cookie: user.cookie });
    expect(mine.json().items).toHaveLength(1);
  });
});

describe.each(testDatabaseKinds())('when the goal quick-setup modal opens, and "Skip for now", on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** A second session of the same account (another device), signed in with its password. */
  async function secondSession(userId: string): Promise<string> {
    const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const response = await t.inject({ method: 'POST', url: authPaths.password, payload: { email: row!.email, password: 'correct horse battery' } });
    const session = response.cookies.find((cookie) => cookie.name === 'myeai_session') ?? response.cookies[0];
    if (response.statusCode !== 200 || !session) throw new Error(`sign-in failed: ${response.body}`);
    return `${session.name}=${session.value}`;
  }
  const profile = async (cookie: string) => (await t.inject({ method: 'GET', url: goalsPaths.profileStatus, cookie })).json() as { status: string; prompt: boolean; skipped_until: string | null };

  it('opens for a trader or affiliate without goals, not for a newcomer (onboarding asks them); the seeded demo accounts have skipped', async () => {
    const user = await registerNewcomer(t, 'Pia Prompt');
    expect(await profile(user.cookie)).toEqual({ status: 'incomplete', prompt: false, skipped_until: null });
    await t.database.db.update(users).set({ roles: ['trader'], activeRole: 'trader' }).where(eq(users.id, user.id));
    expect(await profile(user.cookie)).toEqual({ status: 'incomplete', prompt: true, skipped_until: null });
    // The demo accounts were seeded as having skipped: no modal over every screen of a demo.
    const demoTrader = await t.signInAs('trader');
    expect((await profile(demoTrader)).prompt).toBe(false);
  });

  it('"Skip for now" is remembered on the server for 7 days, on every device; goals close it for good', async () => {
    const user = await registerNewcomer(t, 'Sam Skip');
    await t.database.db.update(users).set({ roles: ['affiliate'], activeRole: 'affiliate' }).where(eq(users.id, user.id));
    const phone = user.cookie;
    const laptop = await secondSession(user.id);
    const skipped = await t.inject({ method: 'POST', url: goalsPaths.quickSetupSkip, cookie: phone });
    expect(skipped.statusCode).toBe(200);
    const until = new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString();
    expect(skipped.json()).toEqual({ status: 'incomplete', prompt: false, skipped_until: until });
    expect(await profile(laptop)).toEqual({ status: 'incomplete', prompt: false, skipped_until: until });

    const start = t.clock.now();
    t.clock.advance(7 * 86_400_000 - 1);
    expect((await profile(laptop)).prompt).toBe(false);
    t.clock.advance(1);
    expect(await profile(laptop)).toEqual({ status: 'incomplete', prompt: true, skipped_until: null });

    const saved = await t.inject({ method: 'POST', url: goalsPaths.quickSetup, cookie: laptop, payload: { goals: { short_term: goalTier(t, 30) }, context: 'commission' } });
    expect(saved.statusCode).toBe(201);
    expect(await profile(phone)).toMatchObject({ status: 'complete', prompt: false });
    t.clock.set(start);
  });
});
