import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from '../../../testing/test-app.ts';

export const PRODUCT_BODY = {
  name: 'Test Product',
  description: 'A product made by a test.',
  price_cents: 10_000,
  commission_rate_bp: 1_000,
  master_link: 'https://merchant.example/landing?campaign=test',
  image_url: null,
};

export async function categoryId(t: TestApp, name = 'Software'): Promise<string> {
  const response = await t.inject({ method: 'GET', url: '/api/products/categories', cookie: await t.signInAs('admin') });
  const category = (response.json().categories as { id: string; name: string }[]).find((c) => c.name === name);
  if (!category) throw new Error(`no category ${name}`);
  return category.id;
}

/** Creates a product through the admin API and returns it with its conversion secret. */
export async function createTestProduct(
  t: TestApp,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; name: string; secret: string; affiliate_path: string }> {
  const admin = await t.signInAs('admin');
  const response = await t.inject({
    method: 'POST',
    url: '/api/admin/products',
    cookie: admin,
    payload: { ...PRODUCT_BODY, category_id: await categoryId(t), ...overrides },
  });
  expect(response.statusCode, response.body).toBe(201);
  const product = response.json() as { id: string; name: string; affiliate_path: string };
  const secret = await t.inject({ method: 'GET', url: `/api/admin/products/${product.id}/conversion-secret`, cookie: admin });
  return { ...product, secret: secret.json().conversion_secret as string };
}

export function signature(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export function unixNow(t: TestApp): number {
  return Math.floor(t.clock.now().getTime() / 1000);
}

/** POSTs a conversion report signed with `secret` (default: now). */
export function postConversion(
  t: TestApp,
  secret: string,
  body: Record<string, unknown>,
  options: { timestamp?: number; header?: string | null; raw?: string } = {},
) {
  const raw = options.raw ?? JSON.stringify(body);
  const header = options.header === undefined ? signature(secret, raw, options.timestamp ?? unixNow(t)) : options.header;
  return t.inject({
    method: 'POST',
    url: '/api/conversions',
    headers: { 'content-type': 'application/json', ...(header === null ? {} : { 'x-myeai-signature': header }) },
    payload: raw,
  });
}

export async function referralCode(t: TestApp, email: string): Promise<string> {
  const response = await t.inject({ method: 'GET', url: '/api/auth/profile', cookie: await t.signIn(email) });
  return response.json().referral_code as string;
}

/** Follows an affiliate link like a browser would (GET, top-level navigation). */
export function click(t: TestApp, path: string, headers: Record<string, string> = {}) {
  return t.inject({ method: 'GET', url: path, headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0', ...headers } });
}
