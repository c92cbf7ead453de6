import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@myeai/db';
import { REFERRAL_CODE_ALPHABET, SIGN_IN_FAILED_MESSAGE } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { SESSION_COOKIE } from '../sessions.service.ts';

const PASSWORD = 'correct horse battery';
const REFERRAL_CODE = new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{8}$`);

describe.each(testDatabaseKinds())('local accounts on %s', (kind) => {
  let t: TestApp;
  let seq = 0;
  // Each test speaks from its own address so the sign-in rate limit of one test does not spill into another.
  const nextIp = () => `10.0.0.${(seq += 1)}`;
  const uniqueEmail = (label: string) => `${label}.${(seq += 1)}@example.com`;

  const register = (payload: Record<string, unknown>, remoteAddress = nextIp()) =>
    t.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress });
  const passwordSignIn = (email: string, password: string, remoteAddress = nextIp()) =>
    t.inject({ method: 'POST', url: '/api/auth/password', payload: { email, password }, remoteAddress });
  const sessionCookie = (response: Awaited<ReturnType<TestApp['inject']>>) => {
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    if (!cookie) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
    return cookie;
  };
  const peopleReferred = async (cookie: string) => {
    const response = await t.inject({ method: 'GET', url: '/api/profile/journey', cookie });
    expect(response.statusCode).toBe(200);
    return (response.json() as { people_referred: number }).people_referred;
  };
  const affiliate = async () => {
    const cookie = await t.signIn('affiliate@demo.myeai.local');
    const profile = (await t.inject({ method: 'GET', url: '/api/auth/profile', cookie })).json() as { id: string; referral_code: string };
    return { cookie, ...profile };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('registers a newcomer with a referral code and signs them in with an httpOnly SameSite=Lax cookie', async () => {
    const email = uniqueEmail('Ada.Lovelace');
    const response = await register({ name: '  Ada Lovelace ', email: email.toUpperCase(), password: PASSWORD });
    expect(response.statusCode, response.body).toBe(201);
    const { user } = response.json() as { user: Record<string, unknown> };
    expect(user).toMatchObject({ name: 'Ada Lovelace', email: email.toLowerCase(), roles: ['newcomer'], active_role: 'newcomer', status: 'active', picture: null, email_verified: false });
    expect(user.referral_code).toMatch(REFERRAL_CODE);

    const cookie = sessionCookie(response);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.value.length).toBeGreaterThanOrEqual(32);

    const profile = await t.inject({ method: 'GET', url: '/api/auth/profile', cookie: `${SESSION_COOKIE}=${cookie.value}` });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual(user);

    // The password is stored as a salted scrypt hash, never as given.
    const [row] = await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email.toLowerCase()));
    expect(row?.hash).toMatch(/^scrypt\$/);
    expect(row?.hash).not.toContain(PASSWORD);
  });

  it('gives every new user a different referral code', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const response = await register({ name: 'Code', email: uniqueEmail('code'), password: PASSWORD });
      codes.add((response.json() as { user: { referral_code: string } }).user.referral_code);
    }
    expect(codes.size).toBe(3);
  });

  it('creates no second account with the same email, whatever its case, and answers as for a new one (decision 057)', async () => {
    const email = uniqueEmail('dup');
    expect((await register({ name: 'First', email, password: PASSWORD })).statusCode).toBe(201);
    const again = await register({ name: 'Second', email: email.toUpperCase(), password: 'another password' });
    expect(again.statusCode).toBe(201);
    // The cookie looks like a session's but opens nothing; the account stays the first one's.
    const profile = await t.inject({ method: 'GET', url: '/api/auth/profile', cookie: `${SESSION_COOKIE}=${sessionCookie(again).value}` });
    expect(profile.statusCode).toBe(401);
    expect(await t.database.db.select({ name: users.name }).from(users).where(eq(users.email, email.toLowerCase()))).toEqual([{ name: 'First' }]);
  });

  it('refuses a weak password with the policy message (400) and creates nothing', async () => {
    const email = uniqueEmail('weak');
    const response = await register({ name: 'Weak', email, password: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION', message: 'Use at least 10 characters.', details: [{ path: 'password', message: 'Use at least 10 characters.' }] },
    });
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('signs in with the right password', async () => {
    const email = uniqueEmail('signin');
    await register({ name: 'Sign In', email, password: PASSWORD });
    const response = await passwordSignIn(email.toUpperCase(), PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ user: { email } });
    const cookie = sessionCookie(response);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const profile = await t.inject({ method: 'GET', url: '/api/auth/profile', cookie: `${SESSION_COOKIE}=${cookie.value}` });
    expect(profile.json()).toMatchObject({ email });
  });

  it('answers a wrong password, an unknown email and a password-less account with the same generic 401', async () => {
    const email = uniqueEmail('generic');
    await register({ name: 'Generic', email, password: PASSWORD });
    const wrongPassword = await passwordSignIn(email, 'not the password');
    const unknownEmail = await passwordSignIn(uniqueEmail('nobody'), PASSWORD);
    const demoAccount = await passwordSignIn('admin@demo.myeai.local', PASSWORD);
    for (const response of [wrongPassword, unknownEmail, demoAccount]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: SIGN_IN_FAILED_MESSAGE } });
      expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
    expect(SIGN_IN_FAILED_MESSAGE).toBe('Email or password is incorrect.');
  });

  it('rate-limits password sign-in: the 11th attempt within a minute gets 429', async () => {
    const ip = nextIp();
    const email = uniqueEmail('limited');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await passwordSignIn(email, `wrong password ${i}`, ip)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const limited = await passwordSignIn(email, 'wrong again', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    // Another client is not affected.
    expect((await passwordSignIn(email, 'wrong password', nextIp())).statusCode).toBe(401);
  });

  it('rate-limits registration the same way', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await register({ name: 'Bulk', email: uniqueEmail('bulk'), password: 'short' }, ip)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });

  it('records the referrer when registering with a valid ref (any case, surrounding spaces)', async () => {
    const referrer = await affiliate();
    const before = await peopleReferred(referrer.cookie);
    const response = await register({ name: 'Referred', email: uniqueEmail('referred'), password: PASSWORD, ref: ` ${referrer.referral_code.toLowerCase()} ` });
    expect(response.statusCode).toBe(201);
    expect(await peopleReferred(referrer.cookie)).toBe(before + 1);
    const [row] = await t.database.db.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, (response.json() as { user: { id: string } }).user.id));
    expect(row?.referredBy).toBe(referrer.id);
  });

  it('ignores an invalid or unknown ref and still registers', async () => {
    const referrer = await affiliate();
    const before = await peopleReferred(referrer.cookie);
    for (const ref of ['not-a-code', 'ZZZZZZZZ', referrer.id, '']) {
      const response = await register({ name: 'Stray', email: uniqueEmail('stray'), password: PASSWORD, ref });
      expect(response.statusCode, `${ref}: ${response.body}`).toBe(201);
      const [row] = await t.database.db.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, (response.json() as { user: { id: string } }).user.id));
      expect(row?.referredBy).toBeNull();
    }
    expect(await peopleReferred(referrer.cookie)).toBe(before);
  });
});
