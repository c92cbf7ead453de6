import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { accountTokens, auditLog, mailOutbox, users } from '@myeai/db';
import { ACCOUNT_LINK_MESSAGES, PASSWORD_RESET_REQUESTED_MESSAGE, SIGN_IN_FAILED_MESSAGE } from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { SESSION_COOKIE } from '../../auth/index.ts';
import { SESSION_ENDED_CLOSE_CODE } from '../../live/index.ts';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new passphrase';
const MINUTE = 60_000;

describe.each(testDatabaseKinds())('password reset, e-mail verification and security settings on %s', (kind) => {
  let t: TestApp;
  let seq = 0;
  // Each request speaks from its own address, so the per-address limits of one test do not spill into another.
  const ip = () => `10.29.${Math.floor((seq += 1) / 250)}.${seq % 250}`;
  const uniqueEmail = (label: string) => `${label}.${(seq += 1)}@example.com`;
  const post = (url: string, payload?: Record<string, unknown>, cookie?: string, remoteAddress = ip()) =>
    t.inject({ method: 'POST', url, payload, cookie, remoteAddress });
  const cookieOf = (response: Awaited<ReturnType<TestApp['inject']>>) => {
    const session = response.cookies.find((c) => c.name === SESSION_COOKIE);
    if (!session) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
    return `${SESSION_COOKIE}=${session.value}`;
  };
  const register = async (label: string) => {
    const email = uniqueEmail(label);
    const response = await post('/api/auth/register', { name: `Person ${label}`, email, password: PASSWORD });
    expect(response.statusCode, response.body).toBe(201);
    return { email, cookie: cookieOf(response), id: (response.json() as { user: { id: string } }).user.id };
  };
  const signIn = (email: string, password: string) => post('/api/auth/password', { email, password });
  const profile = (cookie: string) => t.inject({ method: 'GET', url: '/api/auth/profile', cookie });
  const mails = (to: string, kind?: string) =>
    t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), kind ? eq(mailOutbox.kind, kind) : undefined))
      .orderBy(desc(mailOutbox.createdAt));
  /** The token of the newest mail of this kind to this address, read from its link. */
  const linkToken = async (to: string, kind: string) => {
    const [mail] = await mails(to, kind);
    const token = mail?.textBody.match(/token=([A-Za-z0-9_-]+)/)?.[1];
    if (!token) throw new Error(`no ${kind} link to ${to}`);
    return token;
  };
  const requestReset = async (email: string) => {
    const response = await post('/api/auth/password-reset', { email });
    await t.runJobs();
    return response;
  };
  const passwordHashOf = async (email: string) => (await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email)))[0]?.hash;

  function wsUrl(): string {
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    return `ws://127.0.0.1:${address.port}/ws`;
  }
  const openSocket = (cookie: string) =>
    new Promise<{ ws: WebSocket; closed: Promise<number> }>((resolve, reject) => {
      const ws = new WebSocket(wsUrl(), { headers: { cookie } });
      const closed = new Promise<number>((done) => ws.on('close', (code) => done(code)));
      ws.on('error', reject);
      ws.on('open', () => resolve({ ws, closed }));
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await t.clearQueues();
  });
  afterEach(() => t.clock.set(TEST_NOW));
  afterAll(() => t.close());

  describe('forgot password', () => {
    it('e-mails a single-use link; the reset ends every session, closes their sockets and tells the owner', async () => {
      const { email, cookie } = await register('reset');
      const second = cookieOf(await signIn(email, PASSWORD));
      const socket = await openSocket(second);

      const response = await requestReset(email.toUpperCase());
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ status: 'accepted', message: PASSWORD_RESET_REQUESTED_MESSAGE });
      const token = await linkToken(email, 'auth.password_reset');
      const [mail] = await mails(email, 'auth.password_reset');
      expect(mail?.textBody).toContain(`/reset-password?token=${token}`);
      expect(mail?.textBody).toContain('30 minutes');
      // Only the token's SHA-256 is stored.
      const rows = await t.database.db.select().from(accountTokens).where(eq(accountTokens.purpose, 'password_reset'));
      expect(rows.some((row) => row.tokenHash === createHash('sha256').update(token).digest('hex'))).toBe(true);
      expect(JSON.stringify(rows)).not.toContain(token);

      const confirm = await post('/api/auth/password-reset/confirm', { token, password: NEW_PASSWORD });
      expect(confirm.statusCode, confirm.body).toBe(200);
      await expect(socket.closed).resolves.toBe(SESSION_ENDED_CLOSE_CODE);
      expect((await profile(cookie)).statusCode).toBe(401);
      expect((await profile(second)).statusCode).toBe(401);
      expect((await signIn(email, PASSWORD)).json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: SIGN_IN_FAILED_MESSAGE } });
      expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
      const [changed] = await mails(email, 'auth.password_changed');
      expect(changed?.subject).toBe('Your MYEAI password was changed');
      expect(changed?.textBody).toContain('cannot be unsubscribed');

      const again = await post('/api/auth/password-reset/confirm', { token, password: 'yet another passphrase' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ error: { code: 'VALIDATION', message: ACCOUNT_LINK_MESSAGES.used } });
      expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('answers an unknown address exactly as a known one and sends nothing', async () => {
      const unknown = uniqueEmail('nobody');
      const response = await requestReset(unknown);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ status: 'accepted', message: PASSWORD_RESET_REQUESTED_MESSAGE });
      expect(await mails(unknown)).toHaveLength(0);
    });

    it('refuses a wrong, tampered, expired, other-purpose or superseded token with 400 and changes nothing', async () => {
      const { email } = await register('badtoken');
      const before = await passwordHashOf(email);
      await requestReset(email);
      const token = await linkToken(email, 'auth.password_reset');
      const verification = await linkToken(email, 'auth.email_verification');
      const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      const cases: [string, string][] = [
        ['not-a-token', ACCOUNT_LINK_MESSAGES.invalid],
        [tampered, ACCOUNT_LINK_MESSAGES.invalid],
        [verification, ACCOUNT_LINK_MESSAGES.invalid],
      ];
      for (const [candidate, message] of cases) {
        const response = await post('/api/auth/password-reset/confirm', { token: candidate, password: NEW_PASSWORD });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error: { code: 'VALIDATION', message } });
      }
      // A weak password is refused with the sign-up rule, and the link still works afterwards.
      const weak = await post('/api/auth/password-reset/confirm', { token, password: 'short' });
      expect(weak.json()).toMatchObject({ error: { code: 'VALIDATION', message: 'Use at least 10 characters.' } });

      t.clock.advance(30 * MINUTE);
      const expired = await post('/api/auth/password-reset/confirm', { token, password: NEW_PASSWORD });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toMatchObject({ error: { message: ACCOUNT_LINK_MESSAGES.expired } });
      t.clock.set(TEST_NOW);

      // A newer link voids the older one.
      t.clock.advance(MINUTE);
      await requestReset(email);
      const newer = await linkToken(email, 'auth.password_reset');
      expect(newer).not.toBe(token);
      expect((await post('/api/auth/password-reset/confirm', { token, password: NEW_PASSWORD })).json()).toMatchObject({ error: { message: ACCOUNT_LINK_MESSAGES.used } });
      expect(await passwordHashOf(email)).toBe(before);
    });

    it('limits links per account (3 an hour) and requests per client address (5 a quarter hour)', async () => {
      const { email } = await register('limit');
      for (let i = 0; i < 4; i += 1) expect((await requestReset(email)).statusCode).toBe(202);
      expect(await mails(email, 'auth.password_reset')).toHaveLength(3);

      const address = ip();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await post('/api/auth/password-reset', { email: uniqueEmail('ip') }, undefined, address)).statusCode);
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    });

    it('does the same work for a known address as for an unknown one: the same statements, the same answer', async () => {
      const { email } = await register('same-work');
      // Every statement the request sends to the database, as drizzle hands it to the driver.
      const recorded: { sql: string; params: unknown[] }[] = [];
      const driver = (t.database.kind === 'pglite' ? t.database.client : t.database.pool) as unknown as { query: (...args: unknown[]) => unknown };
      const query = driver.query.bind(driver);
      // The address and the ids made per request (the test harness's change-feed barrier) differ by nature.
      const anonymised = (param: unknown) => (typeof param === 'string' ? param.replace(/[^"\s]+@example\.com/g, '<address>').replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>') : param);
      const requestFor = async (address: string) => {
        recorded.length = 0;
        driver.query = (...args: unknown[]) => {
          const [text, params] = args;
          const sqlText = typeof text === 'string' ? text : (text as { text: string }).text;
          recorded.push({ sql: sqlText, params: (Array.isArray(params) ? params : ((text as { values?: unknown[] }).values ?? [])) as unknown[] });
          return query(...args);
        };
        try {
          const response = await post('/api/auth/password-reset', { email: address });
          return { status: response.statusCode, body: response.body, statements: recorded.map((statement) => ({ ...statement, params: statement.params.map(anonymised) })) };
        } finally {
          driver.query = query;
        }
      };
      const known = await requestFor(email);
      const unknown = await requestFor(uniqueEmail('ghost'));
      expect(known.status).toBe(202);
      // The recorder saw the request's work: the job that will look the address up later.
      expect(known.statements.some((statement) => /insert into "jobs"/i.test(statement.sql))).toBe(true);
      expect(unknown).toEqual(known);
      // The address is only handed to the job that runs later: the request does not look it up.
      expect(known.statements.some((statement) => /from "users"/i.test(statement.sql))).toBe(false);
      await t.clearQueues();
    });
  });

  describe('e-mail verification', () => {
    it('a sign-up is unverified, can sign in, and is verified by its 24-hour link (once)', async () => {
      const { email, cookie } = await register('verify');
      expect((await profile(cookie)).json()).toMatchObject({ email, email_verified: false });
      const [mail] = await mails(email, 'auth.email_verification');
      expect(mail?.textBody).toContain('/verify-email?token=');
      expect(mail?.textBody).toContain('24 hours');
      expect((await signIn(email, PASSWORD)).statusCode).toBe(200);

      const token = await linkToken(email, 'auth.email_verification');
      const verified = await post('/api/auth/verify-email', { token });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json()).toEqual({ status: 'success', email, changed: false });
      expect((await profile(cookie)).json()).toMatchObject({ email_verified: true });
      expect((await post('/api/auth/verify-email', { token })).json()).toMatchObject({ error: { code: 'VALIDATION', message: ACCOUNT_LINK_MESSAGES.used } });
      // Resend once verified: nothing to confirm.
      const resend = await post('/api/auth/verify-email/resend', undefined, cookie);
      expect(resend.statusCode).toBe(409);
      expect(resend.json()).toMatchObject({ error: { message: ACCOUNT_LINK_MESSAGES.alreadyVerified } });
    });

    it('resend sends a new link that voids the old; a link expires after 24 hours; a link opened in another account is refused', async () => {
      const { email, cookie, id } = await register('resend');
      const first = await linkToken(email, 'auth.email_verification');
      t.clock.advance(MINUTE);
      const resend = await post('/api/auth/verify-email/resend', undefined, cookie);
      expect(resend.statusCode, resend.body).toBe(202);
      const second = await linkToken(email, 'auth.email_verification');
      expect(second).not.toBe(first);
      expect((await post('/api/auth/verify-email', { token: first })).json()).toMatchObject({ error: { message: ACCOUNT_LINK_MESSAGES.used } });

      const other = await register('other');
      const refused = await post('/api/auth/verify-email', { token: second }, other.cookie);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: { message: ACCOUNT_LINK_MESSAGES.otherAccount } });

      t.clock.advance(24 * 60 * MINUTE);
      expect((await post('/api/auth/verify-email', { token: second })).json()).toMatchObject({ error: { message: ACCOUNT_LINK_MESSAGES.expired } });
      const [row] = await t.database.db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, id));
      expect(row?.at).toBeNull();
    });

    it('registering a taken address answers like a new account, e-mails the owner, and creates nothing', async () => {
      const { email } = await register('taken');
      const again = await post('/api/auth/register', { name: 'Stranger', email, password: 'a stranger password' });
      expect(again.statusCode).toBe(201);
      const { user } = again.json() as { user: Record<string, unknown> };
      expect(user).toMatchObject({ name: 'Stranger', email, roles: ['newcomer'], active_role: 'newcomer', status: 'active', email_verified: false });
      expect(Object.keys(user).sort()).toEqual(Object.keys((await profile((await register('shape')).cookie)).json() as object).sort());
      // The cookie opens nothing; the owner's password is unchanged; the owner is told.
      expect((await profile(cookieOf(again))).statusCode).toBe(401);
      expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
      expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(1);
      const [notice] = await mails(email, 'auth.existing_account');
      expect(notice?.textBody).toContain('/forgot-password');
    });

    it('an unverified account earns no referral credit and cannot be granted a role', async () => {
      const referrer = await register('referrer');
      const code = ((await profile(referrer.cookie)).json() as { referral_code: string }).referral_code;
      const referred = await post('/api/auth/register', { name: 'Referred', email: uniqueEmail('referred'), password: PASSWORD, ref: code });
      const [row] = await t.database.db.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, (referred.json() as { user: { id: string } }).user.id));
      expect(row?.referredBy).toBeNull();

      const admin = await t.signInAs('admin');
      const grant = await t.inject({ method: 'POST', url: `/api/rbac/admin/users/${referrer.id}/roles`, cookie: admin, payload: { roles: ['newcomer', 'affiliate'] } });
      expect(grant.statusCode, grant.body).toBe(409);
      expect(grant.json()).toMatchObject({ error: { message: ACCOUNT_LINK_MESSAGES.unverifiedEarning } });

      await post('/api/auth/verify-email', { token: await linkToken(referrer.email, 'auth.email_verification') });
      const granted = await t.inject({ method: 'POST', url: `/api/rbac/admin/users/${referrer.id}/roles`, cookie: admin, payload: { roles: ['newcomer', 'affiliate'] } });
      expect(granted.statusCode, granted.body).toBe(200);
    });

    it('the demo accounts are verified', async () => {
      const cookie = await t.signInAs('affiliate');
      expect((await profile(cookie)).json()).toMatchObject({ email_verified: true });
    });
  });

  describe('security settings', () => {
    it('change password: needs the current one, keeps this session, ends the others, tells the owner', async () => {
      const { email, cookie } = await register('change');
      const other = cookieOf(await signIn(email, PASSWORD));
      const wrong = await post('/api/auth/change-password', { current_password: 'not my password', new_password: NEW_PASSWORD }, cookie);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ error: { message: ACCOUNT_LINK_MESSAGES.wrongPassword, details: [{ path: 'current_password' }] } });
      expect((await profile(other)).statusCode).toBe(200);

      const changed = await post('/api/auth/change-password', { current_password: PASSWORD, new_password: NEW_PASSWORD }, cookie);
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toEqual({ status: 'success', other_sessions_ended: 1 });
      expect((await profile(cookie)).statusCode).toBe(200);
      expect((await profile(other)).statusCode).toBe(401);
      expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
      expect(await mails(email, 'auth.password_changed')).toHaveLength(1);
      expect((await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.password_changed'))).length).toBeGreaterThan(0);
    });

    it('change e-mail: a link to the new address, a notice to the old; it applies only when confirmed', async () => {
      const { email, cookie } = await register('move');
      const target = uniqueEmail('moved');
      expect((await post('/api/auth/change-email', { new_email: target, password: 'wrong password' }, cookie)).statusCode).toBe(400);
      const asked = await post('/api/auth/change-email', { new_email: target, password: PASSWORD }, cookie);
      expect(asked.statusCode, asked.body).toBe(202);
      expect((await profile(cookie)).json()).toMatchObject({ email });
      expect(await mails(email, 'auth.email_change_notice')).toHaveLength(1);
      const token = await linkToken(target, 'auth.email_change');

      const confirmed = await post('/api/auth/verify-email', { token }, cookie);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toEqual({ status: 'success', email: target, changed: true });
      expect((await profile(cookie)).json()).toMatchObject({ email: target, email_verified: true });
      expect((await signIn(target, PASSWORD)).statusCode).toBe(200);
      expect((await signIn(email, PASSWORD)).statusCode).toBe(401);
    });

    it('change e-mail to an address that has an account: same answer, its owner is told, no link', async () => {
      const { cookie } = await register('mover');
      const owner = await register('owner');
      const asked = await post('/api/auth/change-email', { new_email: owner.email, password: PASSWORD }, cookie);
      expect(asked.statusCode).toBe(202);
      expect(await mails(owner.email, 'auth.email_change')).toHaveLength(0);
      expect(await mails(owner.email, 'auth.email_change_taken')).toHaveLength(1);
    });

    it('an e-mail change whose address was taken meanwhile is refused with 400', async () => {
      const { email, cookie } = await register('race');
      const target = uniqueEmail('contested');
      await post('/api/auth/change-email', { new_email: target, password: PASSWORD }, cookie);
      const token = await linkToken(target, 'auth.email_change');
      await post('/api/auth/register', { name: 'Quick', email: target, password: PASSWORD });
      const refused = await post('/api/auth/verify-email', { token }, cookie);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: { message: ACCOUNT_LINK_MESSAGES.emailTaken } });
      expect((await profile(cookie)).json()).toMatchObject({ email });
    });
  });
});
