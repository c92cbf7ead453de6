import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '@myeai/db';
import type { ReferralAnalytics, ReferralDashboard } from '@myeai/domain';
import { checkBothWidths, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/referrals');

describe.skipIf(!hasChromium)('Referral dashboard, sign-up through a shared link, admin referral tools in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS, appPermissions: ['clipboard-read', 'clipboard-write'] });
  const { newPage, signInWithDemo } = suite;
  let affiliateCode: string;

  beforeAll(async () => {
    const [row] = await suite.app.database.db.select({ code: users.referralCode }).from(users).where(eq(users.email, 'affiliate@demo.myeai.local'));
    affiliateCode = row!.code;
  });

  const api = async <T>(page: Page, path: string) => (await (await page.request.get(path)).json()) as { data: T };

  const bothWidths = (page: Page, name: string, ready: () => Promise<unknown>) => checkBothWidths(page, SCREENSHOTS, name, ready);

  it('an affiliate copies the short link, a visitor follows it and signs up, and /referrals and /my-team show the new member', async () => {
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Alex Affiliate');
    await page.goto('/referrals');
    await page.getByRole('heading', { level: 1, name: 'Referral Dashboard' }).waitFor();
    const shortLink = `${suite.app.baseUrl}/r/${affiliateCode}`;
    await expect(page.getByLabel('Short link').inputValue()).resolves.toBe(shortLink);
    await page.getByRole('button', { name: 'Copy short link' }).click();
    await page.getByRole('button', { name: 'Copied! short link' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(shortLink);
    // "Copied!" lasts 2 seconds, then the button reads Copy again.
    await page.getByRole('button', { name: 'Copy short link' }).waitFor({ timeout: 5_000 });
    const before = (await api<ReferralAnalytics>(page, '/api/referral/analytics?period_days=7')).data;
    await page.getByRole('img', { name: `QR code for ${shortLink}` }).waitFor();
    await expect(page.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).resolves.toContain(encodeURIComponent(`MYEAI-${affiliateCode}`));
    await bothWidths(page, 'referrals-affiliate', () => page.getByText('Top traffic sources').waitFor());

    // A visitor in another browser follows the copied link and creates an account. The test clock
    // stands still, so it moves a minute on: the demo newcomer and the visitor would otherwise join
    // at the same instant and "newest first" would fall to the random user ids.
    suite.app.clock.advance(60_000);
    const visitor = await suite.browser.newContext({ baseURL: suite.app.baseUrl, viewport: { width: 375, height: 800 } });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(copied);
    await visitorPage.waitForURL(`**/join?ref=${affiliateCode}`);
    await visitorPage.getByRole('link', { name: 'Start my free access' }).first().click();
    await visitorPage.waitForURL(`**/login?ref=${affiliateCode}`);
    await visitorPage.getByRole('tab', { name: 'Create account' }).click();
    const form = visitorPage.getByRole('form', { name: 'Create an account' });
    await form.getByLabel('Name').fill('Vera Visitor');
    await form.getByLabel('Email').fill('vera.visitor@example.test');
    await form.getByLabel('Password').fill('a long enough passphrase 42');
    await form.getByRole('button', { name: 'Create account' }).click();
    await visitorPage.waitForURL((url) => !url.pathname.startsWith('/login'));
    await visitor.close();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Referral Dashboard' }).waitFor();
    await page.getByRole('cell', { name: 'Vera Visitor' }).waitFor();
    const after = (await api<ReferralAnalytics>(page, '/api/referral/analytics?period_days=7')).data;
    expect(after.signups).toBe(before.signups + 1);
    expect(after.total_clicks).toBe(before.total_clicks + 1);
    const dashboard = (await api<ReferralDashboard>(page, '/api/referral/dashboard')).data;
    expect(dashboard.team_members[0]!.display_name).toBe('Vera Visitor');

    await page.getByRole('link', { name: 'View all in My Team' }).click();
    await page.waitForURL('**/my-team');
    await page.getByText('Vera Visitor').first().waitFor();
    await context.close();
  });

  it('a failed load says "Failed to load referral data" and Try Again loads it', async () => {
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Alex Affiliate');
    let failing = true;
    await page.route('**/api/referral/analytics**', (route) =>
      failing ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'The service is unavailable.' } }) }) : route.continue(),
    );
    await page.goto('/referrals');
    await page.getByRole('alert').filter({ hasText: 'Failed to load referral data' }).waitFor();
    failing = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByText('Top traffic sources').waitFor();
    await context.close();
  });

  it('an admin edits the referral landing with a preview of /join, sees the marketing figures editor, and runs the link migration twice', async () => {
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Ada Admin');
    await page.goto('/trading-admin');
    await page.getByRole('tab', { name: 'Landing Page' }).click();
    const shortMessage = page.getByLabel('Short message');
    await shortMessage.fill('{referrer_name} saved you a seat.');
    await page.getByText('Preview', { exact: true }).click();
    await page.getByText('Alex saved you a seat.').waitFor();
    await page.getByText('Edit', { exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByText('Landing page content saved successfully!').waitFor();
    await page.getByText('They are marketing content, not live data').waitFor();
    await bothWidths(page, 'trading-admin-landing', () => page.getByLabel('Short message').waitFor());

    await page.getByRole('tab', { name: 'Referral Migration' }).click();
    for (const run of [1, 2]) {
      await page.getByRole('button', { name: 'Start migration' }).click();
      await page.getByRole('dialog', { name: 'Start the referral link migration?' }).getByRole('button', { name: 'Start migration' }).click();
      await expect.poll(async () => (await suite.app.runJobs()) >= 0 && (await page.getByText(/^Migration finished/).count()) > 0, { timeout: 15_000 }).toBe(true);
      const migration = (await (await page.request.get('/api/admin/referral-migration')).json()) as { data: { data: { updated: number; skipped: number; total_users: number } } };
      if (run === 1) expect(migration.data.data.updated).toBe(migration.data.data.total_users);
      else expect(migration.data.data).toMatchObject({ updated: 0, skipped: migration.data.data.total_users });
    }
    await bothWidths(page, 'trading-admin-migration', () => page.getByText(/^Migration finished/).waitFor());
    await context.close();
  });

  it('a non-admin is refused the migration with "Admin access required"', async () => {
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Alex Affiliate');
    const response = await page.request.post('/api/admin/referral-migration', { headers: { origin: suite.app.baseUrl } });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain('Admin access required');
    await context.close();
  });
});
