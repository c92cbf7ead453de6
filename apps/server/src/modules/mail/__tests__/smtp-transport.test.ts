import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailOutbox } from '@myeai/db';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { enqueueMail, SmtpTransport } from '../index.ts';

type Received = { from: string; rcptTo: string[]; user: string | undefined; raw: string };

/** A real SMTP server (the smtp-server library) on a random local port, recording what it accepts. */
async function startSmtpServer() {
  const received: Received[] = [];
  const state = { rejectRecipients: false };
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret pass') return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(_address, _session, callback) {
      if (state.rejectRecipients) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        return callback(error);
      }
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, state, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Header value (unfolded) and body of a raw RFC 5322 message. */
function parse(raw: string): { header: (name: string) => string | undefined; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { header: (name) => headers.get(name.toLowerCase()), body: raw.slice(split + 4) };
}

describe.each(testDatabaseKinds())('mail through a real SMTP server on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  const outbox = async (id: string) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
  const mailJob = async (id: string) => (await t.database.db.select().from(jobs).where(eq(jobs.dedupeKey, `mail:${id}`)))[0]!;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(kind, { smtpUrl: `smtp://mailer:${encodeURIComponent('s3cret pass')}@127.0.0.1:${smtp.port}`, mailFrom: 'MYEAI <no-reply@myeai.test>' });
    await t.clearQueues();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('uses the SMTP adapter when SMTP_URL is set', () => {
    expect(t.app.deps.mailer).toBeInstanceOf(SmtpTransport);
  });

  it('delivers an enqueued mail: the server receives to, subject and body, and the outbox row is sent', async () => {
    const { id } = await enqueueMail(t.database.db, t.clock, {
      kind: 'welcome',
      to: 'Ada@Example.com',
      subject: 'Welcome to MYEAI',
      text: 'Hello Ada,\nyour account is ready.\n',
    });
    expect(await outbox(id)).toMatchObject({ status: 'queued', toAddress: 'ada@example.com', sentAt: null });
    expect(smtp.received).toHaveLength(0);

    expect(await t.runJobs()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message).toMatchObject({ from: 'no-reply@myeai.test', rcptTo: ['ada@example.com'], user: 'mailer' });
    const parsed = parse(message!.raw);
    expect(parsed.header('to')).toBe('ada@example.com');
    expect(parsed.header('from')).toBe('MYEAI <no-reply@myeai.test>');
    expect(parsed.header('subject')).toBe('Welcome to MYEAI');
    expect(parsed.body.replace(/\r\n/g, '\n')).toContain('Hello Ada,\nyour account is ready.');

    expect(await outbox(id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null, sentAt: t.clock.now() });
    expect(await mailJob(id)).toMatchObject({ status: 'succeeded' });
  });

  it('a mail with an HTML part carries both parts', async () => {
    smtp.received.length = 0;
    await enqueueMail(t.database.db, t.clock, { kind: 'digest', to: 'bo@example.com', subject: 'Digest', text: 'Plain digest', html: '<p>HTML digest</p>' });
    expect(await t.runJobs()).toBe(1);
    const parsed = parse(smtp.received[0]!.raw);
    expect(parsed.header('content-type')).toMatch(/^multipart\/alternative/);
    expect(parsed.body).toContain('Plain digest');
    expect(parsed.body).toContain('<p>HTML digest</p>');
  });

  it('a server that rejects the recipient leaves the mail queued with the error, and the job is retried until it goes through', async () => {
    smtp.received.length = 0;
    smtp.state.rejectRecipients = true;
    const { id } = await enqueueMail(t.database.db, t.clock, { kind: 'welcome', to: 'cy@example.com', subject: 'Rejected first', text: 'Second try works.' });

    expect(await t.runJobs()).toBe(1);
    expect(smtp.received).toHaveLength(0);
    const row = await outbox(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, sentAt: null });
    expect(row.lastError).toMatch(/Mailbox unavailable/);
    const job = await mailJob(id);
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job.lastError).toMatch(/Mailbox unavailable/);
    expect(job.runAt).toEqual(new Date(t.clock.now().getTime() + 10_000));

    smtp.state.rejectRecipients = false;
    expect(await t.runJobs()).toBe(0);
    t.clock.advance(10_000);
    expect(await t.runJobs()).toBe(1);
    expect(smtp.received.map((m) => m.rcptTo)).toEqual([['cy@example.com']]);
    expect(await outbox(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(await mailJob(id)).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('a mail already sent is not sent again when its job runs again', async () => {
    smtp.received.length = 0;
    const { id } = await enqueueMail(t.database.db, t.clock, { kind: 'welcome', to: 'di@example.com', subject: 'Once', text: 'Only once.' });
    expect(await t.runJobs()).toBe(1);
    const job = await mailJob(id);
    await t.database.db.update(jobs).set({ status: 'queued', runAt: t.clock.now() }).where(eq(jobs.id, job.id));
    expect(await t.runJobs()).toBe(1);
    expect(smtp.received).toHaveLength(1);
  });
});
