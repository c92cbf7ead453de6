import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products } from '@myeai/db';
import { PRODUCT_MESSAGES } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { categoryId, createTestProduct, PRODUCT_BODY, referralCode } from '../../tracking/__tests__/affiliate-test-helpers.ts';

type ListedProduct = {
  id: string;
  name: string;
  category: { id: string; name: string };
  commission_rate_bp: number;
  price_cents: number;
  earnings_per_referral_cents: number;
  master_link: string;
  is_active: boolean;
  affiliate_path: string;
  stats: { clicks: number; unique_visitors: number; conversions: number };
};
type ProductList = { products: ListedProduct[]; metrics: Record<string, number> };

describe.each(testDatabaseKinds())('products on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let affiliate: string;

  const list = async (cookie: string, query = ''): Promise<ProductList> => {
    const response = await t.inject({ method: 'GET', url: `/api/products${query}`, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ProductList;
  };
  const liveProductCount = async () => (await t.database.db.select({ id: products.id }).from(products).where(isNull(products.deletedAt))).length;
  const auditOf = (action: string, target: string) =>
    t.database.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.target, target)));

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
    affiliate = await t.signInAs('affiliate');
  });
  afterAll(() => t.close());

  it('lists the seeded catalogue with the affiliate’s own clicks, unique visitors and conversions, and the metric tiles', async () => {
    const { products: listed, metrics } = await list(affiliate);
    const code = await referralCode(t, 'affiliate@demo.myeai.local');
    const byName = Object.fromEntries(listed.map((p) => [p.name, p]));
    expect(listed.map((p) => p.name).sort()).toEqual(['Growth CRM Pro', 'Market Scanner Toolkit', 'Mindset Coaching Program', 'Trading Foundations Course']);
    expect(byName['Growth CRM Pro']).toMatchObject({
      category: { name: 'Software' },
      commission_rate_bp: 3_000,
      price_cents: 4_900,
      earnings_per_referral_cents: 1_470,
      master_link: 'https://example.com/growth-crm-pro',
      affiliate_path: `/go/${byName['Growth CRM Pro']!.id}?ref=${code}`,
      // 8 clicks (the demo's referred members add one and its sale); the visitor who clicked twice
      // on one day counts once that day.
      stats: { clicks: 8, unique_visitors: 7, conversions: 3 },
    });
    // The payouts demo adds three older sales, each with its click (two Mindset, one Trading Foundations).
    expect(byName['Trading Foundations Course']).toMatchObject({ earnings_per_referral_cents: 4_975, stats: { clicks: 6, unique_visitors: 6, conversions: 4 } });
    expect(byName['Mindset Coaching Program']).toMatchObject({ earnings_per_referral_cents: 9_980, stats: { clicks: 5, unique_visitors: 5, conversions: 4 } });
    expect(byName['Market Scanner Toolkit']).toMatchObject({ earnings_per_referral_cents: 1_250, stats: { clicks: 1, unique_visitors: 1, conversions: 1 } });
    // (3000 + 2500 + 2000 + 1250) / 4 = 2187.5 -> 2188 bp; (4900 + 19900 + 49900 + 9999) / 4 = 21174.75 -> 21175 cents
    expect(metrics).toEqual({ total_products: 4, average_commission_bp: 2_188, average_price_cents: 21_175, category_count: 3 });
    expect(JSON.stringify(listed)).not.toContain('whsec_');
  });

  it('shows every role the catalogue, with its own link (code) and its own figures only', async () => {
    const trader = await t.signInAs('trader');
    const { products: listed } = await list(trader);
    const code = await referralCode(t, 'trader@demo.myeai.local');
    expect(listed).toHaveLength(4);
    for (const product of listed) {
      expect(product.affiliate_path).toBe(`/go/${product.id}?ref=${code}`);
      expect(product.stats).toEqual({ clicks: 0, unique_visitors: 0, conversions: 0 });
    }
    expect((await t.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(401);
  });

  it('lists the categories and filters by one; the tiles still describe the whole catalogue', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/products/categories', cookie: affiliate });
    expect(response.statusCode).toBe(200);
    expect((response.json().categories as { name: string }[]).map((c) => c.name)).toEqual(['Coaching', 'Education', 'Software']);
    const software = await categoryId(t, 'Software');
    const filtered = await list(affiliate, `?category_id=${software}`);
    expect(filtered.products.map((p) => p.name).sort()).toEqual(['Growth CRM Pro', 'Market Scanner Toolkit']);
    expect(filtered.metrics.total_products).toBe(4);
    expect((await list(affiliate, '?category_id=00000000-0000-4000-8000-000000000000')).products).toEqual([]);
    expect((await t.inject({ method: 'GET', url: '/api/products?category_id=software', cookie: affiliate })).statusCode).toBe(400);
  });

  it('lets an admin create a product (201, audited), shown to everyone with its computed earnings', async () => {
    const before = await liveProductCount();
    const response = await t.inject({
      method: 'POST',
      url: '/api/admin/products',
      cookie: admin,
      payload: { ...PRODUCT_BODY, name: '  Funnel Builder  ', price_cents: 2_999, commission_rate_bp: 4_050, category_id: await categoryId(t) },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as ListedProduct;
    expect(created).toMatchObject({ name: 'Funnel Builder', price_cents: 2_999, commission_rate_bp: 4_050, earnings_per_referral_cents: 1_215, is_active: true });
    expect(await liveProductCount()).toBe(before + 1);
    const [audit] = await auditOf('product.create', created.id);
    expect(audit?.details).toMatchObject({ name: 'Funnel Builder', price_cents: 2_999, commission_rate_bp: 4_050 });
    expect(JSON.stringify(audit?.details)).not.toContain('whsec_');
    expect((await list(affiliate)).products.some((p) => p.id === created.id)).toBe(true);
  });

  it('stores an internationalised master link in its ASCII form', async () => {
    const product = await createTestProduct(t, { master_link: 'https://bücher.example/straße' });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.masterLink).toBe('https://xn--bcher-kva.example/stra%C3%9Fe');
  });

  it.each([
    { label: 'no name', change: { name: ' ' }, message: PRODUCT_MESSAGES.nameRequired },
    { label: 'no description', change: { description: '' }, message: PRODUCT_MESSAGES.descriptionRequired },
    { label: 'no category', change: { category_id: undefined }, message: PRODUCT_MESSAGES.categoryRequired },
    { label: 'a negative price', change: { price_cents: -1 }, message: PRODUCT_MESSAGES.priceNegative },
    { label: 'a price in dollars with decimals', change: { price_cents: 49.99 }, message: PRODUCT_MESSAGES.priceInvalid },
    { label: 'a price as text', change: { price_cents: '12abc' }, message: PRODUCT_MESSAGES.priceRequired },
    { label: 'a commission over 100%', change: { commission_rate_bp: 10_010 }, message: PRODUCT_MESSAGES.commissionRange },
    { label: 'a negative commission', change: { commission_rate_bp: -10 }, message: PRODUCT_MESSAGES.commissionRange },
    { label: 'a commission off the 0.1% step', change: { commission_rate_bp: 1_001 }, message: PRODUCT_MESSAGES.commissionInvalid },
    { label: 'no master link', change: { master_link: '' }, message: PRODUCT_MESSAGES.masterLinkRequired },
    { label: 'a javascript: master link', change: { master_link: 'javascript:alert(document.cookie)' }, message: PRODUCT_MESSAGES.masterLinkInvalid },
    { label: 'a data: master link', change: { master_link: 'data:text/html,hi' }, message: PRODUCT_MESSAGES.masterLinkInvalid },
    { label: 'a relative master link', change: { master_link: '/dashboard' }, message: PRODUCT_MESSAGES.masterLinkInvalid },
    { label: 'a scheme-relative master link', change: { master_link: '//evil.example' }, message: PRODUCT_MESSAGES.masterLinkInvalid },
    { label: 'a master link with a password', change: { master_link: 'https://user:pw@merchant.example' }, message: PRODUCT_MESSAGES.masterLinkInvalid },
    { label: 'a space before the scheme', change: { master_link: ' https://merchant.example' }, message: PRODUCT_MESSAGES.masterLinkInvalid },
    { label: 'a javascript: image', change: { image_url: 'javascript:alert(1)' }, message: PRODUCT_MESSAGES.imageUrlInvalid },
    { label: 'an unknown field (mass assignment)', change: { created_by: '00000000-0000-4000-8000-000000000000' }, message: undefined },
  ])('refuses $label with 400 and the form message, and creates nothing', async ({ change, message }) => {
    const before = await liveProductCount();
    const payload: Record<string, unknown> = { ...PRODUCT_BODY, category_id: await categoryId(t), ...change };
    const response = await t.inject({ method: 'POST', url: '/api/admin/products', cookie: admin, payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION' } });
    if (message) expect(response.json().error.message).toBe(message);
    expect(await liveProductCount()).toBe(before);
  });

  it('refuses an unknown category with 400', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/admin/products',
      cookie: admin,
      payload: { ...PRODUCT_BODY, category_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Category not found.');
  });

  it('refuses product writes to every non-admin role (403) and changes nothing', async () => {
    const product = await createTestProduct(t);
    const before = await liveProductCount();
    for (const role of ['affiliate', 'trader', 'subscriber', 'newcomer'] as const) {
      const cookie = await t.signInAs(role);
      const body = { ...PRODUCT_BODY, category_id: await categoryId(t) };
      expect((await t.inject({ method: 'POST', url: '/api/admin/products', cookie, payload: body })).statusCode).toBe(403);
      expect((await t.inject({ method: 'PUT', url: `/api/admin/products/${product.id}`, cookie, payload: { ...body, name: 'Hacked' } })).statusCode).toBe(403);
      expect((await t.inject({ method: 'DELETE', url: `/api/admin/products/${product.id}`, cookie })).statusCode).toBe(403);
      expect((await t.inject({ method: 'GET', url: `/api/admin/products/${product.id}/conversion-secret`, cookie })).statusCode).toBe(403);
      expect((await t.inject({ method: 'POST', url: '/api/admin/product-categories', cookie, payload: { name: 'Hacked' } })).statusCode).toBe(403);
    }
    expect(await liveProductCount()).toBe(before);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.name).toBe('Test Product');
  });

  it('lets an admin replace a product (PUT, audited with before and after); an inactive product is hidden from non-admins', async () => {
    const product = await createTestProduct(t);
    const body = { ...PRODUCT_BODY, category_id: await categoryId(t, 'Education'), name: 'Renamed', commission_rate_bp: 2_000, is_active: false };
    const response = await t.inject({ method: 'PUT', url: `/api/admin/products/${product.id}`, cookie: admin, payload: body });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Renamed', category: { name: 'Education' }, commission_rate_bp: 2_000, earnings_per_referral_cents: 2_000, is_active: false });
    const [audit] = await auditOf('product.update', product.id);
    expect(audit?.details).toMatchObject({ before: { name: 'Test Product', commission_rate_bp: 1_000, is_active: true }, after: { name: 'Renamed', is_active: false } });
    expect((await list(affiliate)).products.some((p) => p.id === product.id)).toBe(false);
    expect((await list(admin)).products.find((p) => p.id === product.id)?.is_active).toBe(false);

    const unknown = await t.inject({ method: 'PUT', url: '/api/admin/products/00000000-0000-4000-8000-000000000000', cookie: admin, payload: body });
    expect(unknown.statusCode).toBe(404);
    const invalid = await t.inject({ method: 'PUT', url: `/api/admin/products/${product.id}`, cookie: admin, payload: { ...body, master_link: 'javascript:alert(1)' } });
    expect(invalid.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.masterLink).toBe(PRODUCT_BODY.master_link);
  });

  it('deletes a product softly: gone from every list, audited, its secret no longer served; a second delete is 404', async () => {
    const product = await createTestProduct(t);
    const response = await t.inject({ method: 'DELETE', url: `/api/admin/products/${product.id}`, cookie: admin });
    expect(response.statusCode).toBe(204);
    expect((await list(admin)).products.some((p) => p.id === product.id)).toBe(false);
    expect((await list(affiliate)).products.some((p) => p.id === product.id)).toBe(false);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.deletedAt).not.toBeNull();
    expect(await auditOf('product.delete', product.id)).toHaveLength(1);
    expect((await t.inject({ method: 'DELETE', url: `/api/admin/products/${product.id}`, cookie: admin })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/api/admin/products/${product.id}/conversion-secret`, cookie: admin })).statusCode).toBe(404);
  });

  it('gives an admin the conversion secret of a product, never cached', async () => {
    const product = await createTestProduct(t);
    const response = await t.inject({ method: 'GET', url: `/api/admin/products/${product.id}/conversion-secret`, cookie: admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      product_id: product.id,
      conversion_secret: expect.stringMatching(/^whsec_[0-9a-f]{64}$/),
      endpoint: '/api/conversions',
      signature_header: 'X-MYEAI-Signature',
    });
  });

  it('lets an admin add a category (audited); names are unique ignoring case', async () => {
    const response = await t.inject({ method: 'POST', url: '/api/admin/product-categories', cookie: admin, payload: { name: ' Finance ' } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Finance' });
    expect(await auditOf('product_category.create', response.json().id)).toHaveLength(1);
    const duplicate = await t.inject({ method: 'POST', url: '/api/admin/product-categories', cookie: admin, payload: { name: 'FINANCE' } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe('A category with this name already exists.');
    const blank = await t.inject({ method: 'POST', url: '/api/admin/product-categories', cookie: admin, payload: { name: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(PRODUCT_MESSAGES.categoryNameRequired);
  });
});
