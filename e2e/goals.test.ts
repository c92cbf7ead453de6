import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goals, users } from '@myeai/db';
import { checkBothWidths, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/goals');

describe.skipIf(!hasChromium)('Goals in Chromium: Purpose Alignment Center, review, progress', () => {
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS });
  const { newPage, signInWithDemo } = suite;

  const bothWidths = (page: Page, name: string, ready: () => Promise<unknown>) => checkBothWidths(page, SCREENSHOTS, name, ready);

  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  it('an affiliate sets a goal, an admin approves it on the Review tab, the affiliate records progress and /goal-progress shows it', async () => {
    const title = `Finish the sales course ${Date.now()}`;
    const affiliate = await newPage();
    await signInWithDemo(affiliate.page, 'Alex Affiliate');
    const created = await affiliate.page.request.post('/api/goals/setup', {
      data: {
        short_term: {
          goal_type: 'skill',
          title,
          target_value: 100,
          unit: '%',
          why_important: 'Better calls mean more customers helped each week.',
          daily_habits: ['Study 30 minutes'],
          weekly_habits: [],
          deadline: inDays(45),
        },
      },
    });
    expect(created.status()).toBe(201);

    await affiliate.page.goto('/goals');
    await affiliate.page.getByRole('heading', { level: 1, name: 'Purpose Alignment Center' }).waitFor();
    const card = affiliate.page.getByRole('article', { name: title });
    await card.getByText('Pending approval').waitFor();
    await bothWidths(affiliate.page, 'goals-affiliate-pending', () => card.waitFor());

    const admin = await newPage();
    await signInWithDemo(admin.page, 'Ada Admin');
    await admin.page.goto('/goals');
    await admin.page.getByRole('tab', { name: /Review/ }).click();
    const reviewCard = admin.page.getByRole('article', { name: title });
    await reviewCard.waitFor();
    await bothWidths(admin.page, 'goals-admin-review', () => reviewCard.waitFor());
    await reviewCard.getByRole('button', { name: 'Approve' }).click();
    await reviewCard.waitFor({ state: 'detached' });
    await admin.context.close();

    // The approval reaches the affiliate live (notification) and the card turns approved.
    await card.getByText('Approved').waitFor();
    await card.getByRole('link', { name: `Update Progress: ${title}` }).click();
    await affiliate.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await affiliate.page.getByRole('textbox', { name: 'Value reached now (%)' }).fill('40');
    await affiliate.page.getByRole('textbox', { name: 'Note (optional)' }).fill('Module 2 done');
    await affiliate.page.getByRole('button', { name: 'Record progress' }).click();
    await affiliate.page.getByText('40% of 100%').waitFor();
    await affiliate.page.getByRole('checkbox', { name: /Study 30 minutes \(today\) · streak 0/ }).click(); // ticked once the server answers
    await affiliate.page.getByRole('checkbox', { name: /Study 30 minutes \(today\) · streak 1/ }).waitFor();
    await bothWidths(affiliate.page, 'goal-edit-progress', () => affiliate.page.getByRole('heading', { name: 'Update Progress' }).waitFor());

    await affiliate.page.goto('/goal-progress');
    const progressCard = affiliate.page.getByRole('article', { name: title });
    await progressCard.getByText('40% of 100%').waitFor();
    await expect(progressCard.getByRole('progressbar').getAttribute('aria-valuenow')).resolves.toBe('40');
    await progressCard.getByRole('button', { name: `View Details: ${title}` }).click();
    await affiliate.page.getByRole('dialog').getByText('Actual progress: 40%').waitFor();
    await affiliate.page.keyboard.press('Escape');
    await bothWidths(affiliate.page, 'goal-progress-affiliate', () => progressCard.waitFor());
    await affiliate.context.close();
  });

  it('a newcomer cannot open /goals, and sees the empty state on /goal-progress', async () => {
    // The demo seeds goals for the newcomer too; the empty state is that of a newcomer with none.
    const { db } = suite.app.database;
    const [newcomer] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'newcomer@demo.myeai.local'));
    await db.delete(goals).where(eq(goals.userId, newcomer!.id));
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Nico Newcomer');
    await page.goto('/goals');
    await page.getByRole('heading', { name: 'Goal Setting Access Required' }).waitFor();
    await page.goto('/goal-progress');
    await page.getByRole('heading', { name: 'No Active Goals' }).waitFor();
    // A newcomer may not open /goals: the quick setup opens here, never the onboarding wizard (issue 26).
    await expect(page.getByRole('link', { name: 'Create Your First Goal' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Create Your First Goal' }).click();
    const setup = page.getByRole('dialog', { name: 'Create Your First Goal' });
    await setup.waitFor();
    await page.keyboard.press('Escape');
    await setup.waitFor({ state: 'detached' });
    await bothWidths(page, 'goal-progress-empty', () => page.getByRole('heading', { name: 'No Active Goals' }).waitFor());
    await context.close();
  });
});
