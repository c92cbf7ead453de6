import { eq } from 'drizzle-orm';
import { Secret } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { auditLog, sessions, twoFactorCredentials, twoFactorRecoveryCodes, users } from '@myeai/db';
import { TWO_FACTOR_MAX_FAILURES, totpCode, type SessionInfo } from '@myeai/domain';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { SESSION_ENDED_CLOSE_CODE } from '../../live/index.ts';
import { SESSION_COOKIE } from '../sessions.service.ts';
import { openSecret } from '../two-factor.service.ts';
import { TWO_FACTOR_PENDING_COOKIE } from '../two-factor-cookie.ts';

const PASSWORD = 'correct horse battery';
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:122.0) Gecko/20100101 Firefox/122.0';

const addressOf = (email: string) => `198.51.100.${Number(/\.(\d+)\./.exec(email)![1]) % 250}`;

const cookieOf = (response: LightMyRequestResponse, name = SESSION_COOKIE) => {
  const found = response.cookies.find((c) => c.name === name);
  return found && found.value ? `${name}=${found.value}` : undefined;
};

function wsUrl(t: TestApp): string {
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `ws://127.0.0.1:${address.port}/ws`;
}

/** A live socket of a session, and the close code it ends with. */
function openSocket(t: TestApp, cookie: string): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl(t), { headers: { cookie } });
    const closed = new Promise<number>((done) => ws.on('close', (code) => done(code)));
    ws.on('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    ws.on('error', reject);
    ws.on('open', () => resolve({ ws, closed }));
  });
}

describe.each(testDatabaseKinds())('my sessions and two-factor sign-in on %s', (kind) => {
  let t: TestApp;
  /** A second instance on the same database: revocations reach its sockets through the database. */
  let two: TestApp;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    two = await createTestApp(kind, {}, { database: t.database });
    await two.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    t.clock.set(TEST_NOW);
    two.clock.set(TEST_NOW);
  });
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await two?.close();
    await t?.close();
  });

  let accounts = 0;
  /**
   * A new local account and its sign-up session cookie. Each account signs in from an address of
   * its own: the sign-in routes are rate-limited per address (10 a minute).
   */
  const register = async (name = 'Security Tester') => {
    accounts += 1;
    const email = `security.${accounts}.${kind}@example.com`;
    const response = await t.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name, email, password: PASSWORD },
      headers: { 'user-agent': CHROME_MAC },
      remoteAddress: addressOf(email),
    });
    expect(response.statusCode).toBe(201);
    const userId = (response.json() as { user: { id: string } }).user.id;
    return { email, userId, cookie: cookieOf(response)! };
  };
  const passwordSignIn = (email: string, userAgent = FIREFOX_LINUX) =>
    t.inject({ method: 'POST', url: '/api/auth/password', payload: { email, password: PASSWORD }, headers: { 'user-agent': userAgent }, remoteAddress: addressOf(email) });
  const list = async (cookie: string) => {
    const response = await t.inject({ method: 'GET', url: '/api/auth/sessions', cookie });
    expect(response.statusCode).toBe(200);
    return (response.json() as { sessions: SessionInfo[] }).sessions;
  };
  const profileStatus = async (cookie: string) => (await t.inject({ method: 'GET', url: '/api/auth/profile', cookie })).statusCode;

  describe('my sessions', () => {
    it('lists the live sessions with device, browser, masked address, created, last seen, and which is this one', async () => {
      const { email, cookie } = await register();
      const other = cookieOf(await passwordSignIn(email))!;
      const listed = await list(cookie);
      expect(listed).toHaveLength(2);
      expect(listed[0]).toMatchObject({ current: true, browser: 'Chrome 121', os: 'Mac OS 10.15', device_type: 'desktop', method: 'password', address: '198.51.100.x', place: null });
      expect(listed[1]).toMatchObject({ current: false, browser: 'Firefox 122', os: 'Linux', device_type: 'desktop' });
      expect(listed[0]!.created_at).toBe(TEST_NOW.toISOString());
      expect(listed[0]!.last_seen_at).toBe(TEST_NOW.toISOString());
      // The other session's own list marks it as current instead.
      expect((await list(other)).find((session) => session.current)?.id).toBe(listed[1]!.id);
    });

    it('moves last seen at most once a minute, and never stores the raw address', async () => {
      const { userId, cookie } = await register();
      t.clock.advance(30_000);
      await list(cookie);
      const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, userId));
      expect(row!.lastSeenAt).toEqual(TEST_NOW);
      expect(row!.address).toBe('198.51.100.x');
      t.clock.advance(45_000);
      await list(cookie);
      const [moved] = await t.database.db.select().from(sessions).where(eq(sessions.userId, userId));
      expect(moved!.lastSeenAt).toEqual(new Date(TEST_NOW.getTime() + 75_000));
    });

    it('revokes one of my sessions; its cookie stops working, mine goes on', async () => {
      const { email, cookie } = await register();
      const other = cookieOf(await passwordSignIn(email))!;
      const target = (await list(cookie)).find((session) => !session.current)!;
      const revoked = await t.inject({ method: 'DELETE', url: `/api/auth/sessions/${target.id}`, cookie });
      expect(revoked.statusCode).toBe(200);
      expect(await profileStatus(other)).toBe(401);
      expect(await profileStatus(cookie)).toBe(200);
      expect((await list(cookie)).map((session) => session.id)).not.toContain(target.id);
      // Revoked already: not found; the session in use: sign out instead.
      expect((await t.inject({ method: 'DELETE', url: `/api/auth/sessions/${target.id}`, cookie })).statusCode).toBe(404);
      const current = (await list(cookie))[0]!;
      const own = await t.inject({ method: 'DELETE', url: `/api/auth/sessions/${current.id}`, cookie });
      expect(own.statusCode).toBe(400);
      expect(own.json()).toMatchObject({ error: { code: 'VALIDATION', message: 'This is the session you are using: sign out instead.' } });
    });

    it("answers 404 for another user's session and an unknown id, 400 for a malformed one, and changes nothing", async () => {
      const mine = await register();
      const theirs = await register('Someone Else');
      const theirSession = (await list(theirs.cookie))[0]!;
      const response = await t.inject({ method: 'DELETE', url: `/api/auth/sessions/${theirSession.id}`, cookie: mine.cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
      expect(await profileStatus(theirs.cookie)).toBe(200);
      expect((await t.inject({ method: 'DELETE', url: '/api/auth/sessions/00000000-0000-4000-8000-000000000000', cookie: mine.cookie })).statusCode).toBe(404);
      expect((await t.inject({ method: 'DELETE', url: '/api/auth/sessions/not-an-id', cookie: mine.cookie })).statusCode).toBe(400);
    });

    it('signs out everywhere else: every other session ends, this one stays', async () => {
      const { email, cookie } = await register();
      const others = [cookieOf(await passwordSignIn(email))!, cookieOf(await passwordSignIn(email))!];
      const response = await t.inject({ method: 'POST', url: '/api/auth/sessions/revoke-others', cookie });
      expect(response.json()).toEqual({ revoked: 2 });
      for (const other of others) expect(await profileStatus(other)).toBe(401);
      expect(await profileStatus(cookie)).toBe(200);
      expect(await list(cookie)).toHaveLength(1);
    });

    it("closes a revoked session's socket at once, on another instance too; the remaining session's socket stays open", async () => {
      const { email, cookie } = await register();
      const other = cookieOf(await passwordSignIn(email))!;
      const third = cookieOf(await passwordSignIn(email))!;
      const onOne = await openSocket(t, other);
      const onTwo = await openSocket(two, third);
      const mine = await openSocket(two, cookie);
      sockets.push(onOne.ws, onTwo.ws, mine.ws);
      // One of the two other sessions (whichever), then the rest with "sign out everywhere else".
      const otherSession = (await list(cookie)).find((session) => !session.current)!;
      expect((await t.inject({ method: 'DELETE', url: `/api/auth/sessions/${otherSession.id}`, cookie })).statusCode).toBe(200);
      const closedFirst = await Promise.race([onOne.closed, onTwo.closed]);
      expect(closedFirst).toBe(SESSION_ENDED_CLOSE_CODE);
      expect((await t.inject({ method: 'POST', url: '/api/auth/sessions/revoke-others', cookie })).json()).toEqual({ revoked: 1 });
      await expect(onOne.closed).resolves.toBe(SESSION_ENDED_CLOSE_CODE);
      await expect(onTwo.closed).resolves.toBe(SESSION_ENDED_CLOSE_CODE);
      expect(mine.ws.readyState).toBe(WebSocket.OPEN);
    });
  });

  describe('two-factor sign-in', () => {
    const secretOf = async (userId: string) => {
      const [row] = await t.database.db.select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, userId));
      return openSecret(row!.secret, undefined);
    };
    const codeNow = (secret: Secret) => totpCode(secret, t.clock.now());
    /** Registers, enrols and answers the secret and recovery codes. */
    const enrolled = async () => {
      const account = await register();
      const setup = await t.inject({ method: 'POST', url: '/api/auth/2fa/setup', cookie: account.cookie });
      const { secret, otpauth_url, qr_code } = setup.json() as { secret: string; otpauth_url: string; qr_code: string };
      expect(otpauth_url).toContain(`secret=${secret}`);
      expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
      const enable = await t.inject({ method: 'POST', url: '/api/auth/2fa/enable', cookie: account.cookie, payload: { code: codeNow(Secret.fromBase32(secret)) } });
      expect(enable.statusCode).toBe(200);
      const recovery = (enable.json() as { recovery_codes: string[] }).recovery_codes;
      return { ...account, secret: Secret.fromBase32(secret), recovery };
    };
    /** Password step: the pending cookie (and no session). */
    const pending = async (email: string) => {
      const response = await passwordSignIn(email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ two_factor_required: true });
      expect(cookieOf(response)).toBeUndefined();
      return cookieOf(response, TWO_FACTOR_PENDING_COOKIE)!;
    };
    let verifications = 0;
    /** Each from an address of its own: the per-address limit is not what these tests are about, the per-account one is. */
    const verify = (cookie: string | undefined, payload: object) => {
      verifications += 1;
      return t.inject({ method: 'POST', url: '/api/auth/2fa/verify', cookie, payload, remoteAddress: `198.18.${verifications >> 8}.${verifications & 255}` });
    };

    it('enrols: a secret to scan, a wrong code refused, the right one answers ten recovery codes stored hashed', async () => {
      const account = await register();
      const status = await t.inject({ method: 'GET', url: '/api/auth/2fa', cookie: account.cookie });
      expect(status.json()).toEqual({ enabled: false, required: false, enabled_at: null, recovery_codes_left: 0 });
      const setup = await t.inject({ method: 'POST', url: '/api/auth/2fa/setup', cookie: account.cookie });
      expect(setup.statusCode).toBe(200);
      const secret = Secret.fromBase32((setup.json() as { secret: string }).secret);
      const [stored] = await t.database.db.select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, account.userId));
      expect(stored!.secret).toMatch(/^plain:/);
      expect(stored!.enabledAt).toBeNull();

      const wrong = await t.inject({ method: 'POST', url: '/api/auth/2fa/enable', cookie: account.cookie, payload: { code: codeNow(secret) === '000000' ? '111111' : '000000' } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ error: { code: 'VALIDATION', details: [{ path: 'code' }] } });
      const malformed = await t.inject({ method: 'POST', url: '/api/auth/2fa/enable', cookie: account.cookie, payload: { code: '12ab' } });
      expect(malformed.statusCode).toBe(400);

      const enable = await t.inject({ method: 'POST', url: '/api/auth/2fa/enable', cookie: account.cookie, payload: { code: codeNow(secret) } });
      const { recovery_codes } = enable.json() as { recovery_codes: string[] };
      expect(recovery_codes).toHaveLength(10);
      expect(new Set(recovery_codes).size).toBe(10);
      for (const code of recovery_codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
      const hashes = await t.database.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, account.userId));
      expect(hashes).toHaveLength(10);
      for (const row of hashes) expect(recovery_codes.join()).not.toContain(row.codeHash.slice(0, 10));
      expect((await t.inject({ method: 'GET', url: '/api/auth/2fa', cookie: account.cookie })).json()).toMatchObject({ enabled: true, recovery_codes_left: 10 });
      // A second setup cannot replace an enabled secret.
      expect((await t.inject({ method: 'POST', url: '/api/auth/2fa/setup', cookie: account.cookie })).statusCode).toBe(409);
      const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, account.userId));
      expect(audit.map((row) => row.action)).toContain('two_factor.enable');
    });

    it('password sign-in then needs a code; the code completes it once, a replay of it is refused', async () => {
      const { email, secret } = await enrolled();
      t.clock.advance(30_000);
      const code = codeNow(secret);
      const first = await verify(await pending(email), { code });
      expect(first.statusCode).toBe(200);
      const session = cookieOf(first)!;
      expect(await profileStatus(session)).toBe(200);
      expect(first.cookies.find((c) => c.name === TWO_FACTOR_PENDING_COOKIE)?.value).toBe('');

      const replay = await verify(await pending(email), { code });
      expect(replay.statusCode).toBe(400);
      expect(cookieOf(replay)).toBeUndefined();
      t.clock.advance(30_000);
      expect((await verify(await pending(email), { code: codeNow(secret) })).statusCode).toBe(200);
    });

    it('the pending state is not a session, is single-use and expires after five minutes', async () => {
      const { email, secret } = await enrolled();
      const pendingCookie = await pending(email);
      expect(await profileStatus(pendingCookie)).toBe(401);
      expect((await verify(undefined, { code: '123456' })).statusCode).toBe(401);
      t.clock.advance(5 * 60_000 + 1000);
      const late = await verify(pendingCookie, { code: codeNow(secret) });
      expect(late.statusCode).toBe(401);
      expect(late.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED', message: 'Your sign-in timed out. Enter your e-mail and password again.' } });
      const fresh = await pending(email);
      expect((await verify(fresh, { code: codeNow(secret) })).statusCode).toBe(200);
      t.clock.advance(30_000);
      expect((await verify(fresh, { code: codeNow(secret) })).statusCode).toBe(401);
    });

    it('a recovery code signs in once; its second use is refused', async () => {
      const { email, recovery, cookie } = await enrolled();
      const code = recovery[3]!;
      const first = await verify(await pending(email), { recovery_code: code.toUpperCase() });
      expect(first.statusCode).toBe(200);
      expect(await profileStatus(cookieOf(first)!)).toBe(200);
      const again = await verify(await pending(email), { recovery_code: code });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ error: { message: 'That recovery code is not right, or it was already used.' } });
      expect((await t.inject({ method: 'GET', url: '/api/auth/2fa', cookie })).json()).toMatchObject({ recovery_codes_left: 9 });
    });

    it(`refuses further codes after ${TWO_FACTOR_MAX_FAILURES} wrong ones, even the right one, until the window has passed`, async () => {
      const { email, secret } = await enrolled();
      const pendingCookie = await pending(email);
      t.clock.advance(30_000);
      const wrong = codeNow(secret) === '000000' ? '111111' : '000000';
      for (let i = 0; i < TWO_FACTOR_MAX_FAILURES; i++) expect((await verify(pendingCookie, { code: wrong })).statusCode).toBe(400);
      const limited = await verify(pendingCookie, { code: codeNow(secret) });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
      expect((await verify(pendingCookie, { recovery_code: 'aaaaa-bbbbb' })).statusCode).toBe(429);
      t.clock.advance(15 * 60_000);
      expect((await verify(await pending(email), { code: codeNow(secret) })).statusCode).toBe(200);
    });

    it('turning it off needs a current code; recovery codes are regenerated with one', async () => {
      const { email, userId, cookie, secret, recovery } = await enrolled();
      t.clock.advance(30_000);
      const regenerated = await t.inject({ method: 'POST', url: '/api/auth/2fa/recovery-codes', cookie, payload: { code: codeNow(secret) } });
      expect(regenerated.statusCode).toBe(200);
      const fresh = (regenerated.json() as { recovery_codes: string[] }).recovery_codes;
      expect(fresh).toHaveLength(10);
      expect(fresh).not.toContain(recovery[0]);
      expect((await verify(await pending(email), { recovery_code: recovery[0]! })).statusCode).toBe(400);

      t.clock.advance(30_000);
      const noCode = await t.inject({ method: 'POST', url: '/api/auth/2fa/disable', cookie, payload: {} });
      expect(noCode.statusCode).toBe(400);
      const wrong = await t.inject({ method: 'POST', url: '/api/auth/2fa/disable', cookie, payload: { code: codeNow(secret) === '000000' ? '111111' : '000000' } });
      expect(wrong.statusCode).toBe(400);
      expect(await secretOf(userId)).toBeDefined();
      const off = await t.inject({ method: 'POST', url: '/api/auth/2fa/disable', cookie, payload: { code: codeNow(secret) } });
      expect(off.statusCode).toBe(200);
      expect(await t.database.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId))).toHaveLength(0);
      const plain = await passwordSignIn(email);
      expect(plain.json()).toMatchObject({ user: { email } });
    });
  });
});

describe.each(testDatabaseKinds())('the admin two-factor gate (REQUIRE_ADMIN_2FA) on %s', (kind) => {
  let t: TestApp;
  const key = 'ab'.repeat(32);
  beforeAll(async () => {
    t = await createTestApp(kind, { requireAdminTwoFactor: true, twoFactorEncryptionKey: key });
  });
  afterAll(() => t?.close());

  it('refuses admin APIs to an admin without two-factor with TWO_FACTOR_REQUIRED, until they enrol; other roles are not asked', async () => {
    const cookie = await t.signIn('admin@demo.myeai.local');
    const before = await t.inject({ method: 'GET', url: '/api/admin/audit-log', cookie });
    expect(before.statusCode).toBe(403);
    expect(before.json()).toMatchObject({ error: { code: 'TWO_FACTOR_REQUIRED', message: 'Admins must turn on two-factor sign-in before using the admin screens.' } });
    expect((await t.inject({ method: 'GET', url: '/api/auth/2fa', cookie })).json()).toMatchObject({ enabled: false, required: true });
    // Signed-in screens still work, and so does enrolment.
    expect((await t.inject({ method: 'GET', url: '/api/auth/profile', cookie })).statusCode).toBe(200);
    const trader = await t.signIn('trader@demo.myeai.local');
    expect((await t.inject({ method: 'GET', url: '/api/auth/2fa', cookie: trader })).json()).toMatchObject({ required: false });

    const { secret } = (await t.inject({ method: 'POST', url: '/api/auth/2fa/setup', cookie })).json() as { secret: string };
    const [admin] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.myeai.local'));
    const [stored] = await t.database.db.select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, admin!.id));
    // With TWO_FACTOR_ENCRYPTION_KEY the secret is stored encrypted, and opens with the key only.
    expect(stored!.secret).toMatch(/^enc:v1:/);
    expect(stored!.secret).not.toContain(secret);
    expect(openSecret(stored!.secret, key).base32).toBe(secret);
    const enable = await t.inject({ method: 'POST', url: '/api/auth/2fa/enable', cookie, payload: { code: totpCode(Secret.fromBase32(secret), t.clock.now()) } });
    expect(enable.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/admin/audit-log', cookie })).statusCode).toBe(200);
  });
});
