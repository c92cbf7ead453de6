import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aiMessageUsage, auditLog, commissions, goals, jobs, mailOutbox, users } from '@myeai/db';
import { enqueueJob } from '../apps/server/src/modules/jobs/index.ts';
import { enqueueMail } from '../apps/server/src/modules/mail/index.ts';
import { expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREEN = '/admin-comprehensive-dashboard';
const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/admin-comprehensive-dashboard');
const MOBILE = { width: 375, height: 800 };
const DAY = 86_400_000;

describe.skipIf(!hasChromium)('admin comprehensive dashboard and priority support in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS });
  const { signedInPage } = suite;

  /** A count made here in SQL, independently of the server's queries. */
  async function countSql(query: string): Promise<number> {
    const result = (await suite.app.database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] };
    return Number(Object.values(result.rows[0]!)[0]);
  }
  const at = (date: Date) => `'${date.toISOString()}'::timestamptz`;
  const n = (value: number) => value.toLocaleString('en-US');

  /** Rows behind every tile, so none of them reads a shared zero: a pending goal, a sent e-mail, an e-mail and a job failed for good. */
  async function seedOverviewRows() {
    const { db } = suite.app.database;
    const now = suite.app.clock.now();
    const [newcomer] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'newcomer@demo.myeai.local'));
    await db.insert(goals).values({ userId: newcomer!.id, title: 'Close my first deal', goalType: 'monetary', targetHundredths: 50_000, unit: 'USD', whyImportant: 'To prove it works', deadline: '2026-12-31', timeframe: 'monthly', createdAt: now, submittedAt: now, updatedAt: now });
    await enqueueMail(db, suite.app.clock, { kind: 'welcome', to: 'newcomer@demo.myeai.local', subject: 'Welcome', text: 'Hello' });
    await enqueueJob(db, suite.app.clock, { name: 'report.never_handled', payload: {}, maxAttempts: 1 });
    await suite.app.runJobs();
    const [bounced] = await db.insert(mailOutbox).values({ kind: 'welcome', toAddress: 'gone@example.test', subject: 'Welcome', textBody: 'Hello', createdAt: now }).returning({ id: mailOutbox.id });
    await db.insert(jobs).values({ name: 'mail.send', payload: { outboxId: bounced!.id }, status: 'failed', runAt: now, attempts: 5, lastError: 'mailbox unavailable', finishedAt: now, dedupeKey: `mail:${bounced!.id}`, createdAt: now });
    // Three AI goal messages written today, and goal reviews as the audit log records them.
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.myeai.local'));
    await db.insert(aiMessageUsage).values({ adminId: admin!.id, day: now.toISOString().slice(0, 10), messages: 3 }).onConflictDoUpdate({ target: [aiMessageUsage.adminId, aiMessageUsage.day], set: { messages: 3 } });
    await db.insert(auditLog).values([
      { actorId: admin!.id, action: 'goal.approve', target: randomUUID(), details: {}, createdAt: now },
      { actorId: admin!.id, action: 'goal.reject', target: randomUUID(), details: {}, createdAt: new Date(now.getTime() - DAY) },
    ]);
  }

  it('Overview and Analytics: every tile equals a count made in SQL; 1440 and 375 px, axe', async () => {
    await seedOverviewRows();
    const { context, page } = await signedInPage('Ada Admin');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Comprehensive Dashboard' }).click();
    await page.waitForURL(`**${SCREEN}`);
    await page.getByRole('tab', { name: 'Overview', selected: true }).waitFor();
    await page.getByTestId('tile-total-users').waitFor();

    const now = suite.app.clock.now();
    const today = at(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())));
    const since = at(new Date(now.getTime() - DAY));
    const subscribed = `exists (select 1 from subscriptions s where s.user_id = u.id and s.status in ('trialing', 'active', 'past_due') and (not s.cancel_at_period_end or s.current_period_end > ${at(now)}))`;
    const trialing = `exists (select 1 from trials t where t.user_id = u.id and t.status = 'active' and t.converted_at is null and t.ends_at > ${at(now)})`;
    const failedMail = `from mail_outbox m join jobs j on j.dedupe_key = 'mail:' || m.id where m.status <> 'sent' and j.status = 'failed'`;
    const sent = await countSql("select count(*) from mail_outbox where status = 'sent'");
    const failed = await countSql(`select count(*) ${failedMail}`);

    const text = (id: string) => page.getByTestId(`tile-${id}`).innerText();
    expect(await text('total-users')).toBe(n(await countSql('select count(*) from users')));
    expect(await text('growth')).toContain(`${n(await countSql(`select count(*) from users where created_at >= ${at(new Date(now.getTime() - 30 * DAY))}`))} joined in the last 30 days`);
    expect(await text('pending-goals')).toBe(`${n(await countSql("select count(*) from goals where status = 'pending_approval'"))} of ${n(await countSql('select count(*) from goals'))}`);
    expect(await text('delivery-rate')).toBe(sent + failed === 0 ? 'No e-mail settled yet' : `${Math.round((sent / (sent + failed)) * 1000) / 10}%`);
    expect(await text('email-counts')).toMatch(new RegExp(`^${n(sent)} sent · ${n(failed)} failed`));
    // The distribution by plan, trial and role (userStatusGroup): the admin, the traders and the affiliate are the team, not visitors.
    const plan = `(${subscribed} or 'subscriber' = any(u.roles))`;
    const team = `u.roles && array['admin', 'trader', 'affiliate', 'investor']::text[]`;
    expect(await text('status-subscribers')).toBe(n(await countSql(`select count(*) from users u where ${plan}`)));
    expect(await text('status-trial')).toBe(n(await countSql(`select count(*) from users u where not ${plan} and ${trialing}`)));
    expect(await text('status-team')).toBe(n(await countSql(`select count(*) from users u where not ${plan} and not ${trialing} and ${team}`)));
    expect(await text('status-visitors')).toBe(n(await countSql(`select count(*) from users u where not ${plan} and not ${trialing} and not (${team})`)));
    expect(await countSql(`select count(*) from users u where not ${plan} and not ${trialing} and ${team}`)).toBeGreaterThanOrEqual(3);
    await page.getByText('Team and partners (admin, trader, affiliate, investor)').waitFor();
    // AI goal messages asked of the writer today (UTC), from the quota's record.
    expect(await text('ai-messages-today')).toBe(n(await countSql(`select coalesce(sum(messages), 0) from ai_message_usage where day = '${now.toISOString().slice(0, 10)}'`)));
    expect(await text('jobs-succeeded')).toBe(n(await countSql(`select count(*) from jobs where status = 'succeeded' and finished_at >= ${since}`)));
    expect(await text('jobs-failed')).toBe(n(await countSql(`select count(*) from jobs where status = 'failed' and finished_at >= ${since}`)));
    expect(await text('emails-sent')).toBe(n(await countSql(`select count(*) from mail_outbox where sent_at >= ${since}`)));
    expect(await text('emails-failed')).toBe(n(await countSql(`select count(*) ${failedMail} and j.finished_at >= ${since}`)));
    const signIns = await countSql(`select count(*) from sessions where created_at >= ${today}`);
    expect(signIns).toBeGreaterThanOrEqual(1); // this admin's own sign-in
    expect([sent, failed]).toEqual([expect.any(Number), 1]);
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(await text('pending-goals')).not.toBe('0 of 0');
    expect(await text('sign-ins-today')).toBe(n(signIns));

    // Quick actions lead to built admin screens only.
    const actions = page.getByRole('region', { name: 'Quick actions' }).getByRole('link');
    const actionTexts = await actions.allInnerTexts();
    expect(actionTexts).toEqual(expect.arrayContaining(['System Command', 'Trial Analytics', 'Flow Chart']));
    expect(actionTexts).not.toContain('Comprehensive Dashboard');
    for (const href of await actions.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      const sidebarLink = page.getByRole('navigation', { name: 'Main' }).locator(`a[href="${href}"]`);
      await expect(sidebarLink.count()).resolves.toBe(1); // a built screen the admin may open
    }
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'overview-1440.png'), fullPage: true });

    // Refresh Data counts again: a new user shows up without a reload.
    await suite.app.database.db.insert(users).values({ email: `fresh-${randomUUID()}@overview.test`, name: 'Fresh User', roles: ['newcomer'], activeRole: 'newcomer', referralCode: `FR${randomUUID().slice(0, 8).toUpperCase()}`, createdAt: now });
    await page.getByRole('button', { name: 'Refresh Data' }).click();
    await expect.poll(() => text('total-users')).toBe(n(await countSql('select count(*) from users')));

    // Analytics: new users per day; the range total equals SQL for 30 and 7 days.
    await page.getByRole('tab', { name: 'Analytics' }).click();
    const joinedSince = async (days: number) =>
      countSql(`select count(*) from users where created_at >= ${at(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY))}`);
    await page.getByRole('heading', { name: 'User growth, last 30 days' }).waitFor();
    const joined30 = await joinedSince(30);
    await expect.poll(() => page.getByTestId('analytics-joined').innerText()).toBe(`${joined30} new user${joined30 === 1 ? '' : 's'}`);
    // Approval counts: goal reviews of the range by their audited action.
    const reviewed = async (action: string, days: number) =>
      countSql(`select count(*) from audit_log where action = 'goal.${action}' and created_at >= ${at(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY))}`);
    await page.getByRole('heading', { name: 'Goal reviews, last 30 days' }).waitFor();
    await expect
      .poll(() => page.getByTestId('analytics-reviews').innerText())
      .toBe(`${await reviewed('approve', 30)} approved · ${await reviewed('reject', 30)} rejected · ${await reviewed('request_revision', 30)} revision requested`);
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'analytics-1440.png'), fullPage: true });
    await page.locator('label', { hasText: '7 days' }).click();
    await page.getByRole('heading', { name: 'User growth, last 7 days' }).waitFor();
    const joined7 = await joinedSince(7);
    await expect.poll(() => page.getByTestId('analytics-joined').innerText()).toBe(`${joined7} new user${joined7 === 1 ? '' : 's'}`);
    await context.close();

    const mobile = await signedInPage('Ada Admin', MOBILE);
    await mobile.page.goto(SCREEN);
    await mobile.page.getByTestId('tile-total-users').waitFor();
    await expectAccessible(mobile.page);
    await mobile.page.screenshot({ path: resolve(SCREENSHOTS, 'overview-375.png'), fullPage: true });
    await mobile.page.getByRole('tab', { name: 'Analytics' }).click();
    await mobile.page.getByTestId('analytics-joined').waitFor();
    await mobile.page.screenshot({ path: resolve(SCREENSHOTS, 'analytics-375.png'), fullPage: true });
    await mobile.context.close();
  });

  it('a 52-week subscriber asks support from /profile; the admin sees it flagged first and answers; the answer reaches the user live', async () => {
    const user = await signedInPage('Sam Subscriber');
    await user.page.goto('/profile');
    const form = user.page.getByRole('form', { name: 'Contact support' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Send request' }).click();
    await form.getByText('Enter a subject of at least 3 characters.').waitFor();
    await form.getByText('Describe your request in at least 10 characters.').waitFor();
    await expectAccessible(user.page);

    await form.getByRole('textbox', { name: 'Subject' }).fill('Cannot see my assets');
    await form.getByRole('textbox', { name: 'Message' }).fill('After renewing, the compass shows only locked cells. What should I do?');
    await form.getByRole('button', { name: 'Send request' }).click();
    await user.page.getByText('Request sent. Your plan includes priority support: it is answered first.').waitFor();
    const mine = user.page.getByRole('region', { name: 'Your support requests' });
    await mine.getByText('Waiting for an answer').waitFor();
    await expect(mine.innerText()).resolves.toContain('Priority support');

    // A request without priority, sent earlier, still comes after it.
    const affiliate = await suite.app.signIn('affiliate@demo.myeai.local');
    suite.app.clock.advance(-60_000);
    expect((await suite.app.inject({ method: 'POST', url: '/api/support/requests', cookie: affiliate, payload: { subject: 'Export question', message: 'How do I export my leads?' } })).statusCode).toBe(201);
    suite.app.clock.advance(60_000);

    const admin = await signedInPage('Ada Admin');
    await admin.page.goto(SCREEN);
    const supportTab = admin.page.getByRole('tab', { name: /Support/ });
    await expect.poll(() => supportTab.innerText()).toMatch(/Support\s*2/);
    await supportTab.click();
    const cards = admin.page.getByRole('article');
    await cards.first().waitFor();
    await expect(cards.first().innerText()).resolves.toMatch(/Cannot see my assets[\s\S]*Sam Subscriber[\s\S]*Priority support/i);
    await expect(cards.nth(1).innerText()).resolves.toContain('Export question');
    await expectAccessible(admin.page);
    await admin.page.screenshot({ path: resolve(SCREENSHOTS, 'support-tab-1440.png'), fullPage: true });

    const first = cards.first();
    await first.getByRole('button', { name: 'Send answer' }).click();
    await first.getByText('Enter an answer.').waitFor();
    await first.getByRole('textbox', { name: 'Your answer' }).fill('Open the Trading Compass and pick your 8 assets; the rest stays locked.');
    await first.getByRole('button', { name: 'Send answer' }).click();
    await admin.page.getByText('Answer sent to Sam Subscriber.').waitFor();
    await expect.poll(() => supportTab.innerText()).toMatch(/Support\s*1/);

    // The user sees the answer on /profile without reloading (live notification), and in the bell.
    await mine.getByText('Open the Trading Compass and pick your 8 assets; the rest stays locked.').waitFor();
    await mine.getByText('Answered', { exact: true }).waitFor();
    const stored = await suite.app.inject({ method: 'GET', url: '/api/support/requests', cookie: await suite.app.signIn('subscriber@demo.myeai.local') });
    expect(stored.json().items[0]).toMatchObject({ subject: 'Cannot see my assets', status: 'answered', priority: true });
    await expectAccessible(user.page);
    await user.page.screenshot({ path: resolve(SCREENSHOTS, 'profile-answered-1440.png'), fullPage: true });
    await user.context.close();

    const mobile = await signedInPage('Sam Subscriber', MOBILE);
    await mobile.page.goto('/profile');
    await mobile.page.getByRole('region', { name: 'Your support requests' }).getByText('Answered', { exact: true }).waitFor();
    await expectAccessible(mobile.page);
    await mobile.page.screenshot({ path: resolve(SCREENSHOTS, 'profile-support-375.png'), fullPage: true });
    await mobile.context.close();
    await admin.context.close();
  });

  it('sidebar monthly progress card from the ledger, hidden without a goal; landing shows people earning today as live', async () => {
    const db = suite.app.database.db;
    const [trader] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'trader@demo.myeai.local'));
    const none = await signedInPage('Tess Trader');
    await none.page.getByRole('navigation', { name: 'Main' }).waitFor();
    await expect(none.page.getByTestId('monthly-progress-card').count()).resolves.toBe(0);
    await none.context.close();

    const now = suite.app.clock.now();
    // An approved goal: the card shows no goal still pending approval.
    const created = new Date(now.getTime() - 2 * DAY);
    await db.insert(goals).values({ userId: trader!.id, title: 'Earn $1,000 in November', goalType: 'monetary', targetHundredths: 100_000, unit: 'USD', whyImportant: 'A new laptop for trading', deadline: '2026-11-30', timeframe: 'monthly', status: 'approved', reviewedAt: created, createdAt: created, submittedAt: created, updatedAt: created });
    await db.insert(commissions).values({ userId: trader!.id, source: 'test', sourceReference: randomUUID(), productName: 'Course', amountCents: 25_000, earnedAt: now });

    const { context, page } = await signedInPage('Tess Trader');
    const card = page.getByTestId('monthly-progress-card');
    await card.waitFor();
    await expect(card.innerText()).resolves.toMatch(/Earn \$1,000 in November[\s\S]*25%[\s\S]*\$250\.00 of \$1,000\.00 earned/);
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'sidebar-progress-1440.png') });
    await context.close();

    const visitor = await suite.newPage();
    // The landing's layout shift (issue 33: under 0.05), summed from the browser's own entries.
    await visitor.page.addInitScript(() => {
      const state = window as unknown as { __layoutShift: number };
      state.__layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) state.__layoutShift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await visitor.page.goto('/');
    const live = visitor.page.getByRole('region', { name: 'People earning today' });
    await live.waitFor();
    const earning = await countSql(`select count(distinct user_id) from commissions where earned_at >= ${at(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())))}`);
    expect(earning).toBeGreaterThanOrEqual(1);
    await expect(live.getByTestId('people-earning-today').innerText()).resolves.toBe(n(earning));
    await live.getByText('Live').waitFor();
    // Everything the landing loads is in: the live figure above, the figures and the community prompt below.
    await visitor.page.getByRole('region', { name: 'The community in numbers' }).waitFor();
    await expect(visitor.page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift)).resolves.toBeLessThan(0.05);
    await expectAccessible(visitor.page);
    await visitor.page.screenshot({ path: resolve(SCREENSHOTS, 'landing-1440.png'), fullPage: true });
    await visitor.context.close();
  });
});
