import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '@myeai/db';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { SESSION_COOKIE } from '../sessions.service.ts';
import { placeOf } from '../session-place.ts';

/**
 * "My sessions" places read from a real MaxMind City database: fixtures/geoip-city-test.mmdb, made
 * by MaxMind's own writer (fixtures/make-geoip-test-database.pl) with documentation ranges only.
 */
const GEOIP_TEST_DATABASE = resolve(import.meta.dirname, 'fixtures/geoip-city-test.mmdb');

describe('the place of an address, from a MaxMind City database', () => {
  const noError = (error: unknown) => {
    throw error;
  };

  it('answers "City, Country", the country alone when no city is known, and IPv6 and IPv4-mapped addresses too', async () => {
    await expect(placeOf(GEOIP_TEST_DATABASE, '203.0.113.7', noError)).resolves.toBe('Lisbon, Portugal');
    await expect(placeOf(GEOIP_TEST_DATABASE, '::ffff:203.0.113.200', noError)).resolves.toBe('Lisbon, Portugal');
    await expect(placeOf(GEOIP_TEST_DATABASE, '198.51.100.9', noError)).resolves.toBe('New Zealand');
    await expect(placeOf(GEOIP_TEST_DATABASE, '2001:db8:1::5', noError)).resolves.toBe('Osaka, Japan');
  });

  it('answers null for an address the database does not hold, and without a database', async () => {
    await expect(placeOf(GEOIP_TEST_DATABASE, '192.0.2.1', noError)).resolves.toBeNull();
    await expect(placeOf(GEOIP_TEST_DATABASE, '127.0.0.1', noError)).resolves.toBeNull();
    await expect(placeOf(undefined, '203.0.113.7', noError)).resolves.toBeNull();
  });

  it('reports a missing or unreadable file and answers null, so a sign-in goes on', async () => {
    const errors: unknown[] = [];
    await expect(placeOf(resolve(import.meta.dirname, 'fixtures/no-such.mmdb'), '203.0.113.7', (error) => errors.push(error))).resolves.toBeNull();
    await expect(placeOf(resolve(import.meta.dirname, 'fixtures/make-geoip-test-database.pl'), '203.0.113.7', (error) => errors.push(error))).resolves.toBeNull();
    expect(errors).toHaveLength(2);
  });
});

describe.each(testDatabaseKinds())('my sessions with GEOIP_DATABASE set, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { geoipDatabase: GEOIP_TEST_DATABASE });
  });
  afterAll(() => t?.close());

  it('shows each session’s place, looked up at sign-in, beside the masked address; the raw address is stored nowhere', async () => {
    const email = `geoip.${kind}@example.com`;
    const registered = await t.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Place Tester', email, password: 'correct horse battery' },
      remoteAddress: '203.0.113.42',
    });
    expect(registered.statusCode).toBe(201);
    const cookie = `${SESSION_COOKIE}=${registered.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
    const signedIn = await t.inject({ method: 'POST', url: '/api/auth/password', payload: { email, password: 'correct horse battery' }, remoteAddress: '2001:db8:1::77' });
    expect(signedIn.statusCode).toBe(200);

    const listed = await t.inject({ method: 'GET', url: '/api/auth/sessions', cookie });
    expect(listed.statusCode).toBe(200);
    const { sessions: mine } = listed.json() as { sessions: { current: boolean; place: string | null; address: string }[] };
    expect(mine.map(({ current, place, address }) => ({ current, place, address }))).toEqual([
      { current: true, place: 'Lisbon, Portugal', address: '203.0.113.x' },
      { current: false, place: 'Osaka, Japan', address: expect.not.stringContaining('::77') },
    ]);
    const userId = (registered.json() as { user: { id: string } }).user.id;
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toMatch(/203\.0\.113\.42|2001:db8:1::77/);
  });
});
