import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkBothWidths, expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SHOTS = resolve(import.meta.dirname, '../test-results/refunds');

/**
 * Refunds and receipts (issue 31 items 1 and 5, decision 065): the demo subscriber asks for a
 * refund of their payment; the admin finds the request in the Support tab with its age, follows it
 * to People Management and refunds half of the payment there; the subscriber sees the refund on
 * their payments, their receipt and their notifications.
 */
describe.skipIf(!hasChromium)('refunds in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SHOTS });

  const payments = (page: Page) => page.getByRole('region', { name: 'Payments and receipts' });

  it('an admin refunds half of a payment and the user sees it', async () => {
    const subscriber = await suite.signedInPage('Sam Subscriber');
    await subscriber.page.goto('/trading-subscription');
    const payment = payments(subscriber.page).getByRole('article').first();
    await payment.getByText('$599.00').waitFor();
    await expect(payment.getByText('52 Weeks plan', { exact: false }).count()).resolves.toBe(1);
    await expect(payment.getByText(/Refunded/).count()).resolves.toBe(0);

    // The receipt: printable, with the seller, the plan and the amount.
    await payment.getByRole('link', { name: /^Receipt of / }).click();
    await subscriber.page.waitForURL('**/trading-subscription/receipts/*');
    await checkBothWidths(subscriber.page, SHOTS, 'receipt', () => subscriber.page.getByText('Amount paid').waitFor());
    await expect(subscriber.page.getByRole('heading', { level: 1, name: /Get Ecosystem Access/ }).count()).resolves.toBe(1);
    await expect(subscriber.page.locator('.receipt-sheet').getByText('MYEAI', { exact: true }).count()).resolves.toBe(1);
    await expect(subscriber.page.getByRole('button', { name: 'Print' }).isEnabled()).resolves.toBe(true);

    // "Request a refund": a support request about the payment.
    await subscriber.page.getByRole('link', { name: 'Back to your subscription' }).click();
    await payments(subscriber.page).getByRole('button', { name: /^Request a refund of the payment of / }).click();
    const ask = subscriber.page.getByRole('dialog', { name: 'Request a refund' });
    await ask.getByText(/within 7-10 business days/).waitFor();
    await expectAccessible(subscriber.page);
    await ask.getByLabel(/Why do you ask for a refund/).fill('The compass showed no data for a week of my plan.');
    await ask.getByRole('button', { name: 'Send request' }).click();
    await payments(subscriber.page).getByText(/Refund requested on .*: we answer within 5 business days/).waitFor();
    await checkBothWidths(subscriber.page, SHOTS, 'payments', () => payments(subscriber.page).getByText(/Refund requested on/).waitFor());

    // The admin's Support tab: the request with its payment and age, and the way to the refund.
    const admin = await suite.signedInPage('Ada Admin');
    await admin.page.goto('/admin-comprehensive-dashboard');
    await admin.page.getByRole('tab', { name: /Support/ }).click();
    const request = admin.page.getByRole('article', { name: /^Refund request: \$599\.00 payment of / });
    await request.getByText(/Payment of \$599\.00 on .* for the 52 Weeks plan\./).waitFor();
    await request.getByText(/business day.*(review due|past the 5-business-day review)/).waitFor();
    await expectAccessible(admin.page);
    await request.getByRole('link', { name: 'Refund it in People Management' }).click();
    await admin.page.waitForURL('**/admin-users?search=*');
    const row = admin.page.getByTestId('person-subscriber@demo.myeai.local');
    await row.waitFor();
    await row.getByRole('button', { name: 'Actions for Sam Subscriber' }).click();
    await admin.page.getByRole('menuitem', { name: 'Details' }).click();
    const billing = admin.page.getByRole('region', { name: 'Billing' });
    const paid = billing.getByRole('article').first();
    await paid.getByText('$599.00').waitFor();
    await expect(paid.getByText('Refunded so far: $0.00', { exact: false }).count()).resolves.toBe(1);
    await expectAccessible(admin.page);
    await admin.page.screenshot({ path: resolve(SHOTS, 'person-billing-1440.png'), fullPage: true });

    await paid.getByRole('button', { name: /^Refund the payment of / }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Refund a payment of Sam Subscriber' });
    const amount = dialog.getByLabel(/Amount to refund/);
    await expect(amount.inputValue()).resolves.toBe('599');
    // More than the payment: refused by the same rule the server applies.
    await amount.fill('600');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await dialog.getByText('At most $599.00 of this payment can still be refunded.').waitFor();
    await amount.fill('299.50');
    await dialog.getByRole('radio', { name: 'Technical fault' }).check();
    await dialog.getByRole('radio', { name: 'Access unchanged (the plan continues)' }).check();
    await dialog.getByLabel(/^Note/).fill('No compass data from the 3rd to the 10th.');
    await expectAccessible(admin.page);
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await admin.page.getByText('Refunded $299.50').first().waitFor();
    await paid.getByText(/Refunded so far: \$299\.50/).waitFor();
    await paid.getByText(/Technical fault · by Ada Admin/).waitFor();
    await admin.page.screenshot({ path: resolve(SHOTS, 'refunded-1440.png'), fullPage: true });
    await admin.context.close();

    // The subscriber sees it without reloading (the refund's notification arrives live), then the
    // receipt and the notification, with 7-10 business days.
    await payments(subscriber.page).getByText('Refunded $299.50').waitFor({ timeout: 15_000 });
    await payments(subscriber.page).getByRole('link', { name: /^Receipt of / }).first().click();
    await subscriber.page.getByText('−$299.50').waitFor();
    await subscriber.page.getByText('Net paid').waitFor();
    await expect(subscriber.page.getByText('$299.50', { exact: true }).count()).resolves.toBe(1);
    await subscriber.page.goto('/notifications');
    await subscriber.page.getByText('Refund issued').first().waitFor();
    await subscriber.page.getByText(/We refunded \$299\.50 of your \$599\.00 payment .* within 7-10 business days/).first().waitFor();
    await subscriber.context.close();
  });
});
