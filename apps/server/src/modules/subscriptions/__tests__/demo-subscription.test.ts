import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, subscriptions } from '@myeai/db';
import { seedDemoData } from '../../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { getUserByEmail } from '../../auth/index.ts';

type GridBody = { access: { level: string; has_plan: boolean }; timeframes: { id: string; code: string; locked: boolean }[]; grid: Record<string, Record<string, { locked: boolean }>> };

describe.each(testDatabaseKinds())('demo subscription and compass access on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const get = async (email: string, url: string) => {
    const response = await t.inject({ method: 'GET', url, cookie: await t.signIn(email) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Record<string, unknown>;
  };

  it('gives the demo subscriber a paid 52 Weeks plan through the embedded provider, once', async () => {
    const status = await get('subscriber@demo.myeai.local', '/api/subscription/status');
    expect(status).toMatchObject({ status: 'active', plan: '52weeks', has_access: true, cancel_at_period_end: false, trial_end: null });
    expect(await get('subscriber@demo.myeai.local', '/api/trading/subscription')).toEqual({ plan: '52weeks' });

    // The seed runs on every start: a second run adds nothing.
    await seedDemoData(t.database.db, t.clock, t.app.deps.config);
    const user = (await getUserByEmail(t.database.db, 'subscriber@demo.myeai.local'))!;
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);
    expect(await t.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, user.id))).toHaveLength(1);
  });

  it('opens every timeframe of the compass to the subscriber and keeps premium ones locked, without figures, for the free user', async () => {
    const paid = (await get('subscriber@demo.myeai.local', '/api/trading/sentiment/grid')) as GridBody;
    expect(paid.access).toMatchObject({ level: 'subscriber', has_plan: true });
    expect(paid.timeframes.every((timeframe) => !timeframe.locked)).toBe(true);
    expect(Object.values(paid.grid).flatMap((row) => Object.values(row)).every((cell) => !cell.locked)).toBe(true);

    const free = (await get('free@demo.myeai.local', '/api/trading/sentiment/grid')) as GridBody;
    expect(free.access).toMatchObject({ level: 'preview', has_plan: false });
    const h1 = free.timeframes.find((timeframe) => timeframe.code === 'H1')!;
    expect(h1.locked).toBe(true);
    for (const row of Object.values(free.grid)) expect(row[h1.id]).toEqual({ locked: true });

    expect(await get('investor@demo.myeai.local', '/api/trading/access')).toMatchObject({ level: 'none', has_plan: false });
  });
});
