import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';

/** A real SMTP server on a random local port, keeping each accepted message's recipients and raw text. */
async function startSmtpServer() {
  const received: { rcptTo: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ rcptTo: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The text of a raw message as a mail client shows it (quoted-printable soft breaks and escapes undone). */
const readable = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe.each(testDatabaseKinds())('password reset over SMTP on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(kind, { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'MYEAI <no-reply@myeai.test>', publicUrl: 'https://myeai.example' });
    await t.clearQueues();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** Runs jobs until none is due: the reset job queues the mail's send job. */
  const drain = async () => {
    while ((await t.runJobs()) > 0);
  };

  it('delivers the reset link built from PUBLIC_URL, and the "password changed" notice after the reset', async () => {
    const email = 'smtp.reset@example.com';
    const registered = await t.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Sam Tp', email, password: 'correct horse battery' }, remoteAddress: '10.29.8.1' });
    expect(registered.statusCode, registered.body).toBe(201);
    await drain();
    smtp.received.length = 0;

    const requested = await t.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email }, remoteAddress: '10.29.8.2', headers: { host: 'evil.example' } });
    expect(requested.statusCode).toBe(202);
    await drain();
    expect(smtp.received.map((message) => message.rcptTo)).toEqual([[email]]);
    const text = readable(smtp.received[0]!.raw);
    expect(text).toContain('Subject: Choose a new MYEAI password');
    // The link is PUBLIC_URL's, whatever Host the request claimed.
    const token = text.match(/https:\/\/myeai\.example\/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1];
    expect(token, text).toBeDefined();
    expect(text).not.toContain('evil.example');

    const confirmed = await t.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password: 'a new passphrase 8' }, remoteAddress: '10.29.8.3' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await drain();
    expect(smtp.received).toHaveLength(2);
    expect(readable(smtp.received[1]!.raw)).toContain('Subject: Your MYEAI password was changed');
    const signedIn = await t.inject({ method: 'POST', url: '/api/auth/password', payload: { email, password: 'a new passphrase 8' }, remoteAddress: '10.29.8.4' });
    expect(signedIn.statusCode).toBe(200);
  });
});
