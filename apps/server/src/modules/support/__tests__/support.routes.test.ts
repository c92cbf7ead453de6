import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, notifications, supportRequests, users } from '@myeai/db';
import type { AdminSupportPage, Notification, SupportRequest } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { seedDemoSubscription } from '../../subscriptions/index.ts';

describe.each(testDatabaseKinds())('support requests on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let affiliate: string;
  let subscriber: string;
  let weekly: string;
  let adminId: string;
  let affiliateId: string;

  const idOf = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  const send = (cookie: string, payload: unknown) => t.inject({ method: 'POST', url: '/api/support/requests', cookie, payload: payload as object });
  const adminList = (query = '') => t.inject({ method: 'GET', url: `/api/admin/support/requests${query}`, cookie: admin });
  const countRequests = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(supportRequests))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
    affiliate = await t.signInAs('affiliate');
    subscriber = await t.signIn('subscriber@demo.myeai.local'); // 52-week plan: priority support
    weekly = await t.signInAs('investor');
    await seedDemoSubscription(t.database.db, t.clock, { email: 'investor@demo.myeai.local', plan: 'weekly' }); // no priority support
    adminId = await idOf('admin@demo.myeai.local');
    affiliateId = await idOf('affiliate@demo.myeai.local');
    await t.clearQueues();
  });
  afterAll(() => t.close());

  it('a request reaches every admin as a live notification and is audited; the user sees it on their list', async () => {
    t.clock.advance(1000);
    const response = await send(affiliate, { subject: '  Payout question ', message: 'When is my next payout, please?' });
    expect(response.statusCode).toBe(201);
    const created = response.json() as SupportRequest;
    expect(created).toMatchObject({ subject: 'Payout question', message: 'When is my next payout, please?', status: 'open', priority: false, answer: null });

    const bell = (await t.inject({ method: 'GET', url: '/api/notifications', cookie: admin })).json() as { items: Notification[] };
    expect(bell.items[0]).toMatchObject({ type: 'system', title: 'Support request: Payout question', action_required: true, data: { support_request_id: created.id } });
    const admins = await t.database.db.select({ id: users.id }).from(users).where(sql`'admin' = any(${users.roles})`);
    const delivered = await t.database.db.select().from(notifications).where(sql`${notifications.data}->>'support_request_id' = ${created.id}`);
    expect(delivered.map((n) => n.userId).sort()).toEqual(admins.map((a) => a.id).sort());

    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'support.requested'), eq(auditLog.target, created.id)));
    expect(audit).toMatchObject({ actorId: affiliateId, details: { subject: 'Payout question', priority: false } });

    const mine = (await t.inject({ method: 'GET', url: '/api/support/requests', cookie: affiliate })).json() as { items: SupportRequest[] };
    expect(mine.items.map((r) => r.id)).toEqual([created.id]);
  });

  it('bad input is a 400 with a clear message and stores nothing', async () => {
    const before = await countRequests();
    const cases: [unknown, string][] = [
      [{ subject: 'Hi', message: 'A long enough message.' }, 'Enter a subject of at least 3 characters.'],
      [{ subject: 'Question', message: 'short' }, 'Describe your request in at least 10 characters.'],
      [{ subject: 'Line\nbreak', message: 'A long enough message.' }, 'The subject must fit on one line.'],
      [{ subject: 'Question', message: 'A long enough\u0007 message.' }, 'The message contains characters that are not allowed.'],
      [{ subject: 'x'.repeat(121), message: 'A long enough message.' }, 'Keep the subject under 121 characters.'],
      [{ message: 'A long enough message.' }, 'Enter a subject.'],
    ];
    for (const [payload, message] of cases) {
      const response = await send(affiliate, payload);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(message);
    }
    expect(await countRequests()).toBe(before);
    expect((await t.inject({ method: 'POST', url: '/api/support/requests', payload: { subject: 'Question', message: 'A long enough message.' } })).statusCode).toBe(401);
  });

  it('plan holders with priority support are flagged and listed first; other plans and no plan follow, oldest first', async () => {
    t.clock.advance(1000);
    const fromWeekly = (await send(weekly, { subject: 'Weekly plan question', message: 'How do I pick my assets?' })).json() as SupportRequest;
    t.clock.advance(1000);
    const fromSubscriber = (await send(subscriber, { subject: 'Priority question', message: 'Can I see the breakdown?' })).json() as SupportRequest;
    expect(fromWeekly.priority).toBe(false);
    expect(fromSubscriber.priority).toBe(true);

    const page = (await adminList('?status=open')).json() as AdminSupportPage;
    expect(page.items[0]).toMatchObject({ id: fromSubscriber.id, priority: true, user: { email: 'subscriber@demo.myeai.local' } });
    expect(page.items.slice(1).every((r) => !r.priority)).toBe(true);
    const order = page.items.map((r) => r.subject);
    expect(order.indexOf('Payout question')).toBeLessThan(order.indexOf('Weekly plan question'));
    expect(page.open_count).toBe(await countRequests());

    const bell = (await t.inject({ method: 'GET', url: '/api/notifications', cookie: admin })).json() as { items: Notification[] };
    expect(bell.items[0]!.title).toBe('Priority support request: Priority question');

    // Paging by cursor: every request once, in the same order.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const next = (await adminList(`?status=open&limit=1${cursor ? `&cursor=${cursor}` : ''}`)).json() as AdminSupportPage;
      seen.push(...next.items.map((r) => r.id));
      cursor = next.next_cursor;
    } while (cursor);
    expect(seen).toEqual(page.items.map((r) => r.id));
    expect((await adminList('?cursor=nonsense')).statusCode).toBe(400);
  });

  it('an admin answers: the user gets a notification and an e-mail, sees the answer on their list; a second answer is 409', async () => {
    const [request] = await t.database.db.select().from(supportRequests).where(eq(supportRequests.subject, 'Payout question'));
    t.clock.advance(1000);
    const response = await t.inject({ method: 'POST', url: `/api/admin/support/requests/${request!.id}/answer`, cookie: admin, payload: { answer: 'Payouts run weekly; yours arrives in 3-5 business days.' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'answered', answer: 'Payouts run weekly; yours arrives in 3-5 business days.', answered_at: t.clock.now().toISOString() });

    const bell = (await t.inject({ method: 'GET', url: '/api/notifications', cookie: affiliate })).json() as { items: Notification[] };
    expect(bell.items[0]).toMatchObject({ type: 'system', title: 'Support answered: Payout question', message: 'Payouts run weekly; yours arrives in 3-5 business days.' });
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'affiliate@demo.myeai.local'));
    expect(mails.map((m) => m.subject)).toContain('Support answered: Payout question');

    const mine = (await t.inject({ method: 'GET', url: '/api/support/requests', cookie: affiliate })).json() as { items: SupportRequest[] };
    expect(mine.items[0]).toMatchObject({ id: request!.id, status: 'answered', answer: 'Payouts run weekly; yours arrives in 3-5 business days.' });

    const answered = (await adminList('?status=answered')).json() as AdminSupportPage;
    expect(answered.items[0]).toMatchObject({ id: request!.id, answered_by: { id: adminId, name: 'Ada Admin' } });
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'support.answered'), eq(auditLog.target, request!.id)));
    expect(audit).toMatchObject({ actorId: adminId, details: { requester: affiliateId } });

    const again = await t.inject({ method: 'POST', url: `/api/admin/support/requests/${request!.id}/answer`, cookie: admin, payload: { answer: 'Another answer.' } });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('This request has already been answered.');
    const [stored] = await t.database.db.select().from(supportRequests).where(eq(supportRequests.id, request!.id));
    expect(stored!.answer).toBe('Payouts run weekly; yours arrives in 3-5 business days.');
  });

  it('the e-mail of the answer follows the user settings: e-mail notifications off, no mail, still the bell', async () => {
    const settings = (await t.inject({ method: 'GET', url: '/api/notifications/settings', cookie: weekly })).json() as Record<string, boolean>;
    const put = await t.inject({ method: 'PUT', url: '/api/notifications/settings', cookie: weekly, payload: { ...settings, email_notifications: false } });
    expect(put.statusCode).toBe(200);
    await t.clearQueues();
    const [request] = await t.database.db.select().from(supportRequests).where(eq(supportRequests.subject, 'Weekly plan question'));
    expect((await t.inject({ method: 'POST', url: `/api/admin/support/requests/${request!.id}/answer`, cookie: admin, payload: { answer: 'Open the Trading Compass and choose Pick assets.' } })).statusCode).toBe(200);
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(0);
    const bell = (await t.inject({ method: 'GET', url: '/api/notifications', cookie: weekly })).json() as { items: Notification[] };
    expect(bell.items[0]!.title).toBe('Support answered: Weekly plan question');
  });

  it('only admins list and answer; an unknown request is 404; users see only their own requests', async () => {
    const [request] = await t.database.db.select().from(supportRequests).where(eq(supportRequests.subject, 'Priority question'));
    for (const cookie of [affiliate, subscriber, weekly]) {
      expect((await t.inject({ method: 'GET', url: '/api/admin/support/requests', cookie })).statusCode).toBe(403);
      expect((await t.inject({ method: 'POST', url: `/api/admin/support/requests/${request!.id}/answer`, cookie, payload: { answer: 'Hi' } })).statusCode).toBe(403);
    }
    const [stored] = await t.database.db.select().from(supportRequests).where(eq(supportRequests.id, request!.id));
    expect(stored!.status).toBe('open');
    const unknown = await t.inject({ method: 'POST', url: '/api/admin/support/requests/00000000-0000-4000-8000-000000000000/answer', cookie: admin, payload: { answer: 'Hi' } });
    expect(unknown.statusCode).toBe(404);
    const mine = (await t.inject({ method: 'GET', url: '/api/support/requests', cookie: affiliate })).json() as { items: SupportRequest[] };
    expect(mine.items.map((r) => r.subject)).toEqual(['Payout question']);
  });
});
