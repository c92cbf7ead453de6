import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, referralClicks, referralLandingEvents } from '@myeai/db';
import { DEFAULT_REFERRAL_LANDING_CONTENT, ROLES } from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { createSignedInUser, insertCommission } from '../../dashboard/__tests__/dashboard-helpers.ts';
import { REFERRAL_VISITOR_COOKIE } from '../visitor-id.ts';

const ORIGIN = 'https://myeai.example';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const VISITOR_TOKEN = /^[0-9a-f]{32}\.[0-9a-f]{32}$/;
const DAY = 86_400_000;

describe.each(testDatabaseKinds())('referrals on %s', (kind) => {
  let t: TestApp;
  let dana: Awaited<ReturnType<typeof createSignedInUser>>;
  let ip = 0;
  /** Each test gets its own client address, so the per-address limits do not mix. */
  const nextAddress = () => `10.20.${Math.floor(++ip / 250)}.${ip % 250}`;

  const follow = (path: string, headers: Record<string, string> = {}, remoteAddress = '10.1.0.1') =>
    t.inject({ method: 'GET', url: path, headers: { 'user-agent': BROWSER, ...headers }, remoteAddress });
  const visitorCookie = (response: Awaited<ReturnType<typeof follow>>) => response.cookies.find((c) => c.name === REFERRAL_VISITOR_COOKIE);
  const clicks = () => t.database.db.select().from(referralClicks).where(eq(referralClicks.referrerId, dana.id));
  const stats = async (cookie = dana.cookie) => {
    const response = await t.inject({ method: 'GET', url: '/api/referral/stats', cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const join = (ref: string | null, options: { cookie?: string; remoteAddress?: string } = {}) =>
    t.inject({ method: 'GET', url: ref === null ? '/api/join' : `/api/join?ref=${encodeURIComponent(ref)}`, cookie: options.cookie, remoteAddress: options.remoteAddress ?? '10.2.0.1' });

  beforeAll(async () => {
    t = await createTestApp(kind, { publicUrl: ORIGIN });
    dana = await createSignedInUser(t, 'Dana  Referrer-Smith');
  });
  afterAll(() => t.close());

  describe('the short link /r/CODE', () => {
    it('stores every click and sends everyone to /join?ref=CODE; the visitor keeps one id', async () => {
      const first = await follow(`/r/${dana.referralCode}`);
      expect(first.statusCode).toBe(302);
      expect(first.headers.location).toBe(`/join?ref=${dana.referralCode}`);
      expect(first.headers['cache-control']).toBe('no-store');
      const cookie = visitorCookie(first);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie!.value).toMatch(VISITOR_TOKEN);

      const again = await follow(`/r/${dana.referralCode}`, { cookie: `${REFERRAL_VISITOR_COOKIE}=${cookie!.value}` });
      expect(again.statusCode).toBe(302);
      expect(visitorCookie(again)).toBeUndefined();
      const both = await clicks();
      expect(both).toHaveLength(2);
      expect(both[0]!.visitorHash).toBe(both[1]!.visitorHash);

      const [row] = both;
      expect(row).toMatchObject({ clickedOn: '2026-11-23', deviceClass: 'desktop', userAgent: BROWSER });
      expect(row!.visitorHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row!.visitorHash).not.toContain(cookie!.value.split('.')[0]);
    });

    it('another visitor, a forged cookie, the prefixed or lower-case code each count as a new visitor', async () => {
      await follow(`/r/${dana.referralCode}`, { referer: 'https://www.facebook.com/some/post?id=1' });
      const forged = await follow(`/r/MYEAI-${dana.referralCode}`, { cookie: `${REFERRAL_VISITOR_COOKIE}=${'0'.repeat(32)}.${'0'.repeat(32)}` });
      expect(forged.headers.location).toBe(`/join?ref=${dana.referralCode}`);
      expect(visitorCookie(forged)?.value).toMatch(VISITOR_TOKEN);
      const lower = await follow(`/r/${dana.referralCode.toLowerCase()}`);
      expect(lower.headers.location).toBe(`/join?ref=${dana.referralCode}`);
      const rows = await clicks();
      expect(rows).toHaveLength(5);
      expect(new Set(rows.map((r) => r.visitorHash)).size).toBe(4);
      expect(rows.map((r) => r.referringSite)).toContain('facebook.com');
    });

    it.each<{ label: string; headers: Record<string, string> }>([
      { label: 'a bot', headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } },
      { label: 'a prefetch', headers: { 'sec-purpose': 'prefetch' } },
      { label: 'an image request (cookie stuffing)', headers: { 'sec-fetch-dest': 'image' } },
      { label: 'an iframe', headers: { 'sec-fetch-dest': 'iframe', 'sec-fetch-mode': 'navigate' } },
    ])('$label still redirects but counts nothing and sets no cookie', async ({ headers }) => {
      const before = (await clicks()).length;
      const response = await follow(`/r/${dana.referralCode}`, headers);
      expect(response.statusCode).toBe(302);
      expect(visitorCookie(response)).toBeUndefined();
      expect(await clicks()).toHaveLength(before);
    });

    it('HEAD counts nothing', async () => {
      const before = (await clicks()).length;
      const response = await t.inject({ method: 'HEAD', url: `/r/${dana.referralCode}`, headers: { 'user-agent': BROWSER } });
      expect(response.statusCode).toBe(302);
      expect(await clicks()).toHaveLength(before);
    });

    it('an unknown well-formed code redirects the same way (no oracle) and records nothing; a malformed one is a 404 page, never a redirect', async () => {
      const before = (await t.database.db.select().from(referralClicks)).length;
      const unknown = await follow('/r/ZZZZZZZZ');
      expect(unknown.statusCode).toBe(302);
      expect(unknown.headers.location).toBe('/join?ref=ZZZZZZZZ');
      expect(visitorCookie(unknown)).toBeUndefined();
      for (const bad of ['%2F%2Fevil.example', 'evil.example', '%0d%0aLocation:%20evil.example', 'ABCD1234', `${'A'.repeat(64)}`, '..%2F..%2Fadmin', '%5Cevil.example']) {
        const response = await follow(`/r/${bad}`);
        expect(response.statusCode, bad).toBe(404);
        expect(response.headers.location, bad).toBeUndefined();
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.body).not.toContain('evil');
      }
      // More path segments are not the short link at all (the web app's not-found page).
      const nested = await follow(`/r/${dana.referralCode}/https://evil.example`);
      expect(nested.statusCode).not.toBe(302);
      expect(nested.headers.location).toBeUndefined();
      expect(await t.database.db.select().from(referralClicks)).toHaveLength(before);
    });

    it('is limited per address: 429 past 60 a minute', async () => {
      const address = nextAddress();
      for (let i = 0; i < 60; i += 1) expect((await follow('/r/ZZZZZZZZ', {}, address)).statusCode).toBe(302);
      const limited = await follow('/r/ZZZZZZZZ', {}, address);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    });
  });

  describe('GET /api/referral/stats', () => {
    it('computes the popup’s figures from stored clicks, sign-ups and the referral commission of the ledger', async () => {
      // Yesterday's click does not count today.
      t.clock.set(new Date(TEST_NOW.getTime() - DAY));
      await follow(`/r/${dana.referralCode}`);
      t.clock.set(TEST_NOW);
      const ria = await createSignedInUser(t, 'Ria Today', { roles: ['newcomer'], referredBy: dana.id, createdAt: new Date('2026-11-23T08:00:00Z') });
      const rex = await createSignedInUser(t, 'Rex Earlier', { roles: ['newcomer'], referredBy: dana.id, createdAt: new Date('2026-11-18T08:00:00Z') });
      // Referral commission (decision record 051): the lines that arose from Ria and Rex, not the one with no origin.
      await insertCommission(t, dana.id, { amountCents: 5_000, status: 'paid', earnedAt: '2026-10-10T12:00:00Z', paidAt: '2026-10-20T08:00:00Z', originUserId: rex.id });
      await insertCommission(t, dana.id, { amountCents: 3_000, status: 'processing', earnedAt: '2026-11-03T12:00:00Z' });
      await insertCommission(t, dana.id, { amountCents: 4_500, status: 'pending', earnedAt: '2026-11-23T09:00:00Z', originUserId: ria.id });

      expect(await stats()).toEqual({
        clicks_today: 4,
        total_referrals: 2,
        conversions_today: 1,
        monthly_commission_cents: 4_500,
        total_commission_cents: 9_500,
        short_link: `${ORIGIN}/r/${dana.referralCode}`,
        referral_link: `${ORIGIN}/join?ref=${dana.referralCode}`,
        referral_code: dana.referralCode,
        user_name: 'Dana  Referrer-Smith',
      });
    });

    it('never counts another user’s clicks or sign-ups', async () => {
      const other = await createSignedInUser(t, 'Olga Other');
      expect(await stats(other.cookie)).toMatchObject({ clicks_today: 0, total_referrals: 0, conversions_today: 0, monthly_commission_cents: 0, total_commission_cents: 0, referral_code: other.referralCode });
    });

    it('is for signed-in users of every role', async () => {
      expect((await t.inject({ method: 'GET', url: '/api/referral/stats' })).statusCode).toBe(401);
      for (const role of ROLES) expect((await t.inject({ method: 'GET', url: '/api/referral/stats', cookie: await t.signInAs(role) })).statusCode, role).toBe(200);
    });
  });

  describe('GET /api/join', () => {
    it('returns the content with the referrer’s first name only, and a signed visitor id', async () => {
      const response = await join(dana.referralCode.toLowerCase());
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json();
      expect(body).toEqual({
        status: 'success',
        data: {
          visitor_id: expect.stringMatching(VISITOR_TOKEN),
          referral_code: dana.referralCode,
          referrer_name: 'Dana',
          content: {
            ...DEFAULT_REFERRAL_LANDING_CONTENT,
            main_title: 'Dana invited you to MYEAI',
            cta_subtitle: 'Join Dana and start today.',
            short_message: 'Dana invited you to MYEAI: 7 days of free access, no credit card.',
          },
        },
      });
      expect(response.body).not.toContain('Referrer-Smith');
      expect(response.body).not.toContain('@example.test');
      expect(visitorCookie(response)?.value).toBe(body.data.visitor_id);
    });

    it('keeps the visitor of the short link', async () => {
      const click = await follow(`/r/${dana.referralCode}`, {}, '10.3.0.1');
      const token = visitorCookie(click)!.value;
      const response = await join(dana.referralCode, { cookie: `${REFERRAL_VISITOR_COOKIE}=${token}` });
      expect(response.json().data.visitor_id).toBe(token);
      expect(visitorCookie(response)).toBeUndefined();
    });

    it('answers an unknown or malformed code alike: 404 "Invalid referral code"; a missing one: 400', async () => {
      for (const ref of ['ZZZZZZZZ', 'not a code', '<script>', 'MYEAI-']) {
        const response = await join(ref);
        expect(response.statusCode, ref).toBe(404);
        expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Invalid referral code' } });
      }
      expect((await join(null)).statusCode).toBe(400);
      expect((await join('  ')).statusCode).toBe(400);
    });

    it('is limited per address: 429 past 30 a minute (code enumeration)', async () => {
      const address = nextAddress();
      for (let i = 0; i < 30; i += 1) expect((await join('ZZZZZZZZ', { remoteAddress: address })).statusCode).toBe(404);
      expect((await join(dana.referralCode, { remoteAddress: address })).statusCode).toBe(429);
    });

    it('shows what an admin saved, with the name filled in; the edit is admin only and audited', async () => {
      const admin = await t.signInAs('admin');
      const content = { ...DEFAULT_REFERRAL_LANDING_CONTENT, main_title: 'Welcome, friend of {referrer_name}', features: [{ icon: 'rocket', title: 'Fast start', description: '{referrer_name} will help you.' }] };
      for (const role of ROLES.filter((r) => r !== 'admin')) {
        expect((await t.inject({ method: 'PUT', url: '/api/admin/referral-landing', cookie: await t.signInAs(role), payload: content })).statusCode, role).toBe(403);
      }
      expect((await t.inject({ method: 'PUT', url: '/api/admin/referral-landing', cookie: admin, payload: { ...content, features: [{ icon: 'skull', title: 'x', description: 'y' }] } })).statusCode).toBe(400);
      expect((await t.inject({ method: 'PUT', url: '/api/admin/referral-landing', cookie: admin, payload: { ...content, extra: 1 } })).statusCode).toBe(400);
      const saved = await t.inject({ method: 'PUT', url: '/api/admin/referral-landing', cookie: admin, payload: content });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ content, updated_at: TEST_NOW.toISOString() });
      const read = await t.inject({ method: 'GET', url: '/api/admin/referral-landing', cookie: admin });
      expect(read.json().content.main_title).toBe('Welcome, friend of {referrer_name}');
      const landing = (await join(dana.referralCode, { remoteAddress: nextAddress() })).json().data.content;
      expect(landing.main_title).toBe('Welcome, friend of Dana');
      expect(landing.features).toEqual([{ icon: 'rocket', title: 'Fast start', description: 'Dana will help you.' }]);
      expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'referral_landing.update'))).toHaveLength(1);
    });
  });

  describe('landing page reports', () => {
    let visitorId: string;
    const events = () => t.database.db.select().from(referralLandingEvents).where(eq(referralLandingEvents.referrerId, dana.id));
    const post = (url: string, payload: unknown, options: { contentType?: string; remoteAddress?: string } = {}) =>
      t.inject({
        method: 'POST',
        url,
        headers: { 'content-type': options.contentType ?? 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        remoteAddress: options.remoteAddress ?? '10.4.0.1',
      });

    beforeAll(async () => {
      visitorId = (await join(dana.referralCode, { remoteAddress: nextAddress() })).json().data.visitor_id;
    });

    it('stores time on page (whole seconds) and CTA clicks of a visitor the server issued', async () => {
      const pageTime = await post('/api/track/page-time', { visitor_id: visitorId, referral_code: dana.referralCode, time_on_page_seconds: 42.6 });
      expect(pageTime.statusCode, pageTime.body).toBe(200);
      expect(pageTime.json()).toEqual({ status: 'success' });
      // navigator.sendBeacon sends the same JSON as text/plain.
      const beacon = await post('/api/track/page-time', JSON.stringify({ visitor_id: visitorId, referral_code: dana.referralCode, time_on_page_seconds: 7 }), { contentType: 'text/plain;charset=UTF-8' });
      expect(beacon.statusCode, beacon.body).toBe(200);
      const cta = await post('/api/track/cta-click', { visitor_id: visitorId, referral_code: `MYEAI-${dana.referralCode}` });
      expect(cta.statusCode, cta.body).toBe(200);
      const rows = await events();
      expect(rows.map((r) => [r.kind, r.timeOnPageSeconds]).sort()).toEqual([
        ['cta_click', null],
        ['page_time', 43],
        ['page_time', 7],
      ]);
      expect(rows[0]!.visitorHash).toMatch(/^[0-9a-f]{64}$/);
    });

    it.each([
      { label: 'a forged visitor id', url: '/api/track/cta-click', payload: () => ({ visitor_id: `${'a'.repeat(32)}.${'b'.repeat(32)}`, referral_code: dana.referralCode }) },
      { label: 'a made-up visitor id', url: '/api/track/page-time', payload: () => ({ visitor_id: 'visitor-1', referral_code: dana.referralCode, time_on_page_seconds: 3 }) },
      { label: 'an unknown code', url: '/api/track/cta-click', payload: () => ({ visitor_id: visitorId, referral_code: 'ZZZZZZZZ' }) },
      { label: '1e12 seconds', url: '/api/track/page-time', payload: () => ({ visitor_id: visitorId, referral_code: dana.referralCode, time_on_page_seconds: 1e12 }) },
      { label: '-5 seconds', url: '/api/track/page-time', payload: () => ({ visitor_id: visitorId, referral_code: dana.referralCode, time_on_page_seconds: -5 }) },
      { label: 'seconds as text', url: '/api/track/page-time', payload: () => ({ visitor_id: visitorId, referral_code: dana.referralCode, time_on_page_seconds: '12' }) },
      { label: 'a missing time', url: '/api/track/page-time', payload: () => ({ visitor_id: visitorId, referral_code: dana.referralCode }) },
      { label: 'an extra field', url: '/api/track/cta-click', payload: () => ({ visitor_id: visitorId, referral_code: dana.referralCode, referrer_id: dana.id }) },
      { label: 'a body that is not JSON', url: '/api/track/cta-click', payload: () => '{not json' },
    ])('refuses $label with 400 and stores nothing', async ({ url, payload }) => {
      const before = (await events()).length;
      const response = await post(url, payload(), { remoteAddress: nextAddress() });
      expect(response.statusCode, response.body).toBe(400);
      expect(await events()).toHaveLength(before);
    });

    it('is limited per address: 429 past 60 a minute; the money figures never move', async () => {
      const before = await stats();
      const address = nextAddress();
      for (let i = 0; i < 60; i += 1) {
        expect((await post('/api/track/cta-click', { visitor_id: visitorId, referral_code: dana.referralCode }, { remoteAddress: address })).statusCode).toBe(200);
      }
      expect((await post('/api/track/cta-click', { visitor_id: visitorId, referral_code: dana.referralCode }, { remoteAddress: address })).statusCode).toBe(429);
      const after = await stats();
      expect([after.monthly_commission_cents, after.total_commission_cents, after.total_referrals]).toEqual([before.monthly_commission_cents, before.total_commission_cents, before.total_referrals]);
    });
  });
});
