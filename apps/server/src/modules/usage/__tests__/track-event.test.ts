import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageDaily, usageEvents } from '@myeai/db';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { registerNewcomer } from '../../trials/__tests__/newcomer-helpers.ts';
import { TRACK_EVENTS_PER_MINUTE } from '../usage.routes.ts';

describe.each(testDatabaseKinds())('usage tracking on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const track = (cookie: string | undefined, payload: unknown, headers: Record<string, string> = {}) =>
    t.inject({
      method: 'POST',
      url: '/api/rbac/analytics/track-event',
      cookie,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const eventsOf = async (userId: string) => {
    await t.drainUsage();
    return t.database.db.select().from(usageEvents).where(eq(usageEvents.userId, userId));
  };

  it('stores an event append-only with its details, and counts it per day', async () => {
    const me = await registerNewcomer(t);
    const response = await track(me.cookie, {
      event_type: 'page_view',
      component: 'dashboard',
      action_details: { time_spent_ms: 4200, target_route: '/dashboard', referrer_section: 'sidebar' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'success' });
    await track(me.cookie, { event_type: 'action', component: 'trial-banner', action_details: { action_name: 'upgrade_click', time_spent_ms: 99 } });
    await track(me.cookie, { event_type: 'session_start', component: 'app' });
    const rows = await eventsOf(me.id);
    expect(rows.map((r) => r.eventType)).toEqual(['page_view', 'action', 'session_start']);
    expect(rows[0]).toMatchObject({ component: 'dashboard', timeSpentMs: 4200, targetRoute: '/dashboard', details: { referrer_section: 'sidebar' }, createdAt: t.clock.now() });
    const [day] = await t.database.db.select().from(usageDaily).where(eq(usageDaily.userId, me.id));
    expect(day).toMatchObject({ day: t.clock.now().toISOString().slice(0, 10), sessions: 1, pageViews: 1, actions: 1, featureAccesses: 0, timeSpentMs: 4200 });
  });

  it('stores every one of many concurrent events, written in groups behind the answers', async () => {
    const me = await registerNewcomer(t);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => track(me.cookie, { event_type: i % 2 ? 'action' : 'page_view', component: 'burst', action_details: { time_spent_ms: 2000 } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(200));
    expect(await eventsOf(me.id)).toHaveLength(40);
    const [day] = await t.database.db.select().from(usageDaily).where(eq(usageDaily.userId, me.id));
    expect(day).toMatchObject({ pageViews: 20, actions: 20, timeSpentMs: 40_000 });
  });

  it(`accepts ${TRACK_EVENTS_PER_MINUTE} events a minute per session, refuses the next with 429 and stores none of those; another session is not affected`, async () => {
    const first = await t.signIn('investor@demo.myeai.local');
    const second = await t.signIn('investor@demo.myeai.local');
    const userId = (await t.inject({ method: 'GET', url: '/api/auth/profile', cookie: first })).json<{ id: string }>().id;
    const before = (await eventsOf(userId)).length;
    const event = { event_type: 'action', component: 'rate-limit', action_details: { action_name: 'click' } };
    const accepted = await Promise.all(Array.from({ length: TRACK_EVENTS_PER_MINUTE }, () => track(first, event)));
    expect(accepted.map((a) => a.statusCode)).toEqual(Array(TRACK_EVENTS_PER_MINUTE).fill(200));
    const over = await track(first, event);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    // navigator.sendBeacon's text/plain posts count against the same session.
    const beacon = await t.inject({ method: 'POST', url: '/api/rbac/analytics/track-event', cookie: first, headers: { 'content-type': 'text/plain;charset=UTF-8' }, payload: JSON.stringify(event) });
    expect(beacon.statusCode).toBe(429);
    expect(await eventsOf(userId)).toHaveLength(before + TRACK_EVENTS_PER_MINUTE);

    expect((await track(second, event)).statusCode).toBe(200);
    expect(await eventsOf(userId)).toHaveLength(before + TRACK_EVENTS_PER_MINUTE + 1);
  });

  it('refuses a malformed body with 400 and stores nothing', async () => {
    const me = await registerNewcomer(t);
    const bad: unknown[] = [
      '{not json',
      {},
      { event_type: 'click', component: 'x' },
      { event_type: 'action' },
      { event_type: 'action', component: '' },
      { event_type: 'page_view', component: 'dashboard', action_details: { time_spent_ms: 800 } },
      { event_type: 'page_view', component: 'dashboard' },
      { event_type: 'action', component: 'x', action_details: { time_spent_ms: -5 } },
      { event_type: 'action', component: 'x', action_details: { time_spent_ms: 1e12 } },
      { event_type: 'action', component: 'x', user_id: 'someone-else' },
      { event_type: 'action', component: 'x', action_details: { nested: { deep: true } } },
    ];
    for (const payload of bad) {
      const response = await track(me.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const huge = await track(me.cookie, { event_type: 'action', component: 'x', action_details: { note: 'y'.repeat(200) }, padding: 'z'.repeat(5000) });
    expect(huge.statusCode).toBe(413);
    expect(await eventsOf(me.id)).toEqual([]);
    expect(await t.database.db.select().from(usageDaily).where(eq(usageDaily.userId, me.id))).toEqual([]);
  });

  it('accepts navigator.sendBeacon’s text/plain body', async () => {
    const me = await registerNewcomer(t);
    const body = JSON.stringify({ event_type: 'page_view', component: 'dashboard', action_details: { time_spent_ms: 65_000 } });
    const response = await track(me.cookie, body, { 'content-type': 'text/plain;charset=UTF-8' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await eventsOf(me.id)).toHaveLength(1);
    expect((await track(me.cookie, 'not json', { 'content-type': 'text/plain;charset=UTF-8' })).statusCode).toBe(400);
  });

  it('needs a sign-in and refuses cross-site posts', async () => {
    expect((await track(undefined, { event_type: 'session_start', component: 'app' })).statusCode).toBe(401);
    const me = await registerNewcomer(t);
    expect((await track(me.cookie, { event_type: 'session_start', component: 'app' }, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect(await eventsOf(me.id)).toEqual([]);
  });
});
