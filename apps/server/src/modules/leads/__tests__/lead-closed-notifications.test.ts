import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leads, liveEvents, mailOutbox, notifications } from '@myeai/db';
import { DEFAULT_NOTIFICATION_SETTINGS, type Lead, type LeadStage, type NotificationPage } from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { getUserByEmail } from '../../auth/index.ts';
import { multipartBody } from './multipart.ts';

describe.each(testDatabaseKinds())('lead closed notifications on %s', (kind) => {
  let t: TestApp;
  let affiliate: string;
  let affiliateId: string;
  let adminId: string;

  const create = async (name: string, stage: LeadStage = 'new') => {
    const response = await t.inject({ method: 'POST', url: '/api/leads', payload: { name, email: `${name.toLowerCase().replaceAll(' ', '.')}@x.io`, stage }, cookie: affiliate });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Lead;
  };
  const moveTo = (lead: Lead, stage: LeadStage) => t.inject({ method: 'PATCH', url: `/api/leads/${lead.id}/stage`, payload: { stage }, cookie: affiliate });
  const saveSettings = (changes: Partial<typeof DEFAULT_NOTIFICATION_SETTINGS>) =>
    t.inject({ method: 'PUT', url: '/api/notifications/settings', payload: { ...DEFAULT_NOTIFICATION_SETTINGS, ...changes }, cookie: affiliate });
  /** What the owner's notifications page shows under "leads". */
  const leadPage = async () => {
    const response = await t.inject({ method: 'GET', url: '/api/notifications?filter=leads', cookie: affiliate });
    expect(response.statusCode).toBe(200);
    return response.json() as NotificationPage;
  };
  const storedLeadNotifications = () => t.database.db.select().from(notifications).where(eq(notifications.type, 'lead'));
  const pushed = (userId: string) =>
    t.database.db.select().from(liveEvents).where(and(eq(liveEvents.userId, userId), eq(liveEvents.kind, 'notification.created')));
  const mailed = (userId: string) => t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, 'notification.lead')));
  const importCsv = async (csv: string, fields: Record<string, string> = {}) => {
    const { payload, headers } = multipartBody([...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', filename: 'leads.csv', content: csv }]);
    const response = await t.inject({ method: 'POST', url: '/api/leads/import/csv', payload, headers, cookie: affiliate });
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    affiliate = await t.signInAs('affiliate');
    affiliateId = (await getUserByEmail(t.database.db, 'affiliate@demo.myeai.local'))!.id;
    adminId = (await getUserByEmail(t.database.db, 'admin@demo.myeai.local'))!.id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.delete(leads);
    await t.database.db.delete(notifications);
    await t.database.db.delete(liveEvents);
    await t.clearQueues();
    expect((await saveSettings({})).statusCode).toBe(200);
  });

  it('moving a lead to closed notifies its owner once: stored, pushed live and e-mailed', async () => {
    const lead = await create('Ada Lovelace', 'itb');
    t.clock.advance(60_000);
    const moved = await moveTo(lead, 'closed');
    expect(moved.statusCode, moved.body).toBe(200);

    const page = await leadPage();
    expect(page.items).toEqual([
      {
        id: expect.any(String),
        type: 'lead',
        title: 'Lead closed',
        message: 'Ada Lovelace moved to Closed. Congratulations on the win!',
        data: { lead_id: lead.id, lead_name: 'Ada Lovelace' },
        action_required: false,
        read: false,
        created_at: new Date(TEST_NOW.getTime() + 60_000).toISOString(),
      },
    ]);
    expect(page.unread_count).toBe(1);
    const live = await pushed(affiliateId);
    expect(live).toHaveLength(1);
    expect(live[0]!.payload).toEqual(page.items[0]);
    expect((await mailed(affiliateId)).map((mail) => mail.subject)).toEqual(['Lead closed']);
    // Nobody else hears of it.
    expect(await pushed(adminId)).toEqual([]);
    expect(await storedLeadNotifications()).toHaveLength(1);
  });

  it('only a move into closed notifies: not closed -> closed, other stages, or a lead created or imported as closed', async () => {
    const lead = await create('Bob Smith', 'closed');
    await importCsv('Name,Email,Stage\nCarol Jones,carol@x.io,Closed\nDan Brown,dan@x.io,Closed\n');
    expect((await moveTo(lead, 'closed')).statusCode).toBe(200);
    const edit = await t.inject({ method: 'PUT', url: `/api/leads/${lead.id}`, payload: { name: 'Bob Smith Jr', email: 'bob.smith@x.io', stage: 'closed', source: 'manual', value_cents: 500 }, cookie: affiliate });
    expect(edit.statusCode, edit.body).toBe(200);
    const other = await create('Eve Adams');
    for (const stage of ['interested', 'qualified', 'positive', 'itb', 'lost', 'new'] as const) expect((await moveTo(other, stage)).statusCode).toBe(200);
    expect((await moveTo(lead, 'lost')).statusCode).toBe(200);

    expect(await storedLeadNotifications()).toEqual([]);
    expect(await pushed(affiliateId)).toEqual([]);
    expect(await mailed(affiliateId)).toEqual([]);

    // Reopened and closed again: a new win.
    expect((await moveTo(lead, 'closed')).statusCode).toBe(200);
    expect((await leadPage()).items.map((n) => n.message)).toEqual(['Bob Smith Jr moved to Closed. Congratulations on the win!']);
  });

  it('honours the settings: Lead Activity off stores, pushes and mails nothing; e-mail off still notifies in the app', async () => {
    const first = await create('Fay Green', 'positive');
    expect((await saveSettings({ lead_activity: false })).statusCode).toBe(200);
    expect((await moveTo(first, 'closed')).statusCode).toBe(200);
    expect(await storedLeadNotifications()).toEqual([]);
    expect(await pushed(affiliateId)).toEqual([]);
    expect(await mailed(affiliateId)).toEqual([]);
    expect((await leadPage()).items).toEqual([]);

    const second = await create('Gus Hill', 'positive');
    expect((await saveSettings({ email_notifications: false })).statusCode).toBe(200);
    expect((await moveTo(second, 'closed')).statusCode).toBe(200);
    expect((await leadPage()).items.map((n) => n.title)).toEqual(['Lead closed']);
    expect(await pushed(affiliateId)).toHaveLength(1);
    expect(await mailed(affiliateId)).toEqual([]);
  });

  it('an import that closes many leads sends one summary notification', async () => {
    const names = ['Ann One', 'Ben Two', 'Cat Three', 'Dov Four', 'Eli Five'];
    for (const name of names) await create(name, 'itb');
    const already = await create('Fin Six', 'closed');
    const csv = ['Name,Email,Stage', ...names.map((name) => `${name},${name.toLowerCase().replace(' ', '.')}@x.io,Closed`), `Fin Six,${already.email},Closed`, 'New Lead,new.lead@x.io,Closed'].join('\n');
    await importCsv(csv, { on_duplicate: 'update' });

    const page = await leadPage();
    expect(page.items.map(({ title, message, data }) => ({ title, message, data }))).toEqual([
      { title: '5 leads closed', message: 'Ann One, Ben Two, Cat Three and 2 more moved to Closed. Congratulations on the wins!', data: { lead_count: 5 } },
    ]);
    expect(await pushed(affiliateId)).toHaveLength(1);
    expect(await mailed(affiliateId)).toHaveLength(1);
  });

  it('a write that rolls back notifies nobody: no notification, no live push, no e-mail', async () => {
    const lead = await create('Hal Ives', 'itb');
    // Fails the transaction at commit, after the stage change and its notification were written.
    await t.database.db.execute(sql.raw("create function test_fail_at_commit() returns trigger language plpgsql as $$ begin raise exception 'simulated failure at commit'; end $$"));
    await t.database.db.execute(sql.raw('create constraint trigger test_fail_at_commit after update on leads deferrable initially deferred for each row execute function test_fail_at_commit()'));
    try {
      const moved = await moveTo(lead, 'closed');
      expect(moved.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger test_fail_at_commit on leads'));
      await t.database.db.execute(sql.raw('drop function test_fail_at_commit()'));
    }
    expect((await t.inject({ method: 'GET', url: `/api/leads/${lead.id}`, cookie: affiliate })).json()).toMatchObject({ stage: 'itb' });
    expect(await storedLeadNotifications()).toEqual([]);
    expect(await pushed(affiliateId)).toEqual([]);
    expect(await mailed(affiliateId)).toEqual([]);
    expect((await leadPage()).items).toEqual([]);

    // The same move, committed, does notify (the failure above is what kept it out).
    expect((await moveTo(lead, 'closed')).statusCode).toBe(200);
    expect((await leadPage()).items.map((n) => n.title)).toEqual(['Lead closed']);
    expect(await pushed(affiliateId)).toHaveLength(1);
  });
});
