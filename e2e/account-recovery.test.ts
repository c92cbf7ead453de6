import { createHash } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accountTokens, mailOutbox } from '@myeai/db';
import { SESSION_COOKIE } from '../apps/server/src/modules/auth/index.ts';
import { expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = process.env.SCREENSHOT_DIR;
const OLD_PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a fresh passphrase 29';

const newPassword = (page: Page) => page.getByRole('form', { name: 'Choose a new password' }).getByLabel('New password');

/**
 * Forgot password, e-mail verification and the Security settings in Chromium (issue 29 part A, decision 057): from "Forgot password?" on /login,
 * through the link read from the outbox (as the demo mailbox shows it), to signed in with the new
 * password; the account's other browser is signed out by the reset, and the used link offers a new one.
 */
describe.skipIf(!hasChromium)('account recovery in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS });

  it('resets a forgotten password from /login and signs in with the new one', async () => {
    const email = `rosa-${Date.now()}@example.test`;
    const registered = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Rosa Reset', email, password: OLD_PASSWORD },
      remoteAddress: '10.29.9.1',
    });
    expect(registered.statusCode, registered.body).toBe(201);

    // Another browser where the account is signed in: the reset signs it out.
    const other = await suite.newPage();
    const session = registered.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!;
    await other.context.addCookies([{ name: SESSION_COOKIE, value: session.value, url: suite.app.baseUrl }]);
    await other.page.goto('/profile');
    await other.page.getByRole('heading', { level: 1, name: 'Profile Settings' }).waitFor();
    await other.page.getByRole('region', { name: 'Confirm your e-mail' }).waitFor();

    const { context, page } = await suite.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account uses this address, we sent it a link').waitFor();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/forgot-password-sent.png`, fullPage: true });

    // The link is sent by a job; read it as the demo mailbox shows it.
    await suite.app.runJobs();
    const [mail] = await suite.app.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'auth.password_reset')))
      .orderBy(desc(mailOutbox.createdAt));
    const link = mail?.textBody.match(/https?:\/\/\S+(\/reset-password\?token=[A-Za-z0-9_-]+)/)?.[1];
    expect(link, mail?.textBody).toBeDefined();

    await page.goto(link!);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await expectAccessible(page);
    await newPassword(page).fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Use at least 10 characters.').waitFor();
    await newPassword(page).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL('**/login?notice=password_reset');
    await page.getByText('Your password was changed and every session was signed out.').waitFor();

    // The other browser's session ended with the reset: its socket closed and it is back at sign-in.
    await other.page.waitForURL('**/login**');

    const form = page.getByRole('form', { name: 'Sign in with email and password' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(OLD_PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email or password is incorrect.').first().waitFor();
    await form.getByLabel('Password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Active role: Newcomer').waitFor();

    // The link worked once: opened again, it says so and offers a new one.
    await page.goto(link!);
    await newPassword(page).fill('another fresh passphrase');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('This link has already been used. Send a new link.').waitFor();
    await page.getByRole('link', { name: 'Send a new link' }).click();
    await page.waitForURL('**/forgot-password');
    await context.close();
    await other.context.close();
  });

  it('signs up unverified with the banner, confirms from the e-mail, and changes the password on /profile', async () => {
    const email = `vick-${Date.now()}@example.test`;
    const { context, page } = await suite.newPage();
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Create account' }).click();
    const form = page.getByRole('form', { name: 'Create an account' });
    await form.getByLabel('Name').fill('Vick Verify');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(OLD_PASSWORD);
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard');
    const banner = page.getByRole('region', { name: 'Confirm your e-mail' });
    await banner.getByText(email).waitFor();
    await banner.getByRole('button', { name: 'Resend' }).click();
    await banner.getByText(`We sent a new link to ${email}.`).waitFor();
    await expectAccessible(page);

    // Two verification mails (sign-up, Resend) at the test clock's one instant: the live link is the
    // one whose token's hash is stored unused (Resend voided the first).
    const mails = await suite.app.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'auth.email_verification')));
    expect(mails).toHaveLength(2);
    const unused = new Set((await suite.app.database.db.select({ hash: accountTokens.tokenHash }).from(accountTokens).where(isNull(accountTokens.usedAt))).map((row) => row.hash));
    const link = mails
      .map((candidate) => candidate.textBody.match(/https?:\/\/\S+(\/verify-email\?token=([A-Za-z0-9_-]+))/))
      .find((match) => match && unused.has(createHash('sha256').update(match[2]!).digest('hex')))?.[1];
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.getByText(`${email} is confirmed. Thank you.`).waitFor();
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Active role: Newcomer').waitFor();
    await expect(page.getByRole('region', { name: 'Confirm your e-mail' }).count()).resolves.toBe(0);

    // Security on /profile: a wrong current password is refused on its field; the right one changes it.
    await page.goto('/profile');
    const change = page.getByRole('form', { name: 'Change password' });
    await change.getByLabel('Current password').fill('not my password');
    await change.getByLabel('New password').fill(NEW_PASSWORD);
    await change.getByRole('button', { name: 'Change password' }).click();
    await change.getByText('Your current password is not correct.').waitFor();
    await change.getByLabel('Current password').fill(OLD_PASSWORD);
    await change.getByRole('button', { name: 'Change password' }).click();
    await change.getByText('Password changed. You were not signed in anywhere else.').waitFor();
    await expectAccessible(page);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/profile-security.png`, fullPage: true });
    const signedIn = await suite.app.inject({ method: 'POST', url: '/api/auth/password', payload: { email, password: NEW_PASSWORD }, remoteAddress: '10.29.9.2' });
    expect(signedIn.statusCode).toBe(200);
    await context.close();
  });
});
