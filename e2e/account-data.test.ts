import { readFile } from 'node:fs/promises';
import { and, eq, isNull } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accountDeletions, notifications, users } from '@myeai/db';
import { expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const PASSWORD = 'correct horse battery';
const EMAIL = 'dana.data@example.com';

/**
 * Issue 29 item 5 (decision 059) as a person does it on /profile: download my data, then delete the
 * account. Decided and recorded in 059: deleting signs the person out everywhere and lands on /login
 * with the date of the erasure; signing in again within the 14 days is allowed and cancels the deletion.
 */
describe.skipIf(!hasChromium)('Your data in Chromium', () => {
  const suite = useBrowserSuite();
  const { newPage } = suite;

  async function createAccount(page: Page): Promise<void> {
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Create account' }).click();
    const form = page.getByRole('form', { name: 'Create an account' });
    await form.getByLabel('Name').fill('Dana Data');
    await form.getByLabel('Email').fill(EMAIL);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard');
    await suite.app.database.db.update(users).set({ emailVerifiedAt: suite.app.clock.now() }).where(eq(users.email, EMAIL));
  }

  it('downloads my data, then deletes the account: signed out, and signing in again cancels the deletion', async () => {
    const { page } = await newPage();
    await createAccount(page);
    await page.goto('/profile');
    const panel = page.getByRole('region', { name: 'Your data' });
    await panel.getByRole('button', { name: 'Download my data' }).click();
    await panel.getByText('Preparing your data.').waitFor();
    await suite.app.runJobs();
    // The panel asks again while the export is prepared.
    const link = panel.getByRole('link', { name: 'Download the file (JSON)' });
    await link.waitFor({ timeout: 10_000 });
    await expectAccessible(page);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^myeai-data-\d{4}-\d{2}-\d{2}\.json$/);
    const document = JSON.parse(await readFile((await download.path())!, 'utf8')) as { tables: Record<string, Record<string, unknown>[]> };
    expect(document.tables.users![0]).toMatchObject({ email: EMAIL, name: 'Dana Data' });
    expect(document.tables.users![0]).not.toHaveProperty('password_hash');
    expect(document.tables.sessions!.length).toBeGreaterThan(0);

    await panel.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete my account' });
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await dialog.getByLabel('Your password').fill(PASSWORD);
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await confirm.click();
    await page.waitForURL('**/login');
    await page.getByText('Your account is scheduled for deletion').waitFor();
    const userId = (await suite.app.database.db.select({ id: users.id }).from(users).where(eq(users.email, EMAIL)))[0]!.id;
    expect(await suite.app.database.db.$count(accountDeletions, and(eq(accountDeletions.userId, userId), isNull(accountDeletions.erasedAt)))).toBe(1);
    // The session is gone: the profile sends the visitor to sign in.
    await page.goto('/profile');
    await page.waitForURL('**/login**');

    // Signing in again within the grace period keeps the account.
    const form = page.getByRole('form', { name: 'Sign in with email and password' });
    await form.getByLabel('Email').fill(EMAIL);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    expect(await suite.app.database.db.$count(accountDeletions, eq(accountDeletions.userId, userId))).toBe(0);
    await suite.app.runJobs();
    expect(await suite.app.database.db.$count(notifications, and(eq(notifications.userId, userId), eq(notifications.title, 'Account deletion cancelled')))).toBe(1);
  });
});
