import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkBothWidths, expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/personalized-messages');

describe.skipIf(!hasChromium)('/admin-personalized-messages in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS });
  const { newPage, signInWithDemo } = suite;

  const bothWidths = (page: Page, name: string, ready: () => Promise<unknown>) => checkBothWidths(page, SCREENSHOTS, name, ready);

  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  it('an admin writes a message, then approves two goals with edited messages and the owner is notified', async () => {
    const stamp = Date.now();
    const titles = [`Close five deals ${stamp}`, `Learn objection handling ${stamp}`] as const;
    const affiliate = await newPage();
    await signInWithDemo(affiliate.page, 'Alex Affiliate');
    const created = await affiliate.page.request.post('/api/goals/setup', {
      data: {
        short_term: { goal_type: 'monetary', title: titles[0], target_value: 500, unit: 'USD', why_important: 'A steady income for my family this year.', daily_habits: ['Call two leads'], weekly_habits: [], deadline: inDays(45) },
        mid_term: { goal_type: 'skill', title: titles[1], target_value: 100, unit: '%', why_important: 'Better calls help more customers each week.', daily_habits: [], weekly_habits: ['Role-play once'], deadline: inDays(180) },
      },
    });
    expect(created.status()).toBe(201);

    const admin = await newPage();
    await signInWithDemo(admin.page, 'Ada Admin');
    await admin.page.goto('/admin-personalized-messages');
    await admin.page.getByRole('heading', { level: 1, name: 'Personalized Messages' }).waitFor();
    await admin.page.getByText('Template writer ready').waitFor();

    // Generate Messages: the required fields are checked, then a message is written to copy; nothing is sent.
    await admin.page.getByRole('button', { name: 'Generate Message' }).click();
    await admin.page.getByText('Enter the user name.').waitFor();
    await admin.page.getByLabel('User name').fill('Casey <b>Client</b>');
    await admin.page.getByLabel('User email').fill('casey@example.test');
    await admin.page.getByLabel('Goal title').fill('<img src=x onerror=window.__x=1>');
    await admin.page.getByLabel('Target date').fill(inDays(30));
    await admin.page.getByRole('button', { name: 'Generate Message' }).click();
    const generated = admin.page.getByLabel('Generated message');
    await generated.waitFor();
    await expect(generated.inputValue()).resolves.toContain('Hi Casey <b>Client</b>,');
    await expect(generated.inputValue()).resolves.toContain('"<img src=x onerror=window.__x=1>" has been approved');
    await expect(admin.page.evaluate(() => (window as unknown as { __x?: number }).__x)).resolves.toBeUndefined();
    await bothWidths(admin.page, 'generate', () => generated.waitFor());

    // Pending Goals: select the two goals, preview, edit one message, approve both.
    await admin.page.getByRole('tab', { name: /Pending Goals \(\d+\)/ }).click();
    await admin.page.getByText(/Showing \d+ of \d+ goals/).waitFor();
    for (const title of titles) await admin.page.getByRole('checkbox', { name: title }).check();
    await bothWidths(admin.page, 'pending', () => admin.page.getByRole('button', { name: 'Preview Messages (2)' }).waitFor());
    await admin.page.getByRole('button', { name: 'Preview Messages (2)' }).click();
    const modal = admin.page.getByRole('dialog', { name: 'Preview messages' });
    await modal.getByText('2 of 2 messages ready').waitFor();
    await expect(modal.getByText('Generated', { exact: true }).count()).resolves.toBe(2);
    const edited = `Alex, this one is yours to win. ${stamp}`;
    await modal.getByLabel(`Message for ${titles[0]}`).fill(edited);
    await expectAccessible(admin.page);
    await admin.page.screenshot({ path: resolve(SCREENSHOTS, 'preview-1440.png'), fullPage: true });
    await modal.getByRole('button', { name: 'Approve with Messages (2)' }).click();
    await modal.waitFor({ state: 'detached' });
    await admin.page.getByText('2 goals processed.').waitFor();
    for (const title of titles) await expect(admin.page.getByRole('checkbox', { name: title }).count()).resolves.toBe(0);

    const inbox = await affiliate.page.request.get('/api/notifications');
    const messages = JSON.stringify(await inbox.json());
    expect(messages).toContain(edited);
    expect(messages).toContain(`Your goal \\"${titles[1]}\\" has been approved.`);
    await affiliate.page.goto('/goal-progress');
    await affiliate.page.getByText(titles[0]).first().waitFor();
    await affiliate.context.close();
    await admin.context.close();
  });
});
