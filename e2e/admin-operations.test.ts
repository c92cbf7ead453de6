import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../apps/server/src/modules/jobs/index.ts';
import { enqueueMail } from '../apps/server/src/modules/mail/index.ts';
import { expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREEN = '/admin-comprehensive-dashboard';
const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/admin-operations');

describe.skipIf(!hasChromium)('admin operations screen in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS });
  const { signedInPage } = suite;
  let admin: string;

  beforeAll(async () => {
    admin = await suite.app.signIn('admin@demo.myeai.local');
  });

  /** Enqueues a job nobody handles and runs it until the queue records it as failed. */
  async function failJob(name: string): Promise<number> {
    const { id } = await enqueueJob(suite.app.database.db, suite.app.clock, { name, payload: {}, maxAttempts: 2 });
    await suite.app.runJobs();
    suite.app.clock.advance(10_000);
    await suite.app.runJobs();
    const failed = await suite.app.inject({ method: 'GET', url: '/api/admin/jobs?status=failed', cookie: admin });
    expect(failed.json().items.map((job: { id: number }) => job.id)).toContain(id);
    return id;
  }

  it('shows the audit entry of a landing update, a failed job with a working Retry, and the demo mailbox', async () => {
    // After the seed's own (system) landing entry.
    suite.app.clock.advance(60_000);
    const landing = await suite.app.inject({
      method: 'PUT',
      url: '/api/admin/landing',
      cookie: admin,
      payload: { figures: [{ label: 'Members', value: '2,500+' }], community_url: null, community_name: 'our community' },
    });
    expect(landing.statusCode).toBe(200);
    suite.app.clock.advance(1_000);
    const category = await suite.app.inject({ method: 'POST', url: '/api/admin/product-categories', cookie: admin, payload: { name: 'Audit Gardening' } });
    expect(category.statusCode, category.body).toBe(201);
    const jobId = await failJob('report.nightly_export');
    await enqueueMail(suite.app.database.db, suite.app.clock, {
      kind: 'welcome',
      to: 'newcomer@demo.myeai.local',
      subject: 'Welcome aboard',
      text: 'Hello Nico,\nyour 7-day trial starts today.',
    });
    await suite.app.runJobs();

    const { context, page } = await signedInPage('Ada Admin');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Comprehensive Dashboard' }).click();
    await page.waitForURL(`**${SCREEN}`);
    await page.getByRole('heading', { level: 1, name: 'Comprehensive Dashboard' }).waitFor();

    // Operations Log (the Overview opens first): the landing update, with its actor.
    await page.getByRole('tab', { name: 'Operations Log' }).click();
    const log = page.getByRole('table', { name: 'Operations log' });
    await log.waitFor();
    const landingRow = log.getByRole('row').filter({ hasText: 'landing.update' }).first();
    await expect(landingRow.innerText()).resolves.toMatch(/Ada Admin[\s\S]*admin@demo\.myeai\.local[\s\S]*landing\.update[\s\S]*landing/);
    // A target that is a record's id says what it is, not the raw id.
    const categoryRow = log.getByRole('row').filter({ hasText: 'product category Audit Gardening' });
    await categoryRow.getByText('product_category.create').waitFor();
    await expect(categoryRow.innerText()).resolves.not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'operations-log.png'), fullPage: true });

    // Failed Operations: badge, the job, Retry.
    const failedTab = page.getByRole('tab', { name: /Failed Operations/ });
    await expect.poll(() => failedTab.innerText()).toMatch(/Failed Operations\s*1/);
    await failedTab.click();
    const failed = page.getByRole('table', { name: 'Failed operations' });
    await failed.waitFor();
    const row = failed.getByRole('row').filter({ hasText: 'report.nightly_export' });
    await expect(row.innerText()).resolves.toMatch(/2 of 2[\s\S]*No handler is registered for job "report\.nightly_export"\./);
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'failed-operations.png'), fullPage: true });
    await row.getByRole('button', { name: `Retry report.nightly_export (job ${jobId})` }).click();
    await page.getByText('"report.nightly_export" is queued to run again.').waitFor();
    await page.getByText('No failed operations').waitFor();
    await expect.poll(() => failedTab.innerText()).toMatch(/Failed Operations\s*0/);
    const retried = await suite.app.inject({ method: 'GET', url: '/api/admin/jobs?status=queued', cookie: admin });
    expect(retried.json().items).toEqual(expect.arrayContaining([expect.objectContaining({ id: jobId, attempts: 0 })]));

    // The retry is in the log.
    await page.getByRole('tab', { name: 'Operations Log' }).click();
    await log.getByRole('row').filter({ hasText: 'job.retry' }).filter({ hasText: `job:${jobId}` }).waitFor();

    // Mailbox: the message, opened in a modal.
    await page.getByRole('tab', { name: 'Mailbox' }).click();
    const mailbox = page.getByRole('table', { name: 'Mailbox' });
    await mailbox.waitFor();
    const mailRow = mailbox.getByRole('row').filter({ hasText: 'Welcome aboard' });
    await expect(mailRow.innerText()).resolves.toMatch(/newcomer@demo\.myeai\.local[\s\S]*Welcome aboard[\s\S]*Sent/i);
    await expectAccessible(page);
    await mailRow.getByRole('button', { name: 'Welcome aboard' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome aboard' });
    await dialog.waitFor();
    // The message as queued, then the footer every e-mail carries (decision 059).
    await expect(dialog.getByTestId('mail-text').innerText()).resolves.toMatch(/^Hello Nico,\nyour 7-day trial starts today\.\n-- \n/);
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'mailbox-message.png') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('a retry the server refuses shows a toast and refreshes the list', async () => {
    const jobId = await failJob('report.weekly_digest');
    const { context, page } = await signedInPage('Ada Admin', { width: 375, height: 800 });
    await page.goto(SCREEN);
    await page.getByRole('tab', { name: /Failed Operations/ }).click();
    const button = page.getByRole('button', { name: `Retry report.weekly_digest (job ${jobId})` });
    await button.waitFor();
    // Someone else retried it meanwhile: it is no longer failed.
    expect((await suite.app.inject({ method: 'POST', url: `/api/admin/jobs/${jobId}/retry`, cookie: admin })).statusCode).toBe(200);
    await button.click();
    await page.getByText('Only a failed job can be retried.').waitFor();
    await page.getByText('Retry failed').waitFor();
    await button.waitFor({ state: 'detached' });
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'retry-refused-375.png'), fullPage: true });
    await context.close();
  });

  it('is refused to an affiliate', async () => {
    const { context, page } = await signedInPage('Alex Affiliate');
    await page.goto(SCREEN);
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    await context.close();
  });
});

describe.skipIf(!hasChromium)('admin operations screen without demo mode', () => {
  const suite = useBrowserSuite({ appOverrides: { demoMode: false } });

  it('has no Mailbox tab', async () => {
    const { createSession, SESSION_COOKIE } = await import('../apps/server/src/modules/auth/sessions.service.ts');
    const { getUserByEmail } = await import('../apps/server/src/modules/auth/users.service.ts');
    const adminUser = await getUserByEmail(suite.app.database.db, 'admin@demo.myeai.local');
    const { token } = await createSession(suite.app.database.db, suite.app.clock, { userId: adminUser!.id, method: 'password', userAgent: undefined, ttlDays: 1 });
    const context = await suite.browser.newContext({ baseURL: suite.app.baseUrl });
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url: suite.app.baseUrl }]);
    const page = await context.newPage();
    await page.goto(SCREEN);
    await page.getByRole('heading', { level: 1, name: 'Comprehensive Dashboard' }).waitFor();
    await page.getByRole('tab', { name: 'Operations Log' }).waitFor();
    await expect(page.getByRole('tab', { name: 'Mailbox' }).count()).resolves.toBe(0);
    await context.close();
  });
});
