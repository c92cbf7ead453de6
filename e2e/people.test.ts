import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@myeai/db';
import { expectAccessible, hasChromium, isOnTop } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/people');
const PHONE = { width: 375, height: 812 };

describe.skipIf(!hasChromium)('People Management and My Team in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS });
  const { signedInPage } = suite;

  const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

  async function openPeople(page: Page) {
    await page.goto('/admin-users');
    await page.getByRole('heading', { level: 1, name: 'People Management' }).waitFor();
    await page.getByRole('row').nth(1).waitFor();
  }

  it('an admin grants the newcomer the affiliate role: the newcomer’s sidebar changes without a reload', async () => {
    const newcomer = await signedInPage('Nico Newcomer');
    await expect(sidebar(newcomer.page).getByRole('link', { name: 'Client Relationship' }).count()).resolves.toBe(0);

    const admin = await signedInPage('Ada Admin');
    await openPeople(admin.page);
    await expectAccessible(admin.page);
    await admin.page.screenshot({ path: resolve(SCREENSHOTS, 'admin-users-1440.png'), fullPage: true });

    await admin.page.getByLabel('Search').fill('nico');
    // The search runs on the server: one match, the newcomer, referred by the demo affiliate.
    await admin.page.getByText('Showing 1–1 of 1').waitFor();
    const row = admin.page.getByTestId('person-newcomer@demo.myeai.local');
    await expect(admin.page.getByRole('row').count()).resolves.toBe(2);
    await expect(row.getByText('Alex Affiliate').count()).resolves.toBe(1);

    await row.getByRole('button', { name: 'Actions for Nico Newcomer' }).click();
    await admin.page.getByRole('menuitem', { name: 'Edit roles' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Roles of Nico Newcomer' });
    await dialog.waitFor();
    // At least one role: unticking the only one is refused with the rule's message.
    await dialog.getByRole('checkbox', { name: 'Newcomer' }).uncheck();
    await dialog.getByRole('button', { name: 'Save roles' }).click();
    await dialog.getByText('A user must keep at least one role.').waitFor();
    await dialog.getByRole('checkbox', { name: 'Newcomer' }).check();
    await dialog.getByRole('checkbox', { name: 'Affiliate' }).check();
    await expectAccessible(admin.page);
    await dialog.getByRole('button', { name: 'Save roles' }).click();
    await admin.page.getByText('User roles updated successfully!').waitFor();
    await row.getByText('Affiliate', { exact: true }).waitFor();

    // The newcomer's open tab hears of it on the live socket: the affiliate screens appear in the sidebar.
    await sidebar(newcomer.page).getByRole('link', { name: 'Client Relationship' }).waitFor({ timeout: 10_000 });
    await newcomer.page.screenshot({ path: resolve(SCREENSHOTS, 'granted-sidebar-1440.png') });
    await newcomer.context.close();

    // The last admin cannot lose the admin role: the server's refusal is shown.
    await admin.page.getByLabel('Search').fill('multi');
    const multi = admin.page.getByTestId('person-multi@demo.myeai.local');
    await multi.waitFor();
    await multi.getByRole('button', { name: 'Actions for Morgan Multi' }).click();
    await admin.page.getByRole('menuitem', { name: 'Edit roles' }).click();
    const multiDialog = admin.page.getByRole('dialog', { name: 'Roles of Morgan Multi' });
    await multiDialog.getByRole('checkbox', { name: 'Admin' }).uncheck();
    // The first grant's toast closes by itself after a few seconds, sooner or later than this under load: gone first, the next one is this save's.
    const rolesUpdated = admin.page.getByText('User roles updated successfully!');
    await expect.poll(() => rolesUpdated.count(), { timeout: 10_000 }).toBe(0);
    await multiDialog.getByRole('button', { name: 'Save roles' }).click();
    await rolesUpdated.waitFor();
    await admin.page.getByLabel('Search').fill('ada');
    const self = admin.page.getByTestId('person-admin@demo.myeai.local');
    await self.getByRole('button', { name: 'Actions for Ada Admin' }).click();
    await admin.page.getByRole('menuitem', { name: 'Edit roles' }).click();
    const selfDialog = admin.page.getByRole('dialog', { name: 'Roles of Ada Admin' });
    await selfDialog.getByRole('checkbox', { name: 'Affiliate' }).check();
    await selfDialog.getByRole('checkbox', { name: 'Admin' }).uncheck();
    await selfDialog.getByRole('button', { name: 'Save roles' }).click();
    await admin.page.getByText(/Failed to update user roles: You cannot remove the admin role from the last admin/).waitFor();
    await admin.context.close();
  });

  it('lays out People Management and My Team at 375 px, accessible', async () => {
    const admin = await signedInPage('Ada Admin', PHONE);
    await openPeople(admin.page);
    await expectAccessible(admin.page);
    await admin.page.screenshot({ path: resolve(SCREENSHOTS, 'admin-users-375.png'), fullPage: true });
    // The referral flags of the attribution rules are reviewed here too (issue 17 item 4).
    await admin.page.getByRole('tab', { name: 'Referral flags' }).click();
    await admin.page.getByRole('tabpanel', { name: 'Referral flags' }).waitFor();
    await admin.page.waitForLoadState('networkidle');
    await expectAccessible(admin.page);
    await admin.page.screenshot({ path: resolve(SCREENSHOTS, 'referral-flags-375.png'), fullPage: true });
    await admin.context.close();

    const affiliate = await signedInPage('Alex Affiliate', PHONE);
    await affiliate.page.goto('/my-team');
    await affiliate.page.getByRole('heading', { level: 1, name: 'My Team' }).waitFor();
    await affiliate.page.getByText('Nico Newcomer').waitFor();
    await expectAccessible(affiliate.page);
    await affiliate.page.screenshot({ path: resolve(SCREENSHOTS, 'my-team-375.png'), fullPage: true });
    await affiliate.page.setViewportSize({ width: 1440, height: 900 });
    await expectAccessible(affiliate.page);
    await affiliate.page.screenshot({ path: resolve(SCREENSHOTS, 'my-team-1440.png'), fullPage: true });
    await affiliate.context.close();
  });
  it('a row opens the person; the name, full statuses and the actions stay in view at 1440 and 375 px, and the menu moves nothing', async () => {
    // A suspended person: the longest pair of statuses, read in full.
    const suspendedId = (await suite.app.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'free@demo.myeai.local')))[0]!.id;
    const adminCookie = await suite.app.signIn('admin@demo.myeai.local');
    expect((await suite.app.inject({ method: 'POST', url: `/api/rbac/admin/users/${suspendedId}/suspend`, cookie: adminCookie })).statusCode).toBe(200);
    const admin = await signedInPage('Ada Admin');
    const page = admin.page;
    await openPeople(page);
    await page.getByLabel('Search').fill('fran');
    const row = page.getByTestId('person-free@demo.myeai.local');
    await row.getByText('Suspended', { exact: true }).waitFor();

    // A click on the row opens the person as stored; Enter on the focused row too.
    await row.getByText('Direct').click();
    const drawer = page.getByRole('dialog', { name: 'Fran Free' });
    await drawer.getByText('free@demo.myeai.local').waitFor();
    await drawer.getByRole('button', { name: 'Reactivate account' }).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'person-detail-1440.png') });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await row.focus();
    await page.keyboard.press('Enter');
    await drawer.waitFor();
    // An action from the detail opens its dialog.
    await drawer.getByRole('button', { name: 'Edit roles' }).click();
    await page.getByRole('dialog', { name: 'Roles of Fran Free' }).waitFor();
    await page.keyboard.press('Escape');

    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // Scrolled to its far end, the table still shows whose row it is and its menu.
      await row.evaluate((element) => {
        const scroller = element.closest('.mantine-ScrollArea-viewport, .mantine-Table-scrollContainer') as HTMLElement | null;
        if (scroller) scroller.scrollLeft = scroller.scrollWidth;
      });
      await expect.poll(() => isOnTop(row.getByRole('rowheader').getByText('Fran Free'), width)).toBe(true);
      await expect.poll(() => isOnTop(row.getByRole('button', { name: 'Actions for Fran Free' }), width)).toBe(true);
      // Statuses in full: each badge's whole text lies inside the badge, nothing cut or spilled.
      for (const status of ['Suspended', 'Signed up', 'Active']) {
        const badge = row.getByText(status, { exact: true });
        if ((await badge.count()) === 0) continue;
        await expect(
          badge.evaluate((element) => {
            const box = (element.closest('.mantine-Badge-root') ?? element).getBoundingClientRect();
            const range = element.ownerDocument.createRange();
            range.selectNodeContents(element);
            const text = range.getBoundingClientRect();
            return text.left >= box.left - 0.5 && text.right <= box.right + 0.5;
          }),
        ).resolves.toBe(true);
      }
      await expectAccessible(page);
      await page.screenshot({ path: resolve(SCREENSHOTS, `person-row-${width}.png`), fullPage: true });
      const before = await row.getByRole('rowheader').boundingBox();
      await row.getByRole('button', { name: 'Actions for Fran Free' }).click();
      await page.getByRole('menuitem', { name: 'Edit roles' }).waitFor();
      expect((await row.getByRole('rowheader').boundingBox())?.x).toBe(before?.x);
      await expect.poll(() => isOnTop(row.getByRole('rowheader').getByText('Fran Free'), width)).toBe(true);
      await page.keyboard.press('Escape');
    }
    await suite.app.inject({ method: 'POST', url: `/api/rbac/admin/users/${suspendedId}/reactivate`, cookie: adminCookie });
    await admin.context.close();
  });

  it('an admin cancels a scheduled deletion from the drawer; an erased account is listed only under Deleted accounts, with no action (decision 059)', async () => {
    const adminCookie = await suite.app.signIn('admin@demo.myeai.local');
    const register = async (name: string, email: string) => {
      const response = await suite.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name, email, password: 'correct horse battery 9' } });
      expect(response.statusCode, response.body).toBe(201);
      const id = (await suite.app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
      const deleted = await suite.app.inject({ method: 'DELETE', url: `/api/rbac/admin/users/${id}`, cookie: adminCookie, payload: { confirm: 'DELETE' } });
      expect(deleted.statusCode, deleted.body).toBe(202);
      return id;
    };
    // Ezra's grace period ends: the erasure job runs, then the clock goes back for the tests that follow.
    const erasedId = await register('Ezra Erased', 'ezra.erased@example.com');
    const GRACE = 14 * 86_400_000 + 60_000;
    suite.app.clock.advance(GRACE);
    await suite.app.runJobs();
    suite.app.clock.advance(-GRACE);
    expect((await suite.app.database.db.select({ status: users.status }).from(users).where(eq(users.id, erasedId)))[0]!.status).toBe('deleted');
    await register('Kit Kept', 'kit.kept@example.com');

    const admin = await signedInPage('Ada Admin');
    const page = admin.page;
    await openPeople(page);
    await page.getByLabel('Search').fill('kit');
    const row = page.getByTestId('person-kit.kept@example.com');
    await row.getByText('Kit Kept', { exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Kit Kept' });
    await drawer.getByRole('status').filter({ hasText: 'Scheduled for deletion on' }).waitFor();
    await expectAccessible(page);
    await drawer.getByRole('button', { name: 'Cancel deletion' }).click();
    await drawer.getByRole('button', { name: 'Delete account' }).waitFor();
    await expect(drawer.getByText('Scheduled for deletion on').count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    // The erased account is not among current accounts, and under Deleted accounts it is "Deleted", with its details only.
    // Newest first: Kit, who joined just after Ezra, is on the first page, and Ezra is not listed beside.
    await page.getByLabel('Search').fill('');
    const erased = page.getByTestId(`person-deleted-${erasedId}@deleted.invalid`);
    await page.getByTestId('person-kit.kept@example.com').waitFor();
    await expect(page.getByRole('row').nth(1).getByText('Kit Kept', { exact: true }).count()).resolves.toBe(1);
    await expect(erased.count()).resolves.toBe(0);
    await page.getByRole('textbox', { name: 'Accounts' }).click();
    await page.getByRole('option', { name: 'Deleted accounts' }).click();
    await erased.getByText('Deleted', { exact: true }).waitFor();
    await erased.getByRole('button', { name: 'Actions for Deleted account' }).click();
    await page.getByRole('menuitem', { name: 'Details' }).waitFor();
    await expect(page.getByRole('menuitem').count()).resolves.toBe(1);
    await page.getByRole('menuitem', { name: 'Details' }).click();
    const erasedDrawer = page.getByRole('dialog', { name: 'Deleted account' });
    await erasedDrawer.getByText('This account was deleted and its personal data erased.', { exact: false }).waitFor();
    for (const action of ['Edit roles', 'Suspend account', 'Reactivate account', 'Export their data', 'Delete account']) {
      await expect(erasedDrawer.getByRole('button', { name: action }).count()).resolves.toBe(0);
    }
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'person-deleted-1440.png') });
    await admin.context.close();
  });
});
