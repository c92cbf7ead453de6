import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commissionCellMembers, commissionCells, conversions, products, users } from '@myeai/db';
import { checkBothWidths, expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/network-manager-advancement');
const DAY = 86_400_000;

describe.skipIf(!hasChromium)('Network Manager advancement suggestions in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS });

  it('a Regular who meets the Senior rule shows "Ready for Senior" with the criteria; the suggestion moves nobody', async () => {
    const db = suite.app.database.db;
    // Dated by the app's clock (the test app runs at TEST_NOW): by the wall clock, '5 days ago' came after the app's now once the real date passed TEST_NOW + 5 days.
    const now = suite.app.clock.now().getTime();
    const person = (key: string, name: string, referredBy: string | null = null, lastSeenDaysAgo: number | null = null) => ({
      email: `adv-${key}@network.test`,
      name,
      roles: ['affiliate'],
      activeRole: 'affiliate',
      referralCode: `ADVE2E${key.toUpperCase()}`,
      createdAt: new Date(now - 200 * DAY),
      referredBy,
      lastSeenAt: lastSeenDaysAgo === null ? null : new Date(now - lastSeenDaysAgo * DAY),
    });
    const [ready, notYet] = await db.insert(users).values([person('ready', 'Rae Ready'), person('notyet', 'Ned Notyet')]).returning({ id: users.id });
    // Rae: two recruits seen this month and $1,000.00 of conversions within 13 weeks (2 of 3); Ned: one recruit only.
    await db.insert(users).values([person('r1', 'Rae Recruit One', ready!.id, 2), person('r2', 'Rae Recruit Two', ready!.id, 10), person('n1', 'Ned Recruit', notYet!.id, 3)]);
    const [product] = await db.select({ id: products.id }).from(products).limit(1);
    await db.insert(conversions).values({ productId: product!.id, merchantOrderId: 'adv-e2e-1', referrerId: ready!.id, amountCents: 100_000, commissionRateBp: 1000, createdAt: new Date(now - 5 * DAY) });
    const [cell] = await db.insert(commissionCells).values({ name: 'Advance Cell', parentCellId: null, status: 'active', createdAt: new Date(now), updatedAt: new Date(now) }).returning({ id: commissionCells.id });
    await db.insert(commissionCellMembers).values([
      { cellId: cell!.id, position: 4, userId: ready!.id, assignedAt: new Date(now) },
      { cellId: cell!.id, position: 5, userId: notYet!.id, assignedAt: new Date(now) },
    ]);

    const { page, context } = await suite.signedInPage('Ada Admin');
    await page.goto('/admin/commission-manager');
    await page.getByRole('button', { name: 'Edit Advance Cell' }).click();
    await page.getByRole('heading', { level: 2, name: 'Advance Cell' }).waitFor();
    const badge = page.getByTestId('seat-4').getByRole('button', { name: /^Ready for Senior: Rae Ready/ });
    await badge.waitFor();
    await expect(page.getByTestId('seat-5').getByText(/^Ready for/).count()).resolves.toBe(0);
    await checkBothWidths(page, SCREENSHOTS, 'editor-suggestion', () => badge.waitFor());

    await badge.click();
    const dialog = page.getByRole('dialog', { name: 'Rae Ready: Ready for Senior' });
    await dialog.getByText('Regular to Senior: any 2 of 3 required — 2 met.').waitFor();
    await expect(dialog.getByTestId('criterion-personal_revenue').textContent()).resolves.toBe('$1,000.00 of $1,000.00');
    await expect(dialog.getByTestId('criterion-active_recruits').textContent()).resolves.toBe('2 of 2');
    await dialog.getByText(/A suggestion only/).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'criteria-1440.png') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Nothing moved: Rae still holds the Regular seat 4.
    await page.getByTestId('seat-4').getByText('Rae Ready').waitFor();
    await context.close();
  });
});
