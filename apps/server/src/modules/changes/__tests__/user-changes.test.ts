import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, users } from '@myeai/db';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { getUserByEmail } from '../../auth/index.ts';
import { createNotification } from '../../notifications/index.ts';
import { userChangeFeedFor } from '../user-change-feed.ts';

describe.each(testDatabaseKinds())('the user change feed on %s', (kind) => {
  let t: TestApp;
  /** The same database through an app that, like production, does not wait for the feed before a request. */
  let direct: TestApp;
  let affiliateId: string;
  let traderId: string;
  const heard: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    direct = await createTestApp(kind, { awaitChangesBeforeEachRequest: false }, { database: t.database });
    affiliateId = (await getUserByEmail(t.database.db, 'affiliate@demo.myeai.local'))!.id;
    traderId = (await getUserByEmail(t.database.db, 'trader@demo.myeai.local'))!.id;
    userChangeFeedFor(t.app.deps).subscribe({ userChanged: (id) => heard.push(id), reset: () => heard.push('reset') });
  });
  afterAll(async () => {
    await direct?.close();
    await t?.close();
  });

  /** What the feed heard from the database by the time every earlier commit has arrived. */
  const heardAfter = async (write: () => Promise<unknown>) => {
    // Earlier commits' announcements may still be on their way: let them arrive first.
    await userChangeFeedFor(t.app.deps).sync(t.app.deps);
    heard.length = 0;
    await write();
    await userChangeFeedFor(t.app.deps).sync(t.app.deps);
    return [...new Set(heard)];
  };

  it('announces the owner of rows a statement wrote, once per user, on commit', async () => {
    const ids = await heardAfter(() =>
      t.database.db.insert(leads).values(
        Array.from({ length: 50 }, (_, i) => ({
          userId: i % 2 === 0 ? affiliateId : traderId,
          name: `Lead ${i}`,
          email: `feed-${i}@example.com`,
          stage: 'new' as const,
          source: 'website',
          valueCents: 0,
          createdAt: t.clock.now(),
          updatedAt: t.clock.now(),
        })),
      ),
    );
    expect(ids.sort()).toEqual([affiliateId, traderId].sort());
    expect(await heardAfter(() => t.database.db.update(leads).set({ stage: 'closed' }).where(eq(leads.userId, traderId)))).toEqual([traderId]);
    expect(await heardAfter(() => t.database.db.delete(leads).where(eq(leads.userId, affiliateId)))).toEqual([affiliateId]);
  });

  it('announces nothing for a transaction that rolls back, nor for a statement that wrote no row', async () => {
    const rolledBack = await heardAfter(() =>
      t.database.db
        .transaction(async (tx) => {
          await createNotification(tx, t.clock, { userId: affiliateId, type: 'system', title: 'Never', message: 'Rolled back' });
          throw new Error('roll back');
        })
        .catch(() => undefined),
    );
    expect(rolledBack).toEqual([]);
    expect(await heardAfter(() => t.database.db.update(leads).set({ stage: 'lost' }).where(sql`false`))).toEqual([]);
  });

  it('announces a user change but not the once-a-minute last_seen_at write, and tells the referrer too', async () => {
    const [referred] = await t.database.db.select({ id: users.id, referredBy: users.referredBy }).from(users).where(sql`${users.referredBy} is not null`).limit(1);
    expect(referred).toBeDefined();
    expect(await heardAfter(() => t.database.db.update(users).set({ lastSeenAt: t.clock.now() }).where(eq(users.id, referred!.id)))).toEqual([]);
    const ids = await heardAfter(() => t.database.db.update(users).set({ name: 'Renamed' }).where(eq(users.id, referred!.id)));
    expect(ids.sort()).toEqual([referred!.id, referred!.referredBy!].sort());
  });

  it('shows a notification written outside any request on the next read of the cached list', async () => {
    const cookie = await t.signIn('affiliate@demo.myeai.local');
    const titles = async () => ((await t.inject({ method: 'GET', url: '/api/notifications', cookie })).json() as { items: { title: string }[] }).items.map((n) => n.title);
    const before = await titles();
    await createNotification(t.database.db, t.clock, { userId: affiliateId, type: 'system', title: 'Written by a job', message: 'm' });
    expect(await titles()).toEqual(['Written by a job', ...before].slice(0, before.length + 1));
  });

  it('shows a user their own write at once, before the database’s announcement arrives', async () => {
    const cookie = await t.signIn('affiliate@demo.myeai.local');
    await createNotification(t.database.db, t.clock, { userId: affiliateId, type: 'system', title: 'Unread one', message: 'm' });
    // No waiting for the feed between the write and the read.
    const unread = async () => (await direct.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } })).json().unread_count as number;
    await userChangeFeedFor(direct.app.deps).sync(direct.app.deps);
    expect(await unread()).toBeGreaterThan(0);
    const readAll = await direct.app.inject({ method: 'PUT', url: '/api/notifications/read-all', headers: { cookie } });
    expect(readAll.statusCode).toBe(200);
    expect(await unread()).toBe(0);
  });

  it('keeps the user’s cached reads through a tracked usage event, which changes nothing they show', async () => {
    const cookie = await t.signIn('affiliate@demo.myeai.local');
    const tracked = await heardAfter(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/rbac/analytics/track-event',
        headers: { cookie, 'content-type': 'application/json' },
        payload: { event_type: 'action', component: 'feed-test', action_details: { action_name: 'click' } },
      }),
    );
    expect(tracked).toEqual([]);
    const readAll = await heardAfter(() => t.app.inject({ method: 'PUT', url: '/api/notifications/read-all', headers: { cookie } }));
    expect(readAll).toEqual([affiliateId]);
  });

  it('refuses a session at once after its sign-out, although it was being served from memory', async () => {
    const cookie = await t.signIn('trader@demo.myeai.local');
    const me = () => direct.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } });
    expect((await me()).statusCode).toBe(200);
    expect((await direct.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBeLessThan(300);
    expect((await me()).statusCode).toBe(401);
  });

  it('refuses a session at its expiry on the injected clock', async () => {
    const cookie = await t.signIn('trader@demo.myeai.local');
    expect((await t.inject({ method: 'GET', url: '/api/notifications', cookie })).statusCode).toBe(200);
    t.clock.advance(31 * 86_400_000);
    expect((await t.inject({ method: 'GET', url: '/api/notifications', cookie })).statusCode).toBe(401);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('cached reads across two instances on one PostgreSQL', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await createTestApp('postgres');
    two = await createTestApp('postgres', {}, { database: one.database });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('ends a session on instance 2 when it is revoked through instance 1', async () => {
    const cookie = await one.signIn('affiliate@demo.myeai.local');
    expect((await two.inject({ method: 'GET', url: '/api/notifications', cookie })).statusCode).toBe(200);
    expect((await one.inject({ method: 'POST', url: '/api/auth/logout', cookie })).statusCode).toBeLessThan(300);
    expect((await two.inject({ method: 'GET', url: '/api/notifications', cookie })).statusCode).toBe(401);
  });

  it('follows a role switch made through instance 1 on instance 2', async () => {
    const cookie = await one.signIn('multi@demo.myeai.local');
    const switchTo = async (role: string) => expect((await one.inject({ method: 'POST', url: '/api/rbac/switch-role', cookie, payload: { role } })).statusCode).toBe(200);
    const adminJobs = async () => (await two.inject({ method: 'GET', url: '/api/admin/jobs', cookie })).statusCode;
    await switchTo('admin');
    expect(await adminJobs()).toBe(200);
    await switchTo('affiliate');
    expect(await adminJobs()).toBe(403);
    await switchTo('admin');
    expect(await adminJobs()).toBe(200);
  });

  it('shows instance 2 a lead written through instance 1', async () => {
    const cookie = await one.signIn('affiliate@demo.myeai.local');
    const names = async () => ((await two.inject({ method: 'GET', url: '/api/leads?page=1', cookie })).json() as { items: { name: string }[] }).items.map((l) => l.name);
    await names();
    const created = await one.inject({ method: 'POST', url: '/api/leads', cookie, payload: { name: 'Across Instances', email: 'across@example.com' } });
    expect(created.statusCode).toBe(201);
    expect(await names()).toContain('Across Instances');
  });
});
