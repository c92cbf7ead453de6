import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '@myeai/db';
import { ESSENTIAL_MAIL_FOOTER } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { enqueueMail } from '../../mail/index.ts';
import { createNotification } from '../../notifications/index.ts';

const AFFILIATE = 'affiliate@demo.myeai.local';

/** A real SMTP server (the smtp-server library, as the mail tests use) recording raw messages. */
async function startSmtpServer() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function header(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

describe.each(testDatabaseKinds())('one-click unsubscribe on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let userId: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(kind, { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, publicUrl: 'https://myeai.example' });
    await t.clearQueues();
    userId = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, AFFILIATE)))[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const notify = (type: 'commission' | 'trading_alert', title: string) =>
    createNotification(t.database.db, t.clock, { userId, type, title, message: `${title} happened.` });
  const sentRow = async (subject: string) => (await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.subject, subject))))[0]!;
  const settings = async (cookie: string) => (await t.inject({ method: 'GET', url: '/api/notifications/settings', cookie })).json();

  it('a notification e-mail leaves with a signed link in its footer and the RFC 8058 headers pointing to the POST endpoint', async () => {
    await notify('commission', 'Commission earned');
    await t.runJobs();
    const raw = smtp.received.find((message) => header(message, 'subject') === 'Commission earned')!;
    expect(raw).toBeDefined();
    expect(header(raw, 'list-unsubscribe')).toMatch(/^<https:\/\/myeai\.example\/api\/unsubscribe\?token=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}>$/);
    expect(header(raw, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const row = await sentRow('Commission earned');
    expect(row.textBody).toMatch(/Turn them off with one click: https:\/\/myeai\.example\/api\/unsubscribe\?token=/);
    expect(row.headers).toEqual({ 'List-Unsubscribe': expect.stringMatching(/^</), 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('an essential e-mail has no such headers and says why it cannot be unsubscribed', async () => {
    await enqueueMail(t.database.db, t.clock, { userId, kind: 'account.deletion_scheduled', to: AFFILIATE, subject: 'Security notice', text: 'Something about your account.' });
    await t.runJobs();
    const raw = smtp.received.find((message) => header(message, 'subject') === 'Security notice')!;
    expect(header(raw, 'list-unsubscribe')).toBeUndefined();
    expect((await sentRow('Security notice')).textBody).toContain(ESSENTIAL_MAIL_FOOTER);
  });

  it('the link shows what it turns off, a tampered one is refused with 400, and a one-click POST turns off that category only', async () => {
    const cookie = await t.signIn(AFFILIATE);
    const row = await sentRow('Commission earned');
    const token = /\/unsubscribe\?token=([^\s]+)/.exec(row.textBody)![1]!;

    const view = await t.inject({ method: 'GET', url: `/api/unsubscribe?token=${token}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual({ category: 'email_notifications', label: 'notification e-mails', email: 'a***@demo.myeai.local', subscribed: true });

    // A click in the mail: the confirm page, whose button posts the same URL.
    const page = await t.inject({ method: 'GET', url: `/api/unsubscribe?token=${token}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Stop sending notification e-mails to a***@demo.myeai.local?');
    expect(page.body).toContain(`<form method="post" action="/api/unsubscribe?token=${token}">`);

    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const refusedPage = await t.inject({ method: 'GET', url: `/api/unsubscribe?token=${tampered}`, headers: { accept: 'text/html' } });
    expect(refusedPage.statusCode).toBe(400);
    expect(refusedPage.body).toContain('This unsubscribe link is not valid');
    for (const method of ['GET', 'POST'] as const) {
      const refused = await t.inject({ method, url: `/api/unsubscribe?token=${tampered}` });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toContain('This unsubscribe link is not valid');
    }
    expect((await settings(cookie)).email_notifications).toBe(true);

    // What a mail client sends (RFC 8058 section 3.1): a form body, no session, no Origin.
    const done = await t.inject({ method: 'POST', url: `/api/unsubscribe?token=${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(done.statusCode).toBe(200);
    expect(done.json().subscribed).toBe(false);
    const after = await settings(cookie);
    expect(after.email_notifications).toBe(false);
    expect(after.trading_alerts_email).toBe(true);
    expect(after.commission_alerts).toBe(true);
    // Repeating it changes nothing and still answers 200.
    expect((await t.inject({ method: 'POST', url: `/api/unsubscribe?token=${token}` })).statusCode).toBe(200);
  });

  it('a trading alert links to its own category', async () => {
    const cookie = await t.signIn(AFFILIATE);
    await t.inject({ method: 'PUT', url: '/api/notifications/settings', cookie, payload: { ...(await settings(cookie)), email_notifications: true } });
    await notify('trading_alert', 'EUR/USD turned long');
    await t.runJobs();
    const row = await sentRow('EUR/USD turned long');
    const token = /\/unsubscribe\?token=([^\s]+)/.exec(row.textBody)![1]!;
    expect((await t.inject({ method: 'POST', url: `/api/unsubscribe?token=${token}` })).json()).toMatchObject({ category: 'trading_alerts_email', subscribed: false });
    const after = await settings(cookie);
    expect(after.trading_alerts_email).toBe(false);
    expect(after.email_notifications).toBe(true);
  });
});
