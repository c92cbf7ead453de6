import { resolve } from 'node:path';
import { and, eq, ne } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { commissions, leads, referralClicks, referralLandingEvents, users } from '@myeai/db';
import { ACTIVE_LEAD_STAGES, formatDollarsAndCents, LEAD_STAGE_LABELS, PIPELINE_STAGES, type DashboardStats } from '@myeai/domain';
import { expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/dashboard');

describe.skipIf(!hasChromium)('Business Hub, video widgets and Share & Earn in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS, appPermissions: ['clipboard-read', 'clipboard-write'] });
  const { newPage, signInWithDemo } = suite;
  let affiliateCode: string;
  let affiliateId: string;

  beforeAll(async () => {
    // A few leads for the demo affiliate (who has the demo's leads already), through the leads API, one in each pipeline stage and a new one.
    const affiliate = await suite.app.signIn('affiliate@demo.myeai.local');
    for (const [name, stage] of [
      ['Pia Pipeline', 'interested'],
      ['Quinn Qualified', 'qualified'],
      ['Ravi Ready', 'itb'],
      ['Cleo Closed', 'closed'],
      ['Nell New', 'new'],
    ] as const) {
      const response = await suite.app.inject({
        method: 'POST',
        url: '/api/leads',
        cookie: affiliate,
        payload: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.test`, phone: null, company: null, source: 'manual', stage, value_cents: 100_000, notes: null, last_contact_at: null },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const [row] = await suite.app.database.db.select({ id: users.id, code: users.referralCode }).from(users).where(eq(users.email, 'affiliate@demo.myeai.local'));
    affiliateCode = row!.code;
    affiliateId = row!.id;
  });

  /** Waits until an open modal finished its opening transition. */
  async function settled(page: Page): Promise<void> {
    await expect.poll(() => page.locator('.mantine-Modal-content').last().evaluate((el) => getComputedStyle(el).opacity), { timeout: 5_000 }).toBe('1');
  }

  const card = (page: Page, name: string) => page.getByRole('article', { name });

  it('as an affiliate: the cards and the pipeline show what the API computed', async () => {
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Alex Affiliate');
    await page.getByRole('heading', { level: 1, name: 'Welcome back, Alex' }).waitFor();
    const stats = (await (await page.request.get('/api/dashboard/stats')).json()) as DashboardStats;
    // The figures are the stored rows': the demo ledger (withheld lines count nowhere, decision 046) and the leads, the demo's and the five added above.
    const db = suite.app.database.db;
    const ledger = await db.select({ amountCents: commissions.amountCents, status: commissions.status }).from(commissions).where(and(eq(commissions.userId, affiliateId), ne(commissions.status, 'withheld')));
    const unpaid = ledger.filter((row) => row.status === 'pending' || row.status === 'processing');
    const stages = (await db.select({ stage: leads.stage }).from(leads).where(eq(leads.userId, affiliateId))).map((lead) => lead.stage);
    const inStage = (stage: string) => stages.filter((s) => s === stage).length;
    expect(stats.total_commissions_cents).toBe(ledger.reduce((sum, row) => sum + row.amountCents, 0));
    expect(stats.pending_payouts_cents).toBe(unpaid.reduce((sum, row) => sum + row.amountCents, 0));
    expect(stats.leads_by_stage).toEqual(Object.fromEntries(PIPELINE_STAGES.map((stage) => [stage, inStage(stage)])));
    for (const stage of PIPELINE_STAGES) expect(stats.leads_by_stage[stage]).toBeGreaterThanOrEqual(1);
    const active = ACTIVE_LEAD_STAGES.reduce((sum, stage) => sum + inStage(stage), 0);
    const closed = inStage('closed');
    const rate = Math.round((closed / stages.length) * 1000) / 10;
    const rateText = `${Number.isInteger(rate) ? rate : rate.toFixed(1)}%`;

    await card(page, 'Total commissions').getByText(formatDollarsAndCents(stats.total_commissions_cents), { exact: true }).waitFor();
    await expect(card(page, 'Pending payouts').innerText()).resolves.toMatch(new RegExp(`\\${formatDollarsAndCents(stats.pending_payouts_cents)}[\\s\\S]*Processing within 3-5 business days`));
    await expect(card(page, 'Active leads').innerText()).resolves.toMatch(new RegExp(`Active leads\\s+${active}\\s+Conversion rate ${rateText.replace('.', '\\.')} \\(${closed} of ${stages.length} closed\\)`));
    await expect(card(page, 'Total commissions').innerText()).resolves.toContain('last month');
    // The demo's approved money goals give the affiliate a target; the card shows the API's progress, or "No target".
    const target = stats.target_progress;
    await expect(card(page, 'Monthly target').innerText()).resolves.toContain(target ? `${formatDollarsAndCents(target.current_cents)} of ${formatDollarsAndCents(target.target_cents)}` : 'No target');
    for (const stage of PIPELINE_STAGES) {
      const row = page.getByTestId(`pipeline-${stage}`);
      await expect(row.innerText()).resolves.toContain(LEAD_STAGE_LABELS[stage]);
      await expect(row.getByTestId('count').innerText()).resolves.toBe(String(stats.leads_by_stage[stage]));
    }
    const achievements = page.getByRole('region', { name: 'Recent achievements' });
    for (const achievement of stats.achievements) await achievements.getByText(achievement.title, { exact: true }).first().waitFor();
    await page.getByRole('heading', { name: 'Quick actions' }).waitFor();
    await card(page, 'Demo video: Big Buck Bunny').waitFor();
    await expect(page.getByRole('button', { name: /^Edit video widget/ }).count()).resolves.toBe(0);

    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'dashboard-affiliate-1440.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await card(page, 'Total commissions').waitFor();
    // Nothing wider than the screen once the layout has followed the new width.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'dashboard-affiliate-375.png'), fullPage: true });
    await context.close();
  });

  it('shows an error with Try Again when the figures cannot be loaded, never zeros', async () => {
    const { context, page } = await newPage();
    await page.route('**/api/dashboard/stats', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } }) }));
    await signInWithDemo(page, 'Alex Affiliate');
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load this' });
    await alert.waitFor();
    await expect(page.getByRole('article', { name: 'Total commissions' }).count()).resolves.toBe(0);
    await expect(page.getByRole('region', { name: 'Lead pipeline' }).count()).resolves.toBe(0);
    await page.unroute('**/api/dashboard/stats');
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await card(page, 'Total commissions').waitFor();
    await context.close();
  });

  it('opens Share & Earn, copies the referral link ("Copied!" for 2 seconds) and shows the share text', async () => {
    const { context, page } = await newPage();
    await page.clock.install();
    await signInWithDemo(page, 'Alex Affiliate');
    await page.getByRole('button', { name: 'Share & Earn' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share & Earn' });
    await dialog.getByLabel('Referral link').waitFor();
    await settled(page);
    const link = `${suite.app.baseUrl}/join?ref=${affiliateCode}`;
    await expect(dialog.getByLabel('Referral link').inputValue()).resolves.toBe(link);
    await expect(dialog.getByLabel('Short link').inputValue()).resolves.toBe(`${suite.app.baseUrl}/r/${affiliateCode}`);
    // One spelling of the code in the whole dialog (and everywhere): the share code.
    await expect(dialog.getByLabel('Referral code').inputValue()).resolves.toBe(`MYEAI-${affiliateCode}`);
    await expect(dialog.innerText()).resolves.not.toMatch(new RegExp(`(?<!MYEAI-)${affiliateCode}`));
    const message = await dialog.getByLabel('Message to share').inputValue();
    expect(message).toMatch(new RegExp(`^Alex invited you to MYEAI.*MYEAI-${affiliateCode}.*/r/${affiliateCode}$`));
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'share-earn-1440.png') });

    // From here page time moves only when the test moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const copyLink = dialog.getByRole('button', { name: 'Copy referral link' });
    await copyLink.click();
    await dialog.getByRole('button', { name: 'Copied! referral link' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // Only the copied field says so.
    await dialog.getByRole('button', { name: 'Copy short link' }).waitFor();
    await page.clock.runFor(1_900);
    await dialog.getByRole('button', { name: 'Copied! referral link' }).waitFor();
    await page.clock.runFor(200);
    await copyLink.waitFor();
    await expect(dialog.getByRole('button', { name: 'Copied! referral link' }).count()).resolves.toBe(0);
    await context.close();
  });

  it('a visitor follows the short link to /join, sees the referrer’s name, and the click, time on page and CTA are recorded', async () => {
    const before = await suite.app.database.db.select().from(referralClicks).where(eq(referralClicks.referrerId, affiliateId));
    const context = await suite.browser.newContext({ baseURL: suite.app.baseUrl, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`/r/${affiliateCode}`);
    await page.waitForURL(`**/join?ref=${affiliateCode}`);
    await page.getByRole('heading', { level: 1, name: 'Alex invited you to MYEAI' }).waitFor();
    await page.getByText('No credit card required, 7-day free access').first().waitFor();
    await page.getByRole('heading', { name: 'Join Alex and start today.' }).waitFor();
    await expect(page.content()).resolves.not.toContain('Affiliate');
    const stored = await page.evaluate(() => ({ code: localStorage.getItem('myeai.referral_code'), visitor: localStorage.getItem('myeai.referral_visitor_id') }));
    expect(stored.code).toBe(affiliateCode);
    expect(stored.visitor).toMatch(/^[0-9a-f]{32}\.[0-9a-f]{32}$/);
    const after = await suite.app.database.db.select().from(referralClicks).where(eq(referralClicks.referrerId, affiliateId));
    expect(after).toHaveLength(before.length + 1);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'join-375.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: resolve(SCREENSHOTS, 'join-1440.png'), fullPage: true });

    const events = () => suite.app.database.db.select().from(referralLandingEvents).where(eq(referralLandingEvents.referrerId, affiliateId));
    await page.getByRole('link', { name: 'Start my free access' }).first().click();
    await page.waitForURL(`**/login?ref=${affiliateCode}`);
    await page.getByText(`You were invited with code MYEAI-${affiliateCode}`).waitFor();
    await expect.poll(async () => (await events()).map((e) => e.kind).sort(), { timeout: 10_000 }).toEqual(['cta_click', 'page_time']);
    const pageTime = (await events()).find((e) => e.kind === 'page_time')!;
    expect(pageTime.timeOnPageSeconds).toBeGreaterThanOrEqual(0);
    expect(pageTime.timeOnPageSeconds).toBeLessThan(120);

    // The popup's click count includes this visit.
    const stats = await suite.app.inject({ method: 'GET', url: '/api/referral/stats', cookie: await suite.app.signIn('affiliate@demo.myeai.local') });
    expect(stats.json().data.clicks_today).toBeGreaterThanOrEqual(1);
    await context.close();
  });

  it('/join with an unknown code says "Invalid referral code"; without a code it goes home', async () => {
    const context = await suite.browser.newContext({ baseURL: suite.app.baseUrl });
    const page = await context.newPage();
    await page.goto('/join?ref=ZZZZZZZZ');
    await page.getByRole('alert').getByRole('heading', { name: 'Invalid referral code' }).waitFor();
    await expectAccessible(page);
    await page.goto('/join');
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
    await context.close();
  });

  it('as an admin: edits a video widget with a youtu.be link and sees the embed form and thumbnail', async () => {
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Ada Admin');
    const widget = page.getByTestId('video-widget-1');
    await widget.getByRole('heading', { name: 'Demo video: Big Buck Bunny' }).waitFor();
    await widget.getByRole('button', { name: 'Edit video widget 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit video widget 1' });
    await settled(page);

    await dialog.getByLabel('YouTube URL').fill('https://vimeo.com/12345');
    await dialog.getByLabel('Rating').fill('7');
    await dialog.getByRole('button', { name: 'Save video' }).click();
    await dialog.getByText('Enter a valid YouTube video URL', { exact: false }).waitFor();
    await dialog.getByText('Rating must be a number from 0 to 5 in steps of 0.1.').waitFor();
    await expectAccessible(page);

    await dialog.getByLabel('Title').fill('Welcome to the Business Hub');
    await dialog.getByLabel('YouTube URL').fill('https://youtu.be/dQw4w9WgXcQ?si=shared');
    await dialog.getByTestId('embed-url').getByText('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ').waitFor();
    await expect(dialog.getByTestId('thumbnail-preview').getAttribute('src')).resolves.toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
    await dialog.getByLabel('Rating').fill('4.8');
    await page.screenshot({ path: resolve(SCREENSHOTS, 'video-widget-edit-1440.png') });
    await dialog.getByRole('button', { name: 'Save video' }).click();
    await page.getByText('Video widget updated.').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await widget.getByRole('heading', { name: 'Welcome to the Business Hub' }).waitFor();
    await expect(widget.getByTestId('video-thumbnail').getAttribute('src')).resolves.toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
    await expect(widget.getByRole('link', { name: /^Play "Welcome to the Business Hub"/ }).getAttribute('href')).resolves.toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await expect(widget.innerText()).resolves.toContain('4.8');
    const list = await page.request.get('/api/video-widgets');
    expect((await list.json()).widgets[0]).toMatchObject({ youtube_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', rating: 4.8 });
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'dashboard-admin-1440.png'), fullPage: true });
    await context.close();
  });
});
