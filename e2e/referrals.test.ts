import { resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { commissions, users } from '@myeai/db';
import { formatDollarsAndCents, type ReferralAnalytics, type ReferralDashboard } from '@myeai/domain';
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

  it('referral commissions are one number, named alike, on the Referral Dashboard, My Team and Share & Earn; My Team never calls a member "Active" who is not', async () => {
    const db = suite.app.database.db;
    const [alex] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'affiliate@demo.myeai.local'));
    const now = suite.app.clock.now();
    const [member] = await db
      .insert(users)
      .values({ email: `rhea-${randomUUID().slice(0, 6)}@example.test`, name: 'Rhea Referred', roles: ['newcomer'], activeRole: 'newcomer', referralCode: `RH${randomUUID().slice(0, 6).toUpperCase()}`, referredBy: alex!.id, referredAt: now, createdAt: now })
      .returning({ id: users.id });
    await db.insert(commissions).values({
      userId: alex!.id,
      productId: null,
      source: 'conversion',
      sourceReference: `e2e-referral-${randomUUID()}`,
      productName: 'Growth CRM Pro',
      amountCents: 4_321,
      rateBp: null,
      status: 'pending',
      earnedAt: new Date(now.getTime() - 3_600_000),
      originUserId: member!.id,
    });

    const { context, page } = await newPage();
    await signInWithDemo(page, 'Alex Affiliate');
    const stats = (await api<{ monthly_commission_cents: number; total_commission_cents: number }>(page, '/api/referral/stats')).data;
    const dashboard = (await api<ReferralDashboard>(page, '/api/referral/dashboard')).data;
    const team = (await (await page.request.get('/api/rbac/my-team?page=1&page_size=25')).json()) as { total_commission_cents: number };
    const summary = (await (await page.request.get('/api/commissions/summary')).json()) as { total_earnings_cents: number };
    const referral = stats.total_commission_cents;
    expect(referral).toBeGreaterThanOrEqual(4_321);
    expect([dashboard.leaderboard_position.total_commission_cents, team.total_commission_cents]).toEqual([referral, referral]);
    expect(summary.total_earnings_cents).toBeGreaterThan(referral);
    const money = formatDollarsAndCents(referral);

    await page.goto('/referrals');
    const analytics = (await api<ReferralAnalytics>(page, '/api/referral/analytics?period_days=30')).data;
    const figure = page.locator('.mantine-Card-root').filter({ has: page.getByText('Referral commissions', { exact: true }) });
    await expect.poll(() => figure.innerText()).toContain(formatDollarsAndCents(analytics.commission_earned_cents));
    await page.getByText(`Referral commissions (all time): ${money}`).waitFor();
    await expect(page.getByTestId('referral-commission-rule').innerText()).resolves.toContain('arose from members you referred');
    await expect(page.getByText('Commission earned', { exact: true }).count()).resolves.toBe(0);
    await bothWidths(page, 'referrals-commission-figures', () => page.getByText(`Referral commissions (all time): ${money}`).waitFor());

    await page.goto('/my-team');
    // The figure card (the members table's column has the same name).
    const teamFigure = page.locator('.mantine-Card-root').filter({ has: page.getByText('Referral commissions', { exact: true }) }).first();
    await expect.poll(() => teamFigure.innerText()).toContain(money);
    const row = page.getByRole('row').filter({ hasText: 'Rhea Referred' });
    await expect(row.innerText()).resolves.toMatch(/Rhea Referred[\s\S]*Not active: not seen in 30 days[\s\S]*Signed up[\s\S]*\$43\.21/i);
    await expect(row.getByText('Active', { exact: true }).count()).resolves.toBe(0);
    await bothWidths(page, 'my-team-commission-figures', () => row.waitFor());

    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Share & Earn' }).first().click();
    const share = page.getByRole('dialog', { name: 'Share & Earn' });
    await share.getByText('Referral commissions (all time)').waitFor();
    const figures = share.getByLabel('Your referral figures');
    await expect.poll(() => figures.innerText()).toContain(money);
    await expect(figures.innerText()).resolves.toContain(`Referral commissions this month`);
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
