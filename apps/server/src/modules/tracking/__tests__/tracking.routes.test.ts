import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions, conversions, linkClicks, mailOutbox, notifications, products, users } from '@myeai/db';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { click, createTestProduct, postConversion, referralCode, signature, unixNow } from './affiliate-test-helpers.ts';

type Stats = { clicks: number; unique_visitors: number; conversions: number };

describe.each(testDatabaseKinds())('affiliate links and conversions on %s', (kind) => {
  let t: TestApp;
  let affiliate: string;
  let affiliateId: string;
  let code: string;

  const statsOf = async (productId: string, cookie = affiliate): Promise<Stats> => {
    const response = await t.inject({ method: 'GET', url: '/api/products', cookie });
    const product = (response.json().products as { id: string; stats: Stats }[]).find((p) => p.id === productId);
    if (!product) throw new Error('product not listed');
    return product.stats;
  };
  const clicksOf = (productId: string) => t.database.db.select().from(linkClicks).where(eq(linkClicks.productId, productId)).orderBy(desc(linkClicks.clickedAt));
  const counts = async () => ({
    conversions: (await t.database.db.select().from(conversions)).length,
    commissions: (await t.database.db.select().from(commissions)).length,
    notifications: (await t.database.db.select().from(notifications).where(eq(notifications.userId, affiliateId))).length,
    mail: (await t.database.db.select().from(mailOutbox)).length,
  });
  const visitorCookie = (response: Awaited<ReturnType<typeof click>>) => response.cookies.find((c) => c.name === 'myeai_vid');

  beforeAll(async () => {
    t = await createTestApp(kind);
    affiliate = await t.signInAs('affiliate');
    code = await referralCode(t, 'affiliate@demo.myeai.local');
    affiliateId = (await t.database.db.select().from(users).where(eq(users.email, 'affiliate@demo.myeai.local')))[0]!.id;
  });
  afterAll(() => t.close());

  describe('GET /go/:productId', () => {
    it('records the click and redirects (302) to exactly the stored master link, with a first-party visitor cookie', async () => {
      const product = await createTestProduct(t);
      const response = await click(t, `${product.affiliate_path.split('?')[0]}?ref=${code}`, {
        referer: 'https://www.facebook.com/groups/traders/posts/123?fbclid=secret',
        'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari/604.1',
        'x-forwarded-for': '203.0.113.9',
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('https://merchant.example/landing?campaign=test');
      expect(response.headers['cache-control']).toBe('no-store');
      const cookie = visitorCookie(response);
      expect(cookie).toMatchObject({ httpOnly: true, path: '/go', sameSite: 'Lax', maxAge: 31_536_000 });
      expect(cookie?.value).toMatch(/^[0-9a-f]{32}$/);

      const [row] = await clicksOf(product.id);
      expect(row).toMatchObject({
        referrerId: affiliateId,
        clickedAt: t.clock.now(),
        clickedOn: '2026-11-23',
        deviceClass: 'mobile',
        referringSite: 'www.facebook.com',
        visitorHash: createHash('sha256').update(`myeai-visitor:${cookie!.value}`).digest('hex'),
      });
      expect(row?.userAgent).toContain('iPhone');
      // Never the raw IP address, nor the referring page's path or query.
      expect(JSON.stringify(row)).not.toMatch(/127\.0\.0\.1|203\.0\.113\.9|fbclid|groups/);
      expect(await statsOf(product.id)).toEqual({ clicks: 1, unique_visitors: 1, conversions: 0 });
    });

    it('counts one unique visitor per visitor per product per UTC day, however often they click', async () => {
      const product = await createTestProduct(t);
      const path = product.affiliate_path.split('?')[0]!;
      const first = await click(t, `${path}?ref=${code}`);
      const visitor = `myeai_vid=${visitorCookie(first)!.value}`;
      await click(t, `${path}?ref=${code}`, { cookie: visitor });
      await click(t, `${path}?ref=${code}`, { cookie: visitor });
      expect(await statsOf(product.id)).toEqual({ clicks: 3, unique_visitors: 1, conversions: 0 });
      await click(t, `${path}?ref=${code}`); // another browser (no cookie)
      expect(await statsOf(product.id)).toEqual({ clicks: 4, unique_visitors: 2, conversions: 0 });
      t.clock.advance(86_400_000);
      try {
        await click(t, `${path}?ref=${code}`, { cookie: visitor });
        expect(await statsOf(product.id)).toEqual({ clicks: 5, unique_visitors: 3, conversions: 0 });
      } finally {
        t.clock.advance(-86_400_000);
      }
    });

    it.each([
      { label: 'no ref', query: '' },
      { label: 'an unknown code', query: '?ref=ZZZZZZZZ' },
      { label: 'a user id instead of a code', query: '?ref=1' },
      { label: 'a URL as ref', query: '?ref=//evil.example' },
    ])('redirects with $label but attributes the click to nobody', async ({ query }) => {
      const product = await createTestProduct(t);
      const response = await click(t, `/go/${product.id}${query}`);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('https://merchant.example/landing?campaign=test');
      const rows = await clicksOf(product.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.referrerId).toBeNull();
    });

    it('never lets a query parameter choose the destination', async () => {
      const product = await createTestProduct(t);
      for (const query of ['?next=https://evil.example', '?url=//evil.example&ref=%0d%0aLocation:%20https://evil.example', `?ref=${code}&redirect=javascript:alert(1)`]) {
        const response = await click(t, `/go/${product.id}${query}`);
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe('https://merchant.example/landing?campaign=test');
      }
    });

    it.each([
      { label: 'an unknown product', path: () => '/go/00000000-0000-4000-8000-000000000000' },
      { label: 'a malformed id', path: () => '/go/..%2F..%2Fevil' },
    ])('answers $label with a 404 page, never a redirect', async ({ path }) => {
      const response = await click(t, `${path()}?ref=${code}`);
      expect(response.statusCode).toBe(404);
      expect(response.headers.location).toBeUndefined();
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('Link not found');
      expect(response.body).not.toContain(code);
    });

    it('refuses a very long id (414), never a redirect', async () => {
      const response = await click(t, `/go/${'a'.repeat(3000)}?ref=${code}`);
      expect(response.statusCode).toBe(414);
      expect(response.headers.location).toBeUndefined();
    });

    it('answers an inactive or deleted product with 404 and records nothing', async () => {
      const admin = await t.signInAs('admin');
      const inactive = await createTestProduct(t, { is_active: false });
      const deleted = await createTestProduct(t);
      expect((await t.inject({ method: 'DELETE', url: `/api/admin/products/${deleted.id}`, cookie: admin })).statusCode).toBe(204);
      for (const product of [inactive, deleted]) {
        const response = await click(t, `/go/${product.id}?ref=${code}`);
        expect(response.statusCode).toBe(404);
        expect(response.headers.location).toBeUndefined();
        expect(await clicksOf(product.id)).toHaveLength(0);
      }
    });

    it.each([
      { label: 'a javascript: link', link: 'javascript:alert(document.cookie)' },
      { label: 'a relative link', link: '/dashboard' },
      { label: 'a scheme-relative link', link: '//evil.example' },
      { label: 'a link with credentials', link: 'https://user:pw@evil.example' },
      { label: 'a link with a line break', link: 'https://merchant.example/\r\nSet-Cookie: a=b' },
    ])('refuses to redirect to $label found in the database (checked again on redirect): 404', async ({ link }) => {
      const product = await createTestProduct(t);
      await t.database.db.update(products).set({ masterLink: link }).where(eq(products.id, product.id));
      const response = await click(t, `/go/${product.id}?ref=${code}`);
      expect(response.statusCode).toBe(404);
      expect(response.headers.location).toBeUndefined();
      expect(await clicksOf(product.id)).toHaveLength(0);
    });

    it.each([
      { label: 'HEAD', method: 'HEAD' as const, headers: {} },
      { label: 'an <img> request (cookie stuffing)', method: 'GET' as const, headers: { 'sec-fetch-dest': 'image', 'sec-fetch-mode': 'no-cors' } },
      { label: 'an iframe', method: 'GET' as const, headers: { 'sec-fetch-dest': 'iframe', 'sec-fetch-mode': 'navigate' } },
      { label: 'a prefetch', method: 'GET' as const, headers: { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', 'sec-purpose': 'prefetch' } },
      { label: 'a crawler', method: 'GET' as const, headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' } },
    ])('still redirects $label but records no click and sets no cookie', async ({ method, headers }) => {
      const product = await createTestProduct(t);
      const response = await t.inject({ method, url: `/go/${product.id}?ref=${code}`, headers: { 'user-agent': 'Mozilla/5.0 Chrome/140.0', ...headers } });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('https://merchant.example/landing?campaign=test');
      expect(visitorCookie(response)).toBeUndefined();
      expect(await clicksOf(product.id)).toHaveLength(0);
    });
  });

  describe('POST /api/conversions', () => {
    const sale = (productId: string, order: string, amount = 12_345) => ({ product_id: productId, order_id: order, amount_cents: amount, ref: code });

    it('with a good signature creates one pending commission of amount x rate for the referrer, and notifies them', async () => {
      const product = await createTestProduct(t, { commission_rate_bp: 1_250 });
      await click(t, `/go/${product.id}?ref=${code}`);
      const [theClick] = await clicksOf(product.id);
      const before = await counts();

      const response = await postConversion(t, product.secret, sale(product.id, 'ORDER-1', 9_999));
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({
        status: 'created',
        commission: { product_id: product.id, product_name: 'Test Product', amount_cents: 1_250, currency: 'USD', status: 'pending', source: 'conversion', rate_bp: 1_250, paid_at: null },
      });
      const [conversion] = await t.database.db.select().from(conversions).where(eq(conversions.id, body.conversion_id));
      expect(conversion).toMatchObject({ productId: product.id, merchantOrderId: 'ORDER-1', referrerId: affiliateId, clickId: theClick!.id, amountCents: 9_999, commissionRateBp: 1_250 });
      const [ledger] = await t.database.db.select().from(commissions).where(eq(commissions.id, body.commission.id));
      expect(ledger).toMatchObject({ userId: affiliateId, source: 'conversion', sourceReference: conversion!.id, status: 'pending' });

      const after = await counts();
      expect(after).toEqual({ ...before, conversions: before.conversions + 1, commissions: before.commissions + 1, notifications: before.notifications + 1, mail: before.mail + 1 });
      const [notification] = await t.database.db.select().from(notifications).where(eq(notifications.userId, affiliateId)).orderBy(desc(notifications.createdAt)).limit(1);
      expect(notification).toMatchObject({ type: 'commission', title: 'New commission earned' });
      expect(notification?.message).toContain('$12.50');
      expect(await statsOf(product.id)).toEqual({ clicks: 1, unique_visitors: 1, conversions: 1 });
    });

    it('a replayed order id returns 200 with the same commission and writes nothing; a different amount is 409', async () => {
      const product = await createTestProduct(t);
      await click(t, `/go/${product.id}?ref=${code}`);
      const first = await postConversion(t, product.secret, sale(product.id, 'ORDER-R'));
      expect(first.statusCode).toBe(201);
      const before = await counts();
      t.clock.advance(60_000);
      const again = await postConversion(t, product.secret, sale(product.id, 'ORDER-R'));
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ ...first.json(), status: 'duplicate' });
      const changed = await postConversion(t, product.secret, sale(product.id, 'ORDER-R', 99_999));
      expect(changed.statusCode).toBe(409);
      expect(await counts()).toEqual(before);
    });

    it('two identical reports at once create one conversion and one commission', async () => {
      const product = await createTestProduct(t);
      await click(t, `/go/${product.id}?ref=${code}`);
      const [a, b] = await Promise.all([postConversion(t, product.secret, sale(product.id, 'ORDER-C')), postConversion(t, product.secret, sale(product.id, 'ORDER-C'))]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
      expect(a.json().commission.id).toBe(b.json().commission.id);
      const rows = await t.database.db.select().from(conversions).where(and(eq(conversions.productId, product.id), eq(conversions.merchantOrderId, 'ORDER-C')));
      expect(rows).toHaveLength(1);
    });

    it.each([
      { label: 'no signature', header: () => null },
      { label: 'a malformed signature', header: () => 'sha256=abc' },
      { label: 'the wrong secret', header: (raw: string, t0: number) => signature('whsec_wrong', raw, t0) },
      { label: 'a stale timestamp (5 min 1 s old)', header: (raw: string, t0: number, secret: string) => signature(secret, raw, t0 - 301) },
      { label: 'a timestamp from the future', header: (raw: string, t0: number, secret: string) => signature(secret, raw, t0 + 301) },
      { label: 'a signature of another body', header: (_raw: string, t0: number, secret: string) => signature(secret, '{"amount_cents":1}', t0) },
      { label: 'the stale timestamp re-signed with a fresh t (only t changed)', header: (raw: string, t0: number, secret: string) => signature(secret, raw, t0 - 400).replace(`t=${t0 - 400}`, `t=${t0}`) },
    ])('refuses $label with 401 and writes nothing', async ({ header }) => {
      const product = await createTestProduct(t);
      await click(t, `/go/${product.id}?ref=${code}`);
      const before = await counts();
      const raw = JSON.stringify(sale(product.id, 'ORDER-BAD'));
      const response = await postConversion(t, product.secret, {}, { raw, header: header(raw, unixNow(t), product.secret) });
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED', message: 'Invalid or expired signature.' } });
      expect(await counts()).toEqual(before);
    });

    it('accepts a signature up to 5 minutes old, and one of several v1 signatures (secret rotation)', async () => {
      const product = await createTestProduct(t);
      await click(t, `/go/${product.id}?ref=${code}`);
      const raw = JSON.stringify(sale(product.id, 'ORDER-OLD'));
      const timestamp = unixNow(t) - 299;
      const good = signature(product.secret, raw, timestamp);
      const header = `t=${timestamp},v1=${'0'.repeat(64)},${good.split(',')[1]}`;
      expect((await postConversion(t, product.secret, {}, { raw, header })).statusCode).toBe(201);
    });

    it('answers an unknown or deleted product like a bad signature (401)', async () => {
      const product = await createTestProduct(t);
      const unknown = await postConversion(t, product.secret, sale('00000000-0000-4000-8000-000000000000', 'ORDER-U'));
      expect(unknown.statusCode).toBe(401);
      expect((await t.inject({ method: 'DELETE', url: `/api/admin/products/${product.id}`, cookie: await t.signInAs('admin') })).statusCode).toBe(204);
      expect((await postConversion(t, product.secret, sale(product.id, 'ORDER-D'))).statusCode).toBe(401);
    });

    it('refuses an unknown referral code, or a sale without a tracked click in the last 30 days (400), writing nothing', async () => {
      const product = await createTestProduct(t);
      const before = await counts();
      const unknownRef = await postConversion(t, product.secret, { ...sale(product.id, 'ORDER-X'), ref: 'ZZZZZZZZ' });
      expect(unknownRef.statusCode).toBe(400);
      expect(unknownRef.json().error.message).toBe('Unknown referral code.');
      const noClick = await postConversion(t, product.secret, sale(product.id, 'ORDER-Y'));
      expect(noClick.statusCode).toBe(400);
      expect(noClick.json().error.message).toBe('No tracked click for this referral code on this product in the last 30 days.');

      await click(t, `/go/${product.id}?ref=${code}`);
      t.clock.advance(31 * 86_400_000);
      try {
        expect((await postConversion(t, product.secret, sale(product.id, 'ORDER-Z'))).statusCode).toBe(400);
      } finally {
        t.clock.advance(-31 * 86_400_000);
      }
      expect(await counts()).toEqual(before);
    });

    it.each([
      { label: 'a zero amount', body: (id: string) => ({ product_id: id, order_id: 'O', amount_cents: 0, ref: 'ABCDEFGH' }) },
      { label: 'an amount in dollars', body: (id: string) => ({ product_id: id, order_id: 'O', amount_cents: 12.5, ref: 'ABCDEFGH' }) },
      { label: 'an extra field', body: (id: string) => ({ product_id: id, order_id: 'O', amount_cents: 100, ref: 'ABCDEFGH', commission_cents: 10_000 }) },
    ])('refuses $label with 400', async ({ body }) => {
      const product = await createTestProduct(t);
      expect((await postConversion(t, product.secret, body(product.id))).statusCode).toBe(400);
    });

    it('refuses a body that is not JSON (400) and a cross-site browser post (403)', async () => {
      const product = await createTestProduct(t);
      const notJson = await postConversion(t, product.secret, {}, { raw: '{not json' });
      expect(notJson.statusCode).toBe(400);
      const crossSite = await t.inject({
        method: 'POST',
        url: '/api/conversions',
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
        payload: JSON.stringify(sale(product.id, 'O')),
      });
      expect(crossSite.statusCode).toBe(403);
    });
  });
});
