import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/products');

/** A tiny merchant site: the destination of the product's master link. */
async function startMerchant(): Promise<{ server: Server; url: string; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="en"><head><title>Merchant shop</title></head><body><main><h1>Merchant landing page</h1></main></body></html>');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

describe.skipIf(!hasChromium)('Opportunity Engine in Chromium', () => {
  let merchant: Awaited<ReturnType<typeof startMerchant>>;
  // Registered before the suite so that the merchant outlives the browser that visits it.
  beforeAll(async () => {
    merchant = await startMerchant();
  });
  afterAll(async () => {
    await new Promise((done) => merchant?.server.close(done));
  });
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS, appPermissions: ['clipboard-read', 'clipboard-write'] });
  const { newPage, signInWithDemo } = suite;
  let productId: string;

  beforeAll(async () => {
    const admin = await suite.app.signIn('admin@demo.myeai.local');
    const categories = await suite.app.inject({ method: 'GET', url: '/api/products/categories', cookie: admin });
    const software = (categories.json().categories as { id: string; name: string }[]).find((c) => c.name === 'Software')!;
    const created = await suite.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      cookie: admin,
      payload: {
        name: 'Local Merchant Suite',
        description: 'Served by a test merchant on localhost.',
        category_id: software.id,
        price_cents: 25_000,
        commission_rate_bp: 2_000,
        master_link: `${merchant.url}/landing?utm_source=myeai`,
        image_url: null,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    productId = created.json().id;
  });

  const card = (page: Page, name: string) => page.getByRole('article', { name });

  /** Waits until an open modal finished its opening transition. */
  async function settled(page: Page): Promise<void> {
    await expect.poll(() => page.locator('.mantine-Modal-content').last().evaluate((el) => getComputedStyle(el).opacity), { timeout: 5_000 }).toBe('1');
  }

  it('as an affiliate: copies the affiliate link, follows it to the merchant, and the click count goes up', async () => {
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Alex Affiliate');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Opportunity Engine' }).click();
    await page.getByRole('heading', { level: 1, name: 'Opportunity Engine' }).waitFor();

    const tiles = page.getByRole('region', { name: 'Catalogue figures' });
    await tiles.getByText('5', { exact: true }).waitFor();
    // (4900 + 19900 + 49900 + 9999 + 25000) / 5 = 21939.8 -> $219.40 (rounded to the cent); (3000 + 2500 + 2000 + 1250 + 2000) / 5 = 2150 bp
    await expect(tiles.innerText()).resolves.toMatch(/Total products\s+5\s+Average commission\s+21\.5%\s+Average price\s+\$219\.40\s+Categories\s+3/);

    // The demo seed's link visits and sales change with the seed: the card shows the affiliate's stored figures.
    const listed = await suite.app.inject({ method: 'GET', url: '/api/products', cookie: await suite.app.signIn('affiliate@demo.myeai.local') });
    const stats = (listed.json().products as { name: string; stats: { clicks: number; unique_visitors: number; conversions: number } }[]).find((p) => p.name === 'Growth CRM Pro')!.stats;
    expect(stats.clicks).toBeGreaterThan(0);
    const crm = card(page, 'Growth CRM Pro');
    await expect(crm.innerText()).resolves.toMatch(
      new RegExp(String.raw`30%[\s\S]*\$49\.00[\s\S]*\$14\.70[\s\S]*${stats.clicks} clicks[\s\S]*${stats.unique_visitors} unique visitors[\s\S]*${stats.conversions} conversions`),
    );

    const product = card(page, 'Local Merchant Suite');
    await expect(product.getByTestId('stat-clicks').innerText()).resolves.toBe('0 clicks');
    await expect(product.innerText()).resolves.toContain('$50.00');
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'products-1440.png'), fullPage: true });

    await product.getByRole('button', { name: 'Copy Affiliate Link' }).click();
    await product.getByRole('button', { name: 'Copied!' }).waitFor();
    await page.getByText('Affiliate link copied to clipboard!').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const profile = await page.request.get('/api/auth/profile');
    const code = (await profile.json()).referral_code as string;
    expect(link).toBe(`${suite.app.baseUrl}/go/${productId}?ref=${code}`);
    // "Copied!" lasts 2 seconds.
    await product.getByRole('button', { name: 'Copy Affiliate Link' }).waitFor({ timeout: 4_000 });

    const landingHits = () => merchant.hits.filter((hit) => hit.startsWith('/landing')).length;
    const hitsBefore = landingHits();
    await page.goto(link);
    await page.waitForURL(`${merchant.url}/landing?utm_source=myeai`);
    await page.getByRole('heading', { name: 'Merchant landing page' }).waitFor();
    expect(landingHits()).toBe(hitsBefore + 1);

    await page.goto('/products');
    await expect.poll(() => card(page, 'Local Merchant Suite').getByTestId('stat-clicks').innerText(), { timeout: 15_000 }).toBe('1 click');
    await expect(card(page, 'Local Merchant Suite').getByTestId('stat-visitors').innerText()).resolves.toBe('1 unique visitor');

    // Test Link opens the same tracked link in a new tab.
    const [tab] = await Promise.all([context.waitForEvent('page'), card(page, 'Local Merchant Suite').getByRole('link', { name: 'Test Link' }).click()]);
    await tab.waitForURL(`${merchant.url}/landing?utm_source=myeai`);
    await tab.close();
    await page.reload();
    await expect.poll(() => card(page, 'Local Merchant Suite').getByTestId('stat-clicks').innerText(), { timeout: 15_000 }).toBe('2 clicks');

    await card(page, 'Local Merchant Suite').getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview: Local Merchant Suite' });
    await preview.waitFor();
    await settled(page);
    await expect(preview.getByRole('textbox', { name: 'Your affiliate link' }).inputValue()).resolves.toBe(link);
    await expect(preview.getByRole('link', { name: /^127\.0\.0\.1:/ }).isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await page.getByRole('radiogroup', { name: 'Filter by category' }).getByText('Education', { exact: true }).click();
    await page.waitForURL(/category=/);
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await card(page, 'Trading Foundations Course').waitFor();
    await context.close();
  });

  it('an unknown product link shows a 404 page, not a redirect', async () => {
    const { context, page } = await newPage();
    const response = await page.goto('/go/00000000-0000-4000-8000-000000000000?ref=ABCDEFGH');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Link not found' }).waitFor();
    expect(new URL(page.url()).host).toBe(new URL(suite.app.baseUrl).host);
    await expectAccessible(page);
    await context.close();
  });

  it('as an admin: adds a product with the form rules, edits and deletes it with a confirmation', async () => {
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Ada Admin');
    await page.goto('/products');
    await page.getByRole('heading', { level: 1, name: 'Opportunity Engine' }).waitFor();
    await page.getByRole('button', { name: 'Add Product' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add product' });
    await dialog.waitFor();
    await settled(page);
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    for (const message of ['Name is required', 'Description is required', 'Category is required', 'Price is required', 'Commission is required', 'Master link is required']) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'product-form-errors-1440.png') });

    await dialog.getByRole('textbox', { name: 'Name' }).fill('Webinar Kit');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Slides, scripts and e-mails for a sales webinar.');
    await dialog.getByRole('textbox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Education' }).click();
    await dialog.getByRole('textbox', { name: 'Price (USD)' }).fill('79.5');
    await dialog.getByRole('textbox', { name: 'Commission (%)' }).fill('150');
    await dialog.getByRole('textbox', { name: 'Master link' }).fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await dialog.getByText('Commission must be between 0 and 100').waitFor();
    await dialog.getByText('Master link must start with http:// or https://').waitFor();
    await dialog.getByRole('textbox', { name: 'Commission (%)' }).fill('12.5');
    await dialog.getByRole('textbox', { name: 'Master link' }).fill('https://merchant.example/webinar');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await page.getByText('Product created successfully!').waitFor();
    const created = card(page, 'Webinar Kit');
    await created.waitFor();
    // $79.50 x 12.5% = $9.9375 -> $9.94
    await expect(created.innerText()).resolves.toMatch(/12\.5%[\s\S]*\$79\.50[\s\S]*\$9\.94/);

    await created.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit product' });
    await edit.waitFor();
    await expect(edit.getByRole('textbox', { name: 'Price (USD)' }).inputValue()).resolves.toBe('79.50');
    await edit.getByRole('textbox', { name: 'Price (USD)' }).fill('100');
    await edit.getByRole('button', { name: 'Show conversion secret' }).click();
    await edit.getByText(/^whsec_[0-9a-f]{64}$/).waitFor();
    await edit.getByRole('button', { name: 'Save Product' }).click();
    await page.getByText('Product updated successfully!').waitFor();
    await expect.poll(() => card(page, 'Webinar Kit').innerText()).toMatch(/\$100\.00[\s\S]*\$12\.50/);

    await card(page, 'Webinar Kit').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete product' });
    await confirm.getByText('Are you sure you want to delete product "Webinar Kit"? This action cannot be undone.').waitFor();
    await settled(page);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Product deleted successfully!').waitFor();
    await expect.poll(() => card(page, 'Webinar Kit').count()).toBe(0);
    await context.close();
  });

  it('works at 375 px: cards stack, actions stay reachable', async () => {
    const { context, page } = await newPage({ width: 375, height: 812 });
    await signInWithDemo(page, 'Alex Affiliate');
    await page.goto('/products');
    await card(page, 'Growth CRM Pro').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(card(page, 'Growth CRM Pro').getByRole('button', { name: 'Copy Affiliate Link' }).isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'products-375.png'), fullPage: true });
    await context.close();
  });

  it('a failed catalogue load says so and offers Try Again', async () => {
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Alex Affiliate');
    let isFailing = true;
    await page.route('**/api/products', (route) => (isFailing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"INTERNAL","message":"Something went wrong on our side. Please try again."}}' }) : route.continue()));
    await page.goto('/products');
    await page.getByRole('alert').getByText('Something went wrong on our side. Please try again.').waitFor();
    isFailing = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await card(page, 'Growth CRM Pro').waitFor();
    await context.close();
  });
});
