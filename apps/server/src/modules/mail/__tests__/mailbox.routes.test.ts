import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailOutbox, users } from '@myeai/db';
import { createSession, SESSION_COOKIE } from '../../auth/index.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { enqueueMail, OutboxTransport } from '../index.ts';

describe.each(testDatabaseKinds())('outbox and admin mailbox on %s (demo mode)', (kind) => {
  let t: TestApp;
  let admin: string;
  const mailbox = (query = '', cookie?: string) => t.inject({ method: 'GET', url: `/api/admin/mailbox${query}`, cookie });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.clearQueues();
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  it('without SMTP_URL mail stays in the outbox: the job marks it sent and the admin reads it in the mailbox', async () => {
    expect(t.app.deps.mailer).toBeInstanceOf(OutboxTransport);
    const [affiliate] = await t.database.db.select().from(users).where(eq(users.email, 'affiliate@demo.myeai.local'));
    const { id } = await enqueueMail(t.database.db, t.clock, {
      userId: affiliate!.id,
      kind: 'commission',
      to: 'affiliate@demo.myeai.local',
      subject: 'You earned a commission',
      text: 'You earned $12.50.',
      html: '<p>You earned <b>$12.50</b>.</p>',
    });
    const listedBefore = (await mailbox('', admin)).json();
    expect(listedBefore.items[0]).toMatchObject({ id, status: 'queued', sent_at: null });

    expect(await t.runJobs()).toBe(1);
    const response = await mailbox('', admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().items[0]).toEqual({
      id,
      kind: 'commission',
      to: 'affiliate@demo.myeai.local',
      subject: 'You earned a commission',
      status: 'sent',
      attempts: 1,
      last_error: null,
      created_at: t.clock.now().toISOString(),
      sent_at: t.clock.now().toISOString(),
    });
    const one = await t.inject({ method: 'GET', url: `/api/admin/mailbox/${id}`, cookie: admin });
    expect(one.statusCode).toBe(200);
    // The body as queued, then the footer every e-mail carries (decision 059).
    expect(one.json()).toMatchObject({ id, text: expect.stringMatching(/^You earned \$12\.50\.\n/), html: expect.stringMatching(/^<p>You earned <b>\$12\.50<\/b>\.<\/p><hr>/) });
  });

  it('pages the mailbox newest first by cursor', async () => {
    for (let i = 1; i <= 4; i += 1) {
      t.clock.advance(1000);
      await enqueueMail(t.database.db, t.clock, { kind: 'test', to: `p${i}@example.com`, subject: `Page ${i}`, text: `Body ${i}` });
    }
    const first = (await mailbox('?limit=2', admin)).json();
    expect(first.items.map((m: { subject: string }) => m.subject)).toEqual(['Page 4', 'Page 3']);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await mailbox(`?limit=2&cursor=${first.next_cursor}`, admin)).json();
    expect(second.items.map((m: { subject: string }) => m.subject)).toEqual(['Page 2', 'Page 1']);
    const third = (await mailbox(`?limit=2&cursor=${second.next_cursor}`, admin)).json();
    expect(third.items.map((m: { subject: string }) => m.subject)).toEqual(['You earned a commission']);
    expect(third.next_cursor).toBeNull();
    expect((await mailbox('?cursor=not-a-cursor', admin)).statusCode).toBe(400);
    expect((await mailbox('?limit=0', admin)).statusCode).toBe(400);
  });

  it('is for admins only, and an unknown message is 404', async () => {
    expect((await mailbox('')).statusCode).toBe(401);
    expect((await mailbox('', await t.signInAs('affiliate'))).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(mailOutbox).limit(1);
    expect((await t.inject({ method: 'GET', url: `/api/admin/mailbox/${row!.id}`, cookie: await t.signInAs('subscriber') })).statusCode).toBe(403);
    const unknown = await t.inject({ method: 'GET', url: '/api/admin/mailbox/00000000-0000-4000-8000-000000000000', cookie: admin });
    expect(unknown.statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/admin/mailbox/42', cookie: admin })).statusCode).toBe(400);
  });

  it('transactional outbox: a mail enqueued in a transaction that rolls back leaves neither row nor job', async () => {
    const mailsBefore = await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox);
    const jobsBefore = await t.database.db.select({ id: jobs.id }).from(jobs);
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueMail(tx, t.clock, { kind: 'test', to: 'ghost@example.com', subject: 'Never', text: 'Rolled back.' });
        throw new Error('the business write failed');
      }),
    ).rejects.toThrow('the business write failed');
    expect(await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox)).toEqual(mailsBefore);
    expect(await t.database.db.select({ id: jobs.id }).from(jobs)).toEqual(jobsBefore);
  });

  it.each([
    { name: 'a recipient with a line break and Bcc', mail: { to: 'a@example.com\r\nBcc: victim@example.com' } },
    { name: 'two recipients', mail: { to: 'a@example.com, b@example.com' } },
    { name: 'not an address', mail: { to: 'nobody' } },
    { name: 'a subject with a line break', mail: { subject: 'Hi\r\nBcc: victim@example.com' } },
  ])('refuses $name and writes nothing', async ({ mail }) => {
    const before = await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox);
    await expect(enqueueMail(t.database.db, t.clock, { kind: 'test', to: 'ok@example.com', subject: 'Hi', text: 'x', ...mail })).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox)).toEqual(before);
  });
});

describe.each(testDatabaseKinds())('admin mailbox with demo mode off on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { demoMode: false });
    await t.clearQueues();
  });
  afterAll(() => t.close());

  it('does not exist: 404 even for an admin, while the other admin endpoints still answer', async () => {
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'admin@demo.myeai.local'));
    const { token } = await createSession(t.database.db, t.clock, { userId: admin!.id, method: 'password', userAgent: undefined, ttlDays: 1 });
    const cookie = `${SESSION_COOKIE}=${token}`;
    const { id } = await enqueueMail(t.database.db, t.clock, { kind: 'test', to: 'x@example.com', subject: 'Hidden', text: 'Not browsable.' });
    for (const url of ['/api/admin/mailbox', `/api/admin/mailbox/${id}`]) {
      const response = await t.inject({ method: 'GET', url, cookie });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    expect((await t.inject({ method: 'GET', url: '/api/admin/audit-log', cookie })).statusCode).toBe(200);
    expect(t.app.accessTable.some((route) => route.url.startsWith('/api/admin/mailbox'))).toBe(false);
  });
});
