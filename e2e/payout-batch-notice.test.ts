import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commissions, payoutMethods, users } from '@myeai/db';
import { ensurePayoutSchedule } from '../apps/server/src/modules/payouts/index.ts';
import { expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/payout-batch-notice');
const DAY_MS = 86_400_000;
// The test clock starts on Monday 2026-11-23 12:00 UTC; the default schedule is Friday 09:00 UTC.
const FRIDAY = new Date('2026-11-27T09:00:00.000Z');

/**
 * Decision 070: when the weekly schedule prepares a batch, each admin is told in the app with the
 * count and the total, and the notification opens the batch on /admin/payouts.
 */
describe.skipIf(!hasChromium)('the weekly payout batch notice in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS });

  it('the scheduled job prepares the week, the admin reads the notice and opens the batch from it', async () => {
    const db = suite.app.database.db;
    const tag = randomUUID().slice(0, 8);
    const now = suite.app.clock.now();
    const [payee] = await db
      .insert(users)
      .values({ email: `notice-${tag}@example.test`, name: `Notice Payee ${tag}`, roles: ['affiliate'], activeRole: 'affiliate', referralCode: `NP${tag.toUpperCase()}`, createdAt: now })
      .returning({ id: users.id, email: users.email });
    await db.insert(commissions).values({ userId: payee!.id, source: 'conversion', sourceReference: `notice-${tag}`, productName: 'Notice product', amountCents: 12_345, status: 'pending', earnedAt: new Date(now.getTime() - 30 * DAY_MS) });
    await db.insert(payoutMethods).values({
      userId: payee!.id,
      method: 'paypal',
      details: `plain:${JSON.stringify({ method: 'paypal', email: payee!.email })}`,
      summary: 'PayPal n•••@example.test',
      createdAt: new Date(now.getTime() - 10 * DAY_MS),
      updatedAt: new Date(now.getTime() - 10 * DAY_MS),
      holdUntil: new Date(now.getTime() - 8 * DAY_MS),
    });
    // The weekly job, queued as the server queues it at start, runs when the clock reaches Friday 09:00.
    await ensurePayoutSchedule(db, suite.app.clock);
    suite.app.clock.set(FRIDAY);
    await suite.app.runJobs();

    const { context, page } = await suite.signedInPage('Ada Admin');
    await page.goto('/notifications');
    const notice = page.getByRole('listitem').filter({ hasText: 'Payout batch ready for review' });
    await notice.waitFor();
    await expect(notice.innerText()).resolves.toMatch(/The weekly payout batch for the week of 2026-11-23 is prepared: \d+ payouts?, \$[\d,]+\.\d\d in all\. Review it on Payouts, then approve or cancel it\./);
    await expectAccessible(page);
    await notice.getByRole('link', { name: 'Review the payout batch' }).click();
    await page.waitForURL('**/admin/payouts');
    const detail = page.getByRole('region', { name: /^Batch of / });
    await detail.getByText(/Weekly batch, week of/).waitFor();
    await detail.getByRole('table', { name: 'Payout items' }).getByRole('row').filter({ hasText: `Notice Payee ${tag}` }).filter({ hasText: '$123.45' }).waitFor();
    await context.close();
  });
});
