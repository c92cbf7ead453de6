import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, leads, users } from '@myeai/db';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { recordAudit } from '../index.ts';

type Entry = { id: string; action: string; target: string | null; target_label: string | null; details: unknown; actor: { id: string; name: string; email: string } | null; created_at: string };

describe.each(testDatabaseKinds())('audit log on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  const auditLogPage = (query = '', cookie?: string) => t.inject({ method: 'GET', url: `/api/admin/audit-log${query}`, cookie });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'admin@demo.myeai.local'));
    adminId = row!.id;
  });
  afterAll(() => t.close());

  it('an admin write (landing update) shows up first, with the actor name and e-mail', async () => {
    t.clock.advance(1000);
    const put = await t.inject({
      method: 'PUT',
      url: '/api/admin/landing',
      cookie: admin,
      payload: { figures: [{ label: 'Members', value: '2,500+' }], community_url: null, community_name: 'our community' },
    });
    expect(put.statusCode).toBe(200);
    const response = await auditLogPage('', admin);
    expect(response.statusCode).toBe(200);
    const [latest] = response.json().items as Entry[];
    expect(latest).toEqual({
      id: expect.any(String),
      action: 'landing.update',
      target: 'landing',
      target_label: null,
      details: { figures: [{ label: 'Members', value: '2,500+' }], community_url: null, community_name: 'our community' },
      actor: { id: adminId, name: 'Ada Admin', email: 'admin@demo.myeai.local' },
      created_at: t.clock.now().toISOString(),
    });
  });

  it('names a target that is a record id: the user by e-mail, the lead by name; a gone record keeps its id', async () => {
    const [lead] = await t.database.db.insert(leads).values({ userId: adminId, name: 'Lena Lead', email: 'lena@x.io', source: 'manual', stage: 'new', createdAt: t.clock.now(), updatedAt: t.clock.now() }).returning({ id: leads.id });
    const gone = '00000000-0000-4000-8000-000000000000';
    t.clock.advance(1000);
    await recordAudit(t.database.db, t.clock, { actorId: adminId, action: 'test.targets', target: adminId });
    await recordAudit(t.database.db, t.clock, { actorId: adminId, action: 'test.targets', target: lead!.id });
    await recordAudit(t.database.db, t.clock, { actorId: adminId, action: 'test.targets', target: gone });
    const items = ((await auditLogPage('?action=test.targets', admin)).json().items as Entry[]).map((entry) => [entry.target, entry.target_label]);
    expect(items).toEqual(
      expect.arrayContaining([
        [adminId, 'user admin@demo.myeai.local'],
        [lead!.id, 'lead Lena Lead'],
        [gone, null],
      ]),
    );
    expect(items).toHaveLength(3);
  });

  it('a system entry (no actor) has actor null; recordAudit in a rolled-back transaction leaves nothing', async () => {
    t.clock.advance(1000);
    await recordAudit(t.database.db, t.clock, { actorId: null, action: 'system.check', target: null });
    const [latest] = (await auditLogPage('', admin)).json().items as Entry[];
    expect(latest).toMatchObject({ action: 'system.check', actor: null, target: null, details: null });

    await expect(
      t.database.db.transaction(async (tx) => {
        await recordAudit(tx, t.clock, { actorId: adminId, action: 'system.rolled_back' });
        throw new Error('write failed');
      }),
    ).rejects.toThrow('write failed');
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'system.rolled_back'))).toHaveLength(0);
  });

  it('pages newest first by cursor: every entry once, none repeated, also when entries share a timestamp', async () => {
    t.clock.advance(1000);
    for (let i = 0; i < 5; i += 1) await recordAudit(t.database.db, t.clock, { actorId: adminId, action: 'test.same_time', target: `t${i}`, details: { i } });
    t.clock.advance(1000);
    await recordAudit(t.database.db, t.clock, { actorId: adminId, action: 'test.later', target: 'last' });

    // Every entry, by pages of `limit` (the demo seed's own entries are more than one page of 100).
    const pages = async (limit: number): Promise<Entry[]> => {
      const entries: Entry[] = [];
      let cursor: string | null = null;
      do {
        const response = await auditLogPage(`?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, admin);
        expect(response.statusCode).toBe(200);
        const page = response.json() as { items: Entry[]; next_cursor: string | null };
        expect(page.items.length).toBeLessThanOrEqual(limit);
        entries.push(...page.items);
        cursor = page.next_cursor;
      } while (cursor);
      return entries;
    };
    const all = await pages(100);
    expect(all[0]).toMatchObject({ action: 'test.later' });
    const seen = (await pages(2)).map((entry) => entry.id);
    expect(seen).toEqual(all.map((entry) => entry.id));
    expect(new Set(seen).size).toBe(seen.length);
    const times = all.map((entry) => entry.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by action', async () => {
    const page = (await auditLogPage('?action=test.same_time', admin)).json() as { items: Entry[] };
    expect(page.items).toHaveLength(5);
    expect(page.items.every((entry) => entry.action === 'test.same_time')).toBe(true);
    expect((await auditLogPage('?action=nothing.like.this', admin)).json()).toEqual({ items: [], next_cursor: null });
  });

  it('is admin only and validates its query', async () => {
    expect((await auditLogPage()).statusCode).toBe(401);
    for (const role of ['affiliate', 'trader', 'investor', 'subscriber', 'subscriber_free', 'newcomer'] as const) {
      const response = await auditLogPage('', await t.signInAs(role));
      expect(response.statusCode, role).toBe(403);
    }
    expect((await auditLogPage('?limit=101', admin)).statusCode).toBe(400);
    expect((await auditLogPage('?cursor=garbage', admin)).statusCode).toBe(400);
    const forged = Buffer.from('2026-01-01T00:00:00.000Z|not-a-uuid').toString('base64url');
    expect((await auditLogPage(`?cursor=${forged}`, admin)).statusCode).toBe(400);
  });
});
