import { resolve } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goals as goalsTable, users } from '@myeai/db';
import { click, createTestProduct, postConversion, referralCode } from '../apps/server/src/modules/tracking/__tests__/affiliate-test-helpers.ts';
import { checkBothWidths, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/goal-quick-setup');
const AFFILIATE_EMAIL = 'affiliate@demo.myeai.local';
const DAY_MS = 86_400_000;

describe.skipIf(!hasChromium)('Goal quick-setup modal and ledger-fed goals in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS });
  const { newPage, signInWithDemo } = suite;

  /** The demo accounts are seeded as having skipped; this sets when the affiliate last did. */
  const setAffiliateSkippedAt = (at: Date | null) => suite.app.database.db.update(users).set({ goalSetupSkippedAt: at }).where(eq(users.email, AFFILIATE_EMAIL));
  const goalTitle = 'Earn $500 from affiliate sales';
  const modal = (page: Page) => page.getByRole('dialog');

  it('opens in its context, refuses an empty save, remembers Skip for now on the server, and saves a complete tier', async () => {
    // The modal asks only someone with no goals; the demo seeds goals for the affiliate, so they go first.
    const { db } = suite.app.database;
    const [affiliate] = await db.select({ id: users.id }).from(users).where(eq(users.email, AFFILIATE_EMAIL));
    await db.delete(goalsTable).where(eq(goalsTable.userId, affiliate!.id));
    await setAffiliateSkippedAt(null);
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Alex Affiliate');

    // The Business Hub: the personalization texts.
    await modal(page).getByRole('heading', { name: 'Personalise your Business Hub' }).waitFor();
    await modal(page).getByText('Your Monthly target card and Goal Progress move by themselves').waitFor();
    await checkBothWidths(page, SCREENSHOTS, 'quick-setup-business-hub', () => modal(page).getByRole('button', { name: 'Save Goals' }).waitFor());
    await modal(page).getByRole('button', { name: 'Save Goals' }).click();
    await modal(page).getByText('Please complete at least one goal before submitting.').waitFor();

    // Skip for now: stored on the user, so the next screen (and another device) does not ask.
    await modal(page).getByRole('button', { name: 'Skip for now', exact: true }).click();
    await modal(page).waitFor({ state: 'detached' });
    const [stored] = await suite.app.database.db.select({ at: users.goalSetupSkippedAt }).from(users).where(eq(users.email, AFFILIATE_EMAIL));
    expect(stored?.at).not.toBeNull();
    await page.goto('/commissions');
    await page.getByRole('heading', { level: 1, name: 'Commissions' }).waitFor();
    await page.getByRole('region', { name: 'Commission summary' }).waitFor();
    await expect(modal(page).count()).resolves.toBe(0);

    // Eight days later it asks again: on /earnings and /commissions with their own texts; a complete short-term tier is saved.
    await setAffiliateSkippedAt(new Date(suite.app.clock.now().getTime() - 8 * DAY_MS));
    await page.goto('/earnings');
    await modal(page).getByRole('heading', { name: 'Turn your earnings potential into a target' }).waitFor();
    await modal(page).getByText('A monetary goal in USD is measured from your commission ledger').waitFor();
    await page.goto('/commissions');
    await modal(page).getByRole('heading', { name: 'Set a target for your commissions' }).waitFor();
    await modal(page).getByText('Every commission you earn moves your monetary goal').waitFor();
    const shortTerm = modal(page).getByRole('group', { name: 'Short term (up to 13 weeks)' });
    await shortTerm.getByRole('textbox', { name: 'Title' }).fill(goalTitle);
    await shortTerm.getByRole('textbox', { name: 'Target value' }).fill('500');
    await shortTerm.getByLabel('Deadline').fill(new Date(suite.app.clock.now().getTime() + 45 * DAY_MS).toISOString().slice(0, 10));
    await shortTerm.getByRole('textbox', { name: 'Why is this important to you?' }).fill('Pay for the course I want next year.');
    await modal(page).getByRole('button', { name: 'Save Goals' }).click();
    await modal(page).waitFor({ state: 'detached' });

    await page.goto('/goal-progress');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: /Welcome back/ }).waitFor();
    await page.getByText('Monthly target').first().waitFor();
    await expect(modal(page).count()).resolves.toBe(0);
    await context.close();
  });

  it('an affiliate earns a commission through a merchant sale: the goal on /goal-progress and the Business Hub target move without a reload', async () => {
    const t = suite.app;
    // The goal saved above, approved by an admin (the monetary goal is then fed by the ledger).
    const admin = await t.signInAs('admin');
    // Found by owner and title: the review queue also holds the other demo accounts' pending goals.
    const [goal] = await t.database.db
      .select({ id: goalsTable.id })
      .from(goalsTable)
      .innerJoin(users, eq(users.id, goalsTable.userId))
      .where(and(eq(users.email, AFFILIATE_EMAIL), eq(goalsTable.title, goalTitle)));
    expect(goal).toBeDefined();
    const approved = await t.inject({ method: 'POST', url: `/api/goals/${goal!.id}/review`, cookie: admin, payload: { action: 'approve' } });
    expect(approved.statusCode, approved.body).toBe(200);

    const progress = await newPage();
    await signInWithDemo(progress.page, 'Alex Affiliate');
    const hub = progress.page.getByRole('progressbar', { name: /Monthly target progress/ });
    await progress.page.getByText(`$0.00 of $500.00 · ${goalTitle}`, { exact: false }).waitFor();
    await expect(hub.getAttribute('aria-valuenow')).resolves.toBe('0');

    const goals = await newPage();
    await signInWithDemo(goals.page, 'Alex Affiliate');
    await goals.page.goto('/goal-progress');
    const card = goals.page.getByRole('article', { name: goalTitle });
    await card.getByText('$0.00 of $500.00').waitFor();
    const sidebar = goals.page.getByTestId('monthly-progress-card');
    await sidebar.getByText('$0.00 of $500.00 earned').waitFor();

    // The real path of a commission: a tracked click on the affiliate's product link, then the merchant's signed sale report.
    const product = await createTestProduct(t, { commission_rate_bp: 1_000 });
    const code = await referralCode(t, AFFILIATE_EMAIL);
    await click(t, `/go/${product.id}?ref=${code}`);
    const sale = await postConversion(t, product.secret, { product_id: product.id, order_id: `GOAL-${Date.now()}`, amount_cents: 50_000, ref: code });
    expect(sale.statusCode, sale.body).toBe(201);

    // $50 of $500 = 10%, on both screens, told by the live socket (no reload, no refetch by hand).
    await card.getByText('$50.00 of $500.00').waitFor();
    await expect(card.getByRole('progressbar').getAttribute('aria-valuenow')).resolves.toBe('10');
    await sidebar.getByText('$50.00 of $500.00 earned').waitFor();
    await progress.page.getByText(`$50.00 of $500.00 · ${goalTitle}`, { exact: false }).waitFor();
    await expect(hub.getAttribute('aria-valuenow')).resolves.toBe('10');
    await checkBothWidths(goals.page, SCREENSHOTS, 'goal-progress-after-commission', () => card.getByText('$50.00 of $500.00').waitFor());
    await goals.context.close();
    await progress.context.close();
  });
});
