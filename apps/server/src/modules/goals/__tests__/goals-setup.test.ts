import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goals } from '@myeai/db';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { goalTier, registerNewcomer } from '../../trials/__tests__/newcomer-helpers.ts';

describe.each(testDatabaseKinds())('goal setup on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const setup = (cookie: string, payload: unknown) => t.inject({ method: 'POST', url: '/api/goals/setup', cookie, payload: payload as object });
  const stored = async (userId: string) => t.database.db.select().from(goals).where(eq(goals.userId, userId));

  it('refuses a setup without a complete goal with the spec’s message', async () => {
    const me = await registerNewcomer(t);
    const response = await setup(me.cookie, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Please complete at least one goal before submitting.');
    expect(await stored(me.id)).toEqual([]);
  });

  it('refuses an incomplete tier, a deadline outside its window, and fields the client may not set', async () => {
    const me = await registerNewcomer(t);
    const cases = [
      { short_term: { ...goalTier(t, 30), why_important: '' } },
      { short_term: { ...goalTier(t, 30), title: '   ' } },
      { short_term: goalTier(t, 120) },
      { mid_term: goalTier(t, 60) },
      { long_term: goalTier(t, 200) },
      { long_term: goalTier(t, 365 * 5 + 5) },
      { short_term: { ...goalTier(t, 30), deadline: '2026-02-30' } },
      { short_term: { ...goalTier(t, 30), status: 'approved' } },
      { short_term: goalTier(t, 30), goal_quality_score: 100 },
      { short_term: { ...goalTier(t, 30), target_value: -5 } },
      { short_term: { ...goalTier(t, 30), goal_type: 'fame' } },
    ];
    for (const payload of cases) {
      const response = await setup(me.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const window = await setup(me.cookie, { short_term: goalTier(t, 120) });
    expect(window.json().error.message).toMatch(/short-term goal needs a deadline within the next 13 weeks/);
    expect(await stored(me.id)).toEqual([]);
  });

  it('stores only the sent tiers as goals pending approval, owned by the user', async () => {
    const me = await registerNewcomer(t);
    const response = await setup(me.cookie, {
      short_term: goalTier(t, 91),
      long_term: goalTier(t, 730, { goal_type: 'lifestyle', unit: 'count', title: 'Move to the coast', target_value: 1 }),
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.goals_created).toBe(2);
    expect(body.goals.map((g: { timeframe: string; status: string }) => [g.timeframe, g.status])).toEqual([
      ['short_term', 'pending_approval'],
      ['long_term', 'pending_approval'],
    ]);
    expect(body.goals[0]).toMatchObject({ target_value: 1500, current_value: 0, unit: 'USD', daily_habits: ['Call two leads'] });
    const rows = await stored(me.id);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.userId === me.id && row.status === 'pending_approval')).toBe(true);
  });

  it('accepts the window edges (day 91 short, day 92 mid, day 364 mid, day 365 long)', async () => {
    const me = await registerNewcomer(t);
    expect((await setup(me.cookie, { short_term: goalTier(t, 91), mid_term: goalTier(t, 92) })).statusCode).toBe(201);
    expect((await setup(me.cookie, { mid_term: goalTier(t, 364), long_term: goalTier(t, 365) })).statusCode).toBe(201);
  });

  it('creates the goals of a submission once, however often it is sent', async () => {
    const me = await registerNewcomer(t);
    const payload = { short_term: goalTier(t, 30), mid_term: goalTier(t, 200), submission_id: randomUUID() };
    const first = await setup(me.cookie, payload);
    const again = await setup(me.cookie, payload);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().goals.map((g: { id: string }) => g.id)).toEqual(first.json().goals.map((g: { id: string }) => g.id));
    expect(await stored(me.id)).toHaveLength(2);
  });
});
