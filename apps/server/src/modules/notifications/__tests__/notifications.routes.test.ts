import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, notifications, users } from '@myeai/db';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { getUserByEmail } from '../../auth/index.ts';
import { createNotification } from '../notifications.service.ts';

describe.each(testDatabaseKinds())('notifications on %s', (kind) => {
  let t: TestApp;
  let affiliateId: string;
  let traderId: string;
  let affiliate: string;
  let trader: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    // The demo seed notifies its accounts (commissions, cell payouts, goals): these tests count
    // notifications they create themselves, so they start from none.
    await t.database.db.delete(notifications);
    affiliateId = (await getUserByEmail(t.database.db, 'affiliate@demo.myeai.local'))!.id;
    traderId = (await getUserByEmail(t.database.db, 'trader@demo.myeai.local'))!.id;
    affiliate = await t.signIn('affiliate@demo.myeai.local');
    trader = await t.signIn('trader@demo.myeai.local');
    admin = await t.signIn('admin@demo.myeai.local');
  });
  afterAll(() => t.close());

  const notify = (userId: string, type: Parameters<typeof createNotification>[2]['type'], title: string) => {
    t.clock.advance(1000);
    return createNotification(t.database.db, t.clock, { userId, type, title, message: `${title} message` });
  };
  const list = async (cookie: string, query = '') => {
    const response = await t.inject({ method: 'GET', url: `/api/notifications${query}`, cookie });
    expect(response.statusCode).toBe(200);
    return response.json() as { items: { id: string; title: string; read: boolean; type: string }[]; unread_count: number; next_cursor: string | null };
  };

  it('lists the user’s own notifications newest first, in pages, with the unread count', async () => {
    for (let i = 1; i <= 25; i += 1) await notify(affiliateId, 'system', `System ${i}`);
    await notify(traderId, 'system', 'For the trader only');
    const first = await list(affiliate, '?limit=10');
    expect(first.items.map((n) => n.title)).toEqual(Array.from({ length: 10 }, (_, i) => `System ${25 - i}`));
    expect(first.unread_count).toBe(25);
    const second = await list(affiliate, `?limit=10&cursor=${first.next_cursor}`);
    const third = await list(affiliate, `?limit=10&cursor=${second.next_cursor}`);
    expect(second.items[0]!.title).toBe('System 15');
    expect(third.items.map((n) => n.title)).toEqual(['System 5', 'System 4', 'System 3', 'System 2', 'System 1']);
    expect(third.next_cursor).toBeNull();
    expect((await list(trader)).items.map((n) => n.title)).toEqual(['For the trader only']);
  });

  it('filters by unread and by type on the server', async () => {
    await notify(affiliateId, 'commission', 'Commission earned');
    await notify(affiliateId, 'reminder', 'Follow up with Dana');
    await notify(affiliateId, 'vote_reminder', 'Vote closes soon');
    expect((await list(affiliate, '?filter=commission')).items.map((n) => n.title)).toEqual(['Commission earned']);
    expect((await list(affiliate, '?filter=reminders')).items.map((n) => n.title)).toEqual(['Vote closes soon', 'Follow up with Dana']);
    expect((await list(affiliate, '?filter=achievement')).items).toEqual([]);
    expect((await t.inject({ method: 'GET', url: '/api/notifications?filter=bogus', cookie: affiliate })).statusCode).toBe(400);
  });

  it('marks one read, refuses another user’s notification with 404, marks all read and deletes', async () => {
    const [newest] = (await list(affiliate)).items;
    const traderOwn = (await list(trader)).items[0]!;
    const read = await t.inject({ method: 'PUT', url: `/api/notifications/${newest!.id}/read`, cookie: affiliate });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: newest!.id, read: true });

    expect((await t.inject({ method: 'PUT', url: `/api/notifications/${traderOwn.id}/read`, cookie: affiliate })).statusCode).toBe(404);
    expect((await t.inject({ method: 'DELETE', url: `/api/notifications/${traderOwn.id}`, cookie: affiliate })).statusCode).toBe(404);
    expect((await list(trader)).items[0]).toMatchObject({ id: traderOwn.id, read: false });

    const before = (await list(affiliate)).unread_count;
    const all = await t.inject({ method: 'PUT', url: '/api/notifications/read-all', cookie: affiliate });
    expect(all.json()).toEqual({ status: 'success', updated: before });
    expect((await list(affiliate)).unread_count).toBe(0);
    expect((await list(trader)).unread_count).toBe(1);

    expect((await t.inject({ method: 'DELETE', url: `/api/notifications/${newest!.id}`, cookie: affiliate })).statusCode).toBe(204);
    expect((await list(affiliate)).items.some((n) => n.id === newest!.id)).toBe(false);
    expect((await t.inject({ method: 'DELETE', url: `/api/notifications/${newest!.id}`, cookie: affiliate })).statusCode).toBe(404);
  });

  it('saves the settings and honours them: a type switched off is neither stored nor e-mailed', async () => {
    const defaults = await t.inject({ method: 'GET', url: '/api/notifications/settings', cookie: trader });
    expect(defaults.json()).toEqual({ commission_alerts: true, goal_milestones: true, lead_activity: true, follow_up_reminders: true, email_notifications: true, trading_alerts: true, trading_alerts_email: true });
    const mailsTo = async () => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, traderId))).map((m) => m.subject);

    expect(await notify(traderId, 'commission', 'Commission on')).not.toBeNull();
    expect(await mailsTo()).toContain('Commission on');

    const off = { commission_alerts: false, goal_milestones: true, lead_activity: true, follow_up_reminders: true, email_notifications: true, trading_alerts: true, trading_alerts_email: false };
    const saved = await t.inject({ method: 'PUT', url: '/api/notifications/settings', cookie: trader, payload: off });
    expect(saved.json()).toEqual(off);
    expect((await t.inject({ method: 'GET', url: '/api/notifications/settings', cookie: trader })).json()).toEqual(off);
    expect(await notify(traderId, 'commission', 'Commission off')).toBeNull();
    expect(await mailsTo()).not.toContain('Commission off');
    expect((await list(trader, '?filter=commission')).items.map((n) => n.title)).toEqual(['Commission on']);

    await t.inject({ method: 'PUT', url: '/api/notifications/settings', cookie: trader, payload: { ...off, email_notifications: false } });
    expect(await notify(traderId, 'achievement', 'Goal reached, no e-mail')).not.toBeNull();
    expect(await mailsTo()).not.toContain('Goal reached, no e-mail');
    expect((await t.inject({ method: 'PUT', url: '/api/notifications/settings', cookie: trader, payload: { commission_alerts: 'no' } })).statusCode).toBe(400);
  });

  it('lets an admin send a system notification to one role through the job queue, once, audited', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/admin/notifications',
      cookie: admin,
      payload: { title: 'Maintenance tonight', message: 'The platform restarts at 22:00 UTC.', audience: { kind: 'role', role: 'affiliate' } },
    });
    expect(response.statusCode).toBe(202);
    const { job_id: jobId } = response.json() as { job_id: number };
    expect((await list(affiliate)).items[0]?.title).not.toBe('Maintenance tonight');
    await t.runJobs();
    const recipients = await t.database.db.select({ userId: notifications.userId }).from(notifications).where(eq(notifications.title, 'Maintenance tonight'));
    const affiliates = (await t.database.db.select({ id: users.id, roles: users.roles }).from(users)).filter((u) => u.roles.includes('affiliate')).map((u) => u.id);
    expect(affiliates).toEqual(expect.arrayContaining([affiliateId, (await getUserByEmail(t.database.db, 'multi@demo.myeai.local'))!.id]));
    expect(recipients.map((r) => r.userId).sort()).toEqual(affiliates.sort());
    expect((await list(trader)).items.some((n) => n.title === 'Maintenance tonight')).toBe(false);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'notifications.broadcast'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ jobId, audience: { kind: 'role', role: 'affiliate' } });

    const invalid = await t.inject({ method: 'POST', url: '/api/admin/notifications', cookie: admin, payload: { title: '', message: 'x', audience: { kind: 'all' } } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe('Enter a title.');
  });

  it('never notifies a user twice for the same source key (a retried fan-out)', async () => {
    const first = await createNotification(t.database.db, t.clock, { userId: traderId, type: 'system', title: 'Once', message: 'x', sourceKey: 'k1' });
    const again = await createNotification(t.database.db, t.clock, { userId: traderId, type: 'system', title: 'Once', message: 'x', sourceKey: 'k1' });
    expect(first).not.toBeNull();
    expect(again).toBeNull();
    expect((await list(trader)).items.filter((n) => n.title === 'Once')).toHaveLength(1);
  });
});
