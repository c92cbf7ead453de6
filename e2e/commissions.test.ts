import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { commissions, referralAttributions, users } from '@myeai/db';
import { formatDollarsAndCents, paymentCountText } from '@myeai/domain';
import { expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/commissions');

describe.skipIf(!hasChromium)('commissions in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS, contextOptions: { acceptDownloads: true } });
  const { newPage, signInWithDemo } = suite;

  const ledgerRows = (page: Page) => page.getByRole('table', { name: 'Commissions' }).locator('tbody tr');
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const money = (cents: number) => escape(formatDollarsAndCents(cents));
  const sum = (rows: readonly { amountCents: number }[]) => rows.reduce((total, row) => total + row.amountCents, 0);

  async function userId(email: string): Promise<string> {
    const [row] = await suite.app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  }

  /** The user's ledger as stored, newest first (the screen's order). */
  async function ledgerOf(email: string) {
    return suite.app.database.db
      .select()
      .from(commissions)
      .where(eq(commissions.userId, await userId(email)))
      .orderBy(desc(commissions.earnedAt), desc(commissions.id));
  }

  /** The ids of the user's pending lines whose origin's sign-up has an open referral flag (on hold, decision 046). */
  async function heldIds(email: string, ledger: Awaited<ReturnType<typeof ledgerOf>>): Promise<Set<string>> {
    const open = await suite.app.database.db
      .select({ userId: referralAttributions.userId })
      .from(referralAttributions)
      .where(and(eq(referralAttributions.referrerId, await userId(email)), eq(referralAttributions.status, 'open')));
    const flagged = new Set(open.map((row) => row.userId));
    return new Set(ledger.filter((row) => row.status === 'pending' && row.originUserId !== null && flagged.has(row.originUserId)).map((row) => row.id));
  }

  it('shows the affiliate’s seeded ledger, summary cards, payout information; filters and exports', async () => {
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Alex Affiliate');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Revenue Analytics' }).click();
    await page.getByRole('heading', { level: 1, name: 'Commissions' }).waitFor();

    // Every figure is the demo ledger's: its link sales, its team's sales (one withheld, one on hold) and its cell payouts.
    const ledger = await ledgerOf('affiliate@demo.myeai.local');
    const paid = ledger.filter((row) => row.status === 'paid');
    const unpaid = ledger.filter((row) => row.status === 'pending' || row.status === 'processing');
    const held = await heldIds('affiliate@demo.myeai.local', ledger);
    const heldCents = sum(ledger.filter((row) => held.has(row.id)));
    expect(held.size).toBeGreaterThan(0);
    const cards = page.getByRole('region', { name: 'Commission summary' });
    await cards.getByText(formatDollarsAndCents(sum(paid) + sum(unpaid)), { exact: true }).waitFor();
    await expect(cards.innerText()).resolves.toMatch(
      new RegExp(
        `Total Earnings\\s+${money(sum(paid) + sum(unpaid))}[\\s\\S]*Paid Out\\s+${money(sum(paid))}\\s+${paymentCountText(paid.length)}` +
          `[\\s\\S]*Pending\\s+${money(sum(unpaid))}\\s+${unpaid.length} awaiting payout, ${money(heldCents)} of it on hold`,
      ),
    );

    await expect.poll(() => ledgerRows(page).count()).toBe(ledger.length);
    // Newest first, as stored.
    for (const index of [0, ledger.length - 1]) {
      const row = ledger[index]!;
      const text = await ledgerRows(page).nth(index).innerText();
      expect(text).toContain(row.productName);
      expect(text).toContain(`${formatDollarsAndCents(row.amountCents)} USD`);
    }
    // The affiliate's own link sales read in full: product, amount and currency, status, earned and paid dates.
    await expect(ledgerRows(page).filter({ hasText: 'Nov 22, 2026' }).innerText()).resolves.toMatch(/Mindset Coaching Program\s+\$99\.80 USD\s+Pending\s+Nov 22, 2026\s+Not paid/i);
    await expect(ledgerRows(page).filter({ hasText: 'Nov 5, 2026' }).innerText()).resolves.toMatch(/Growth CRM Pro\s+\$14\.70 USD\s+Paid\s+Nov 5, 2026\s+Nov 15, 2026/i);

    // The test clock is Monday, November 23, 2026: the weekly run is that Friday.
    await expect(page.getByTestId('next-payout-date').innerText()).resolves.toBe('Friday, November 27, 2026');
    const panel = page.getByRole('region', { name: 'Payout information' });
    await expect(panel.innerText()).resolves.toMatch(/arrives between Wed, Dec 2 and Fri, Dec 4/);
    for (const statement of ['Processing takes 3-5 business days.', 'Minimum payout: $50.00.', 'Amounts over $1,000.00 are paid by wire transfer.', 'Payment methods: ACH, PayPal, wire transfer, cryptocurrency.']) {
      await expect(panel.getByText(statement, { exact: false }).count()).resolves.toBe(1);
    }
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'commissions-1440.png'), fullPage: true });

    await page.getByRole('radiogroup', { name: 'Filter commissions by status' }).getByText('Paid', { exact: true }).click();
    await page.waitForURL(/status=paid/);
    await expect.poll(() => ledgerRows(page).count()).toBe(paid.length);
    const pending = ledger.filter((row) => row.status === 'pending');
    await page.getByRole('radiogroup', { name: 'Filter commissions by status' }).getByText('Pending', { exact: true }).click();
    await expect.poll(() => ledgerRows(page).count()).toBe(pending.length);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Report' }).click()]);
    expect(download.suggestedFilename()).toBe('commissions-2026-11-23.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toBe(
      ['Product,Amount,Currency,Status,Earned Date,Paid Date', ...pending.map((row) => `${row.productName},${(row.amountCents / 100).toFixed(2)},USD,Pending,${row.earnedAt.toISOString().slice(0, 10)},Not paid`)]
        .map((line) => `${line}\r\n`)
        .join(''),
    );
    expect(csv).toContain('Mindset Coaching Program,99.80,USD,Pending,2026-11-22,Not paid\r\n');

    await page.getByRole('radiogroup', { name: 'Filter commissions by status' }).getByText('Processing', { exact: true }).click();
    await expect.poll(() => ledgerRows(page).count()).toBe(ledger.filter((row) => row.status === 'processing').length);
    await expect(page.getByRole('region', { name: 'Payout administration' }).count()).resolves.toBe(0);
    await context.close();
  });

  it('shows an empty ledger with its empty state, and a failed load with Try Again', async () => {
    // Every demo account has earned (the demo's circles): a new member, made affiliate, has not.
    const email = `ed-empty-${Date.now()}@example.test`;
    const { context, page } = await newPage();
    const registered = await page.request.post('/api/auth/register', { data: { name: 'Ed Empty', email, password: 'correct horse battery' } });
    expect(registered.status()).toBe(201);
    // Verified, and past the goal quick-setup a new member is asked first (decision 045), as the demo accounts are.
    const now = suite.app.clock.now();
    await suite.app.database.db.update(users).set({ roles: ['affiliate'], activeRole: 'affiliate', emailVerifiedAt: now, goalSetupSkippedAt: now }).where(eq(users.email, email));
    await expect(ledgerOf(email)).resolves.toEqual([]);
    let isFailing = true;
    await page.route('**/api/commissions/summary', (route) =>
      isFailing ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"INTERNAL","message":"The ledger is unavailable."}}' }) : route.continue(),
    );
    await page.goto('/commissions');
    await page.getByText('No commissions yet').waitFor();
    await page.getByRole('alert').getByText('The ledger is unavailable.').waitFor();
    // No zeros in place of the figures that failed to load (the sidebar's goal card may show its own $0.00).
    await expect(page.getByRole('main').getByText('$0.00').count()).resolves.toBe(0);
    isFailing = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('region', { name: 'Commission summary' }).getByText('0 payments').waitFor();
    await page.getByText('carries over until it reaches it').waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it('pay this one now (decision 070): a pending line in its holding period is refused with the reason; one moved to processing before payouts goes into a one-item batch, approved and marked paid on Payouts; the affiliate sees it paid', async () => {
    const paidBefore = (await ledgerOf('affiliate@demo.myeai.local')).filter((row) => row.status === 'paid').length;
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Ada Admin');
    await page.goto('/commissions');
    const admin = page.getByRole('region', { name: 'Payout administration' });
    await admin.waitFor();
    await admin.getByRole('link', { name: 'Payouts' }).waitFor();
    // A pending sale of yesterday: offered, but the batch rules hold it (its holding period), and the admin is told why.
    const pending = admin.getByRole('row').filter({ hasText: 'Mindset Coaching Program' }).filter({ hasText: 'Alex Affiliate' });
    await expect(pending.innerText()).resolves.toMatch(/Alex Affiliate[\s\S]*\$99\.80 USD[\s\S]*Pending/i);
    await pending.getByRole('button', { name: 'Pay now: $99.80 USD to Alex Affiliate' }).click();
    const confirm = page.getByRole('dialog', { name: 'Pay this commission now' });
    await confirm.getByText(/Pay the \$99\.80 USD commission of Alex Affiliate on Mindset Coaching Program now\? It goes alone into a new payout batch/).waitFor();
    await confirm.getByRole('button', { name: 'Prepare the payout' }).click();
    await page.getByText('This commission is still in its holding period: it can be paid once the period is over.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });

    await admin.getByRole('radiogroup', { name: 'Filter all commissions by status' }).getByText('Processing', { exact: true }).click();
    // The demo admin moved Alex's course sale of ten days ago to processing before payouts existed (its seed's history).
    const row = admin.getByRole('row').filter({ hasText: 'Trading Foundations Course' }).filter({ hasText: 'Alex Affiliate' }).filter({ hasText: 'Nov 13, 2026' });
    await expect(row.innerText()).resolves.toMatch(/Alex Affiliate[\s\S]*\$49\.75 USD[\s\S]*Processing/i);
    await row.getByRole('button', { name: 'Pay now: $49.75 USD to Alex Affiliate' }).click();
    await confirm.getByText(/Pay the \$49\.75 USD commission of Alex Affiliate on Trading Foundations Course now\?/).waitFor();
    await expect.poll(() => page.locator('.mantine-Modal-content').evaluate((el) => getComputedStyle(el).opacity), { timeout: 5_000 }).toBe('1');
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Prepare the payout' }).click();
    await page.getByText('$49.75 to Alex Affiliate, in a batch of its own: approve it on Payouts.').waitFor();
    // The line is in the batch now: the row links to Payouts instead of offering it again.
    await row.getByRole('link', { name: /^In the batch of / }).click();
    await page.waitForURL('**/admin/payouts');
    const detail = page.getByRole('region', { name: /^Batch of / });
    await detail.getByText('Prepared, awaiting approval').waitFor();
    const item = detail.getByRole('table', { name: 'Payout items' }).getByRole('row').filter({ hasText: 'Alex Affiliate' });
    await expect(item.innerText()).resolves.toContain('$49.75');
    await expect(detail.getByRole('table', { name: 'Payout items' }).getByRole('row').count()).resolves.toBe(2);
    await detail.getByRole('button', { name: 'Approve batch' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve payout batch' });
    await approve.getByText('Approve 1 payout totalling $49.75?').waitFor();
    await approve.getByRole('button', { name: 'Approve' }).click();
    await detail.getByText('Approved, paying').waitFor();
    await item.getByRole('button', { name: 'Mark paid: the payout to Alex Affiliate' }).click();
    await detail.getByText('Completed', { exact: true }).waitFor();
    await context.close();

    const affiliate = await newPage();
    await signInWithDemo(affiliate.page, 'Alex Affiliate');
    await affiliate.page.goto('/commissions?status=paid');
    await affiliate.page.getByRole('heading', { level: 1, name: 'Commissions' }).waitFor();
    await expect.poll(() => ledgerRows(affiliate.page).count(), { timeout: 15_000 }).toBe(paidBefore + 1);
    await affiliate.page.getByRole('table', { name: 'Commissions' }).getByText('Trading Foundations Course').first().waitFor();
    await affiliate.context.close();
  });

  it('works at 375 px', async () => {
    const { context, page } = await newPage({ width: 375, height: 812 });
    await signInWithDemo(page, 'Alex Affiliate');
    await page.goto('/commissions');
    await page.getByRole('region', { name: 'Commission summary' }).getByText('Total Earnings').waitFor();
    await expect.poll(() => ledgerRows(page).count()).toBeGreaterThan(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'commissions-375.png'), fullPage: true });
    await context.close();
  });
});
