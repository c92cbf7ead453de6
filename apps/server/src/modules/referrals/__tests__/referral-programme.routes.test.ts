import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, commissions, referralAttributions, referralClicks, users } from '@myeai/db';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { createSignedInUser } from '../../dashboard/__tests__/dashboard-helpers.ts';
import { REFERRAL_VISITOR_COOKIE } from '../visitor-id.ts';

const ORIGIN = 'https://myeai.example';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const DAY = 86_400_000;
const PASSWORD = 'a long enough passphrase 42';

describe.each(testDatabaseKinds())('referral dashboard, analytics, attribution and migration on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let address = 0;
  let emailCounter = 0;
  const nextAddress = () => `10.77.${Math.floor(++address / 250)}.${address % 250}`;

  const rows = async <T>(query: string) => ((await t.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

  /** Follows a short link like a browser; returns the visitor cookie the server set (or kept). */
  const follow = async (path: string, options: { cookie?: string; visitor?: string; referer?: string; userAgent?: string } = {}) => {
    const cookies = [options.cookie, options.visitor ? `${REFERRAL_VISITOR_COOKIE}=${options.visitor}` : undefined].filter(Boolean).join('; ');
    const response = await t.inject({
      method: 'GET',
      url: path,
      headers: { 'user-agent': options.userAgent ?? BROWSER, ...(options.referer ? { referer: options.referer } : {}) },
      cookie: cookies || undefined,
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode, response.body).toBe(302);
    return { location: response.headers.location, visitor: response.cookies.find((c) => c.name === REFERRAL_VISITOR_COOKIE)?.value ?? options.visitor };
  };

  const register = async (ref: string | undefined, options: { visitor?: string; remoteAddress?: string } = {}) => {
    emailCounter += 1;
    const response = await t.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: `Signup ${emailCounter}`, email: `signup-${emailCounter}-${kind}@example.test`, password: PASSWORD, ...(ref ? { ref } : {}) },
      cookie: options.visitor ? `${REFERRAL_VISITOR_COOKIE}=${options.visitor}` : undefined,
      remoteAddress: options.remoteAddress ?? nextAddress(),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().user.id as string;
  };

  const referredBy = async (userId: string) => (await t.database.db.select({ r: users.referredBy }).from(users).where(eq(users.id, userId)))[0]!.r;

  beforeAll(async () => {
    t = await createTestApp(kind, { publicUrl: ORIGIN });
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  describe('analytics', () => {
    it('every number equals a count made directly in SQL on a generated data set', async () => {
      const ana = await createSignedInUser(t, 'Ana Analytics');
      const other = await createSignedInUser(t, 'Otto Other');
      const devices = ['mobile', 'tablet', 'desktop', 'unknown'];
      const sites = [null, 'facebook.com', 'linkedin.com', 't.co', 'example.org', 'news.example'];
      const utm = [null, null, 'newsletter', 'x'];
      const clicks = Array.from({ length: 1500 }, (_unused, i) => {
        const at = new Date(TEST_NOW.getTime() - ((i * 7919) % (100 * DAY)));
        return {
          referrerId: i % 10 === 0 ? other.id : ana.id,
          clickedAt: at,
          clickedOn: at.toISOString().slice(0, 10),
          visitorHash: `v${(i * 31) % 400}`,
          userAgent: null,
          deviceClass: devices[i % devices.length]!,
          referringSite: sites[i % sites.length]!,
          utmSource: utm[i % utm.length]!,
        };
      });
      await t.database.db.insert(referralClicks).values(clicks);
      const members: string[] = [];
      for (let i = 0; i < 40; i += 1) {
        members.push((await createSignedInUser(t, `Member ${i}`, { referredBy: ana.id, createdAt: new Date(TEST_NOW.getTime() - i * 2.5 * DAY - 3600_000) })).id);
      }
      // Commission earned is referral commission (decision record 051): every other line arose from a member of Ana's.
      await t.database.db.insert(commissions).values(
        [1, 5, 20, 45, 80, 95, 2, 50].map((days, i) => ({
          userId: ana.id,
          originUserId: i % 2 === 0 ? members[i]! : i === 7 ? other.id : null,
          source: 'test',
          sourceReference: `ana-${kind}-${i}`,
          productName: 'Test product',
          amountCents: 1000 + i * 137,
          status: 'pending',
          earnedAt: new Date(TEST_NOW.getTime() - days * DAY),
        })),
      );

      for (const days of [7, 30, 90]) {
        const response = await t.inject({ method: 'GET', url: `/api/referral/analytics?period_days=${days}`, cookie: ana.cookie });
        expect(response.statusCode, response.body).toBe(200);
        const data = response.json().data;
        const from = new Date(Date.UTC(2026, 10, 23) - (days - 1) * DAY).toISOString();
        const to = TEST_NOW.toISOString();
        const inPeriod = `referrer_id = '${ana.id}' and clicked_at >= '${from}' and clicked_at <= '${to}'`;
        const [totals] = await rows<{ clicks: number; visitors: number }>(
          `select count(*)::int as clicks, count(distinct visitor_hash)::int as visitors from referral_clicks where ${inPeriod}`,
        );
        const [signups] = await rows<{ n: number }>(`select count(*)::int as n from users where referred_by = '${ana.id}' and created_at >= '${from}' and created_at <= '${to}'`);
        const [earned] = await rows<{ n: number }>(
          `select coalesce(sum(c.amount_cents), 0)::int as n from commissions c join users o on o.id = c.origin_user_id and o.referred_by = '${ana.id}'
           where c.user_id = '${ana.id}' and c.status <> 'withheld' and c.earned_at >= '${from}' and c.earned_at <= '${to}'`,
        );
        const sources = await rows<{ source: string; count: number }>(
          `select coalesce(utm_source, referring_site, 'direct') as source, count(*)::int as count from referral_clicks where ${inPeriod} group by 1 order by 2 desc, 1 asc limit 5`,
        );
        const deviceRows = await rows<{ device_class: string; n: number }>(`select device_class, count(*)::int as n from referral_clicks where ${inPeriod} group by 1`);
        const device = (name: string) => deviceRows.find((row) => row.device_class === name)?.n ?? 0;

        expect(data.total_clicks).toBe(totals!.clicks);
        expect(data.total_clicks).toBeGreaterThan(0);
        expect(data.unique_visitors).toBe(totals!.visitors);
        expect(data.unique_visitors).toBeLessThan(data.total_clicks);
        expect(data.signups).toBe(signups!.n);
        expect(data.commission_earned_cents).toBe(earned!.n);
        expect(data.click_to_signup_rate).toBe(Math.round((signups!.n / totals!.clicks) * 1000) / 10);
        expect(data.top_sources).toEqual(sources);
        expect(data.device_breakdown).toEqual({ mobile: device('mobile'), tablet: device('tablet'), desktop: device('desktop') });
        expect(data.daily).toHaveLength(days);
        expect(data.daily.reduce((sum: number, day: { clicks: number }) => sum + day.clicks, 0)).toBe(totals!.clicks);
        expect(data.daily.reduce((sum: number, day: { signups: number }) => sum + day.signups, 0)).toBe(signups!.n);
      }
    });

    it('refuses a period other than 7, 30 or 90 days', async () => {
      const response = await t.inject({ method: 'GET', url: '/api/referral/analytics?period_days=15', cookie: admin });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('Choose a period of 7, 30 or 90 days.');
    });
  });

  describe('clicks and the dashboard', () => {
    it('stores every click with its referring host and utm_source; unique visitors come from the hashed visitor id', async () => {
      const sam = await createSignedInUser(t, 'Sam Sharer');
      const first = await follow(`/r/${sam.referralCode}?utm_source=Newsletter`, { referer: 'https://www.facebook.com/post/1?fbclid=secret' });
      await follow(`/r/${sam.referralCode}?utm_source=Newsletter`, { visitor: first.visitor });
      await follow(`/r/${sam.referralCode}`, { referer: 'https://www.linkedin.com/feed', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1' });
      const stored = await t.database.db.select().from(referralClicks).where(eq(referralClicks.referrerId, sam.id));
      expect(stored).toHaveLength(3);
      expect(stored.map((row) => [row.utmSource, row.referringSite]).sort()).toEqual([['newsletter', 'facebook.com'], ['newsletter', null], [null, 'linkedin.com']].sort());

      const data = (await t.inject({ method: 'GET', url: '/api/referral/analytics?period_days=7', cookie: sam.cookie })).json().data;
      expect(data).toMatchObject({ total_clicks: 3, unique_visitors: 2, top_sources: [{ source: 'newsletter', count: 2 }, { source: 'linkedin.com', count: 1 }] });
      expect(data.device_breakdown).toEqual({ mobile: 1, tablet: 0, desktop: 2 });

      // The answer is cached per user until the change feed announces the referrer: a new click shows at once.
      await follow(`/r/${sam.referralCode}?utm_source=x`);
      const again = (await t.inject({ method: 'GET', url: '/api/referral/analytics?period_days=7', cookie: sam.cookie })).json().data;
      expect(again).toMatchObject({ total_clicks: 4, unique_visitors: 3 });
    });

    it('gives links built from PUBLIC_URL, the newest members, the position card, and QR images drawn by the server', async () => {
      const lea = await createSignedInUser(t, 'Lea Leader');
      for (let i = 0; i < 12; i += 1) await createSignedInUser(t, `Recruit ${i}`, { referredBy: lea.id, createdAt: new Date(TEST_NOW.getTime() - i * DAY) });
      const response = await t.inject({ method: 'GET', url: '/api/referral/dashboard', cookie: lea.cookie });
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json().data;
      expect(data.user_info).toMatchObject({
        referral_link: `${ORIGIN}/join?ref=${lea.referralCode}`,
        short_link: `${ORIGIN}/r/${lea.referralCode}`,
        share_code: `MYEAI-${lea.referralCode}`,
        qr_code_url: '/api/referral/qr.svg',
      });
      expect(data.user_info.share_text).toContain(`MYEAI-${lea.referralCode}`);
      expect(data.team_members).toHaveLength(10);
      expect(data.team_members[0]).toMatchObject({ display_name: 'Recruit 0', referral_code_used: lea.referralCode, current_status: 'other' });
      expect(data.team_total).toBe(12);
      const [above] = await rows<{ n: number }>(`select count(*)::int as n from (select referred_by from users where referred_by is not null group by 1 having count(*) > 12) x`);
      expect(data.leaderboard_position).toMatchObject({ level: 'Bronze', total_referrals: 12, overall_rank: above!.n + 1, next_level: { level: 'Silver', referrals_needed: 8 } });

      const svg = await t.inject({ method: 'GET', url: '/api/referral/qr.svg', cookie: lea.cookie });
      expect(svg.headers['content-type']).toContain('image/svg+xml');
      expect(svg.body).toContain('<svg');
      const png = await t.inject({ method: 'GET', url: '/api/referral/qr.png', cookie: lea.cookie });
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      expect((await t.inject({ method: 'GET', url: '/api/referral/qr.png' })).statusCode).toBe(401);
    });
  });

  describe('attribution', () => {
    it('credits the first code the visitor followed within the window, not the code typed at sign-up', async () => {
      const firstReferrer = await createSignedInUser(t, 'Fiona First');
      const later = await createSignedInUser(t, 'Larry Later');
      const visit = await follow(`/r/${firstReferrer.referralCode}`);
      t.clock.advance(3 * DAY);
      await follow(`/r/${later.referralCode}`, { visitor: visit.visitor });
      const userId = await register(later.referralCode, { visitor: visit.visitor });
      expect(await referredBy(userId)).toBe(firstReferrer.id);
      t.clock.set(TEST_NOW);
    });

    it('a code followed more than the window ago does not count; the typed code is credited', async () => {
      const old = await createSignedInUser(t, 'Olga Old');
      const typed = await createSignedInUser(t, 'Tina Typed');
      const visit = await follow(`/r/${old.referralCode}`);
      t.clock.advance(60 * DAY + 1000);
      const userId = await register(typed.referralCode, { visitor: visit.visitor });
      expect(await referredBy(userId)).toBe(typed.id);
      t.clock.set(TEST_NOW);
    });

    it('a self-referral (a browser the referrer used) is flagged with evidence, not credited; an admin clears it once', async () => {
      const self = await createSignedInUser(t, 'Selma Self');
      // Signed in, Selma opens her own short link: this browser is now hers.
      const visit = await follow(`/r/${self.referralCode}`, { cookie: self.cookie });
      const userId = await register(self.referralCode, { visitor: visit.visitor });
      expect(await referredBy(userId)).toBeNull();

      const list = await t.inject({ method: 'GET', url: '/api/admin/referral-flags', cookie: admin });
      expect(list.statusCode, list.body).toBe(200);
      const flag = list.json().data.find((candidate: { signup: { user_id: string } }) => candidate.signup.user_id === userId);
      expect(flag).toMatchObject({ status: 'open', reasons: ['self_referral_visitor'], referrer: { user_id: self.id } });
      expect(flag.evidence.visitor_hash).toMatch(/^[0-9a-f]{12}$/);
      expect(JSON.stringify(flag)).not.toMatch(/10\.77\./);

      expect((await t.inject({ method: 'GET', url: '/api/admin/referral-flags', cookie: self.cookie })).statusCode).toBe(403);
      expect((await t.inject({ method: 'POST', url: `/api/admin/referral-flags/${flag.id}/clear`, cookie: self.cookie })).statusCode).toBe(403);

      const cleared = await t.inject({ method: 'POST', url: `/api/admin/referral-flags/${flag.id}/clear`, cookie: admin });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json().data).toMatchObject({ status: 'cleared', reviewed_by_name: 'Ada Admin' });
      expect(await referredBy(userId)).toBe(self.id);
      const again = await t.inject({ method: 'POST', url: `/api/admin/referral-flags/${flag.id}/confirm`, cookie: admin });
      expect(again.statusCode).toBe(409);
      const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'referral_flag.clear'));
      expect(audit.some((entry) => entry.target === userId)).toBe(true);
    });

    it('a burst of sign-ups from one address is flagged, none credited; confirming keeps the credit removed', async () => {
      const burstReferrer = await createSignedInUser(t, 'Bruno Burst');
      const shared = nextAddress();
      const first = await register(burstReferrer.referralCode, { remoteAddress: shared });
      const second = await register(burstReferrer.referralCode, { remoteAddress: shared });
      expect(await referredBy(first)).toBe(burstReferrer.id);
      expect(await referredBy(second)).toBe(burstReferrer.id);
      const third = await register(burstReferrer.referralCode, { remoteAddress: shared });
      const elsewhere = await register(burstReferrer.referralCode);
      for (const id of [first, second, third]) expect(await referredBy(id)).toBeNull();
      expect(await referredBy(elsewhere)).toBe(burstReferrer.id);

      const stored = await t.database.db.select().from(referralAttributions).where(eq(referralAttributions.referrerId, burstReferrer.id));
      expect(stored.filter((row) => row.status === 'open').map((row) => row.reasons)).toEqual([['burst'], ['burst'], ['burst']]);
      expect(stored.every((row) => !row.networkHash?.includes(shared) && row.networkHash?.length === 64)).toBe(true);

      const thirdFlag = stored.find((row) => row.userId === third)!;
      const confirmed = await t.inject({ method: 'POST', url: `/api/admin/referral-flags/${thirdFlag.id}/confirm`, cookie: admin });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().data.evidence.signups_from_network_in_window).toBe(3);
      expect(await referredBy(third)).toBeNull();
    });

    it('TRUST_PROXY: behind a named proxy the address comes from X-Forwarded-For; without it the header is not believed', async () => {
      // The test clients connect from 10.77.x.x: here they are the load balancer's addresses.
      const proxied = await createTestApp(kind, { publicUrl: ORIGIN, trustProxy: '10.0.0.0/8' }, { database: t.database });
      try {
        const signUp = async (app: TestApp, ref: string) => {
          emailCounter += 1;
          const response = await app.inject({
            method: 'POST',
            url: '/api/auth/register',
            payload: { name: `Proxied ${emailCounter}`, email: `proxied-${emailCounter}-${kind}@example.test`, password: PASSWORD, ref },
            headers: { 'x-forwarded-for': '198.51.100.7' },
            remoteAddress: nextAddress(),
          });
          expect(response.statusCode, response.body).toBe(201);
          return response.json().user.id as string;
        };
        const behindProxy = await createSignedInUser(t, 'Petra Proxied');
        const ids = [await signUp(proxied, behindProxy.referralCode), await signUp(proxied, behindProxy.referralCode), await signUp(proxied, behindProxy.referralCode)];
        for (const id of ids) expect(await referredBy(id)).toBeNull();

        const direct = await createSignedInUser(t, 'Dora Direct');
        const directIds = [await signUp(t, direct.referralCode), await signUp(t, direct.referralCode), await signUp(t, direct.referralCode)];
        for (const id of directIds) expect(await referredBy(id)).toBe(direct.id);
      } finally {
        await proxied.close();
      }
    });

    it('the attribution window is configurable by admins only, within 1-365 days', async () => {
      expect((await t.inject({ method: 'GET', url: '/api/admin/referral-settings', cookie: admin })).json().data).toEqual({ attribution_window_days: 60 });
      const bad = await t.inject({ method: 'PUT', url: '/api/admin/referral-settings', cookie: admin, payload: { attribution_window_days: 0 } });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('Enter a whole number of days from 1 to 365.');
      const saved = await t.inject({ method: 'PUT', url: '/api/admin/referral-settings', cookie: admin, payload: { attribution_window_days: 45 } });
      expect(saved.json().data).toEqual({ attribution_window_days: 45 });
      await t.inject({ method: 'PUT', url: '/api/admin/referral-settings', cookie: admin, payload: { attribution_window_days: 60 } });
    });
  });

  describe('referral link migration', () => {
    it('is admin only ("Admin access required"); a run updates every user, a second updates none; legacy links keep resolving', async () => {
      const legacy = await createSignedInUser(t, 'Leo Legacy');
      await t.database.db.update(users).set({ referralCode: 'leo2019' }).where(eq(users.id, legacy.id));
      const refused = await t.inject({ method: 'POST', url: '/api/admin/referral-migration', cookie: legacy.cookie });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message ?? refused.body).toContain('Admin access required');

      const started = await t.inject({ method: 'POST', url: '/api/admin/referral-migration', cookie: admin });
      expect(started.statusCode, started.body).toBe(202);
      expect(started.json().data.status).toBe('queued');
      expect((await t.inject({ method: 'POST', url: '/api/admin/referral-migration', cookie: admin })).statusCode).toBe(409);
      await t.runJobs();
      const [{ n: total }] = (await rows<{ n: number }>('select count(*)::int as n from users')) as [{ n: number }];
      const first = (await t.inject({ method: 'GET', url: '/api/admin/referral-migration', cookie: admin })).json().data;
      expect(first).toMatchObject({ status: 'succeeded', data: { total_users: total, processed: total, updated: total, skipped: 0, errors: 0, frontend_url: ORIGIN } });
      const [migrated] = await t.database.db.select({ code: users.referralCode }).from(users).where(eq(users.id, legacy.id));
      expect(migrated!.code).toMatch(/^[A-Z2-9]{8}$/);
      const entry = first.migration_log.find((log: { user_id: string }) => log.user_id === legacy.id);
      expect(entry).toMatchObject({ status: 'updated', referral_code: migrated!.code, old_link: `${ORIGIN}/join?ref=${legacy.id}`, new_link: `${ORIGIN}/join?ref=${migrated!.code}` });

      expect((await follow('/r/leo2019')).location).toBe(`/join?ref=${migrated!.code}`);
      expect((await follow(`/r/${legacy.id}`)).location).toBe(`/join?ref=${migrated!.code}`);
      const join = await t.inject({ method: 'GET', url: `/api/join?ref=${legacy.id}`, remoteAddress: nextAddress() });
      expect(join.json().data.referral_code).toBe(migrated!.code);

      expect((await t.inject({ method: 'POST', url: '/api/admin/referral-migration', cookie: admin })).statusCode).toBe(202);
      await t.runJobs();
      const second = (await t.inject({ method: 'GET', url: '/api/admin/referral-migration', cookie: admin })).json().data;
      expect(second.data).toMatchObject({ total_users: total, updated: 0, skipped: total, errors: 0 });
      const [after] = await t.database.db.select({ code: users.referralCode }).from(users).where(eq(users.id, legacy.id));
      expect(after!.code).toBe(migrated!.code);
    });
  });
});
