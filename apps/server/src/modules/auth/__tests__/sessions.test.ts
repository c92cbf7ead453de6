import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '@myeai/db';
import { DEMO_ACCOUNTS } from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { SESSION_COOKIE } from '../sessions.service.ts';

const DAY = 86_400_000;

describe.each(testDatabaseKinds())('sessions and demo sign-in on %s', (kind) => {
  let t: TestApp;
  const profile = (cookie: string) => t.inject({ method: 'GET', url: '/api/auth/profile', cookie });
  const setStatus = (email: string, status: string) => t.database.db.update(users).set({ status }).where(eq(users.email, email));

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.clock.set(TEST_NOW));
  afterAll(() => t.close());

  it('lists the demo accounts and signs in each of them with one call', async () => {
    const list = await t.inject({ method: 'GET', url: '/api/auth/demo-accounts' });
    expect(list.statusCode).toBe(200);
    const { accounts } = list.json() as { accounts: { email: string; roles: string[] }[] };
    expect(accounts.map((a) => a.email)).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
    expect(accounts.find((a) => a.email === 'multi@demo.myeai.local')?.roles).toEqual(['affiliate', 'trader', 'admin']);
    expect(accounts.find((a) => a.email === 'free@demo.myeai.local')?.roles).toEqual(['subscriber_free']);
    for (const account of DEMO_ACCOUNTS) {
      const response = await t.inject({ method: 'POST', url: '/api/auth/demo', payload: { email: account.email } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ user: { email: account.email, roles: [...account.roles], active_role: account.roles[0] } });
      expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    }
    expect((await t.inject({ method: 'GET', url: '/api/auth/methods' })).json()).toEqual({ oidc: false, password: true, demo: true });
  });

  it('refuses demo sign-in for an email that is not a demo account (404)', async () => {
    const registered = await t.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Real Person', email: 'real.person@example.com', password: 'correct horse battery' },
    });
    expect(registered.statusCode).toBe(201);
    for (const email of ['real.person@example.com', 'nobody@demo.myeai.local']) {
      const response = await t.inject({ method: 'POST', url: '/api/auth/demo', payload: { email } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
      expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
  });

  it('logout revokes the session and clears the cookie; other sessions of the user stay valid', async () => {
    const first = await t.signIn('trader@demo.myeai.local');
    const second = await t.signIn('trader@demo.myeai.local');
    const logout = await t.inject({ method: 'POST', url: '/api/auth/logout', cookie: first });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ status: 'success' });
    const cleared = logout.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());

    const old = await profile(first);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    expect((await profile(second)).statusCode).toBe(200);

    const [row] = await t.database.db
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, createHash('sha256').update(first.split('=')[1]!).digest('hex')));
    expect(row?.revokedAt).toEqual(TEST_NOW);
  });

  it('logout without a session still answers success', async () => {
    const response = await t.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(200);
  });

  it('an unknown session token is treated as signed out', async () => {
    expect((await profile(`${SESSION_COOKIE}=made-up-token`)).statusCode).toBe(401);
  });

  it('a session expires after sessionTtlDays', async () => {
    const cookie = await t.signIn('investor@demo.myeai.local');
    t.clock.advance(30 * DAY - 60_000);
    expect((await profile(cookie)).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    const expired = await profile(cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it('the session cookie expires with the session', async () => {
    const response = await t.inject({ method: 'POST', url: '/api/auth/demo', payload: { email: 'investor@demo.myeai.local' } });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.expires?.getTime()).toBe(TEST_NOW.getTime() + 30 * DAY);
  });

  it('a suspended user is signed out everywhere and cannot sign in again', async () => {
    const email = 'suspended.user@example.com';
    const password = 'correct horse battery';
    const registered = await t.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Soon Suspended', email, password } });
    const cookie = `${SESSION_COOKIE}=${registered.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
    expect((await profile(cookie)).statusCode).toBe(200);

    await setStatus(email, 'suspended');
    expect((await profile(cookie)).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/profile/journey', cookie })).statusCode).toBe(401);
    const again = await t.inject({ method: 'POST', url: '/api/auth/password', payload: { email, password } });
    expect(again.statusCode).toBe(401);
    expect(again.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('a suspended demo account cannot sign in through demo mode', async () => {
    const email = 'subscriber@demo.myeai.local';
    const cookie = await t.signIn(email);
    await setStatus(email, 'suspended');
    try {
      expect((await profile(cookie)).statusCode).toBe(401);
      const response = await t.inject({ method: 'POST', url: '/api/auth/demo', payload: { email } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED', message: 'This account is suspended.' } });
      expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    } finally {
      await setStatus(email, 'active');
    }
  });
});

describe.each(testDatabaseKinds())('demo mode off on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { demoMode: false });
  });
  afterAll(() => t.close());

  it('has no demo endpoints (404) and says so in the sign-in methods', async () => {
    const demo = await t.inject({ method: 'POST', url: '/api/auth/demo', payload: { email: 'admin@demo.myeai.local' } });
    expect(demo.statusCode).toBe(404);
    expect(demo.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    expect((await t.inject({ method: 'GET', url: '/api/auth/demo-accounts' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/auth/methods' })).json()).toEqual({ oidc: false, password: true, demo: false });
    expect(t.app.accessTable.map((route) => route.url)).not.toContain('/api/auth/demo');
  });

  it('local accounts still work', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Prod User', email: 'prod.user@example.com', password: 'correct horse battery' },
    });
    expect(response.statusCode).toBe(201);
  });
});
