import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { trials, usageEvents, users } from '@myeai/db';
import { MIN_PAGE_VIEW_MS } from '@myeai/domain';
import { expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = process.env.SCREENSHOT_DIR;
const DAY = 86_400_000;
/** The staged-unlock text of the premium compass (decision 011), on the compass before trial day 3. */
const DAY_3_UNLOCK = 'Premium Trading Compass unlocks on day 3 of your trial.';
const PREMIUM_CODES = ['H1', 'H4', 'D1', 'W1', 'W4'];

/**
 * The newcomer journey in Chromium: sign up locally, onboard with the demo affiliate's code,
 * activate the trial, see the day-1 journey, watch CEO Tools unlock once the trial is 4 days
 * old, and see the admin's trial analytics count the trial.
 */
describe.skipIf(!hasChromium)('newcomer journey in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS });
  const { newPage } = suite;
  let affiliateCode: string;
  const email = `nora-${Date.now()}@example.test`;

  beforeAll(async () => {
    const [affiliate] = await suite.app.database.db.select({ code: users.referralCode }).from(users).where(eq(users.email, 'affiliate@demo.myeai.local'));
    affiliateCode = affiliate!.code;
  });

  async function shoot(page: Page, name: string) {
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
  }

  /** A cell of the compass grid, named "EUR/USD H1: …" (see trading-live.test.ts). */
  const compassCell = (page: Page, pair: string) => page.getByRole('button', { name: new RegExp(`^${pair.replace('/', '\\/')}: `) });

  /** The compass, reached from the sidebar of the page the test is on. */
  async function openCompass(page: Page) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trading Compass' }).click();
    await page.waitForURL('**/trading-compass');
    await page.getByRole('heading', { level: 1, name: 'MYEAI – Trading Compass' }).waitFor();
    await page.getByRole('heading', { name: 'Market Sentiment Grid' }).waitFor();
  }

  async function choose(page: Page, label: string, option: string) {
    await page.getByRole('textbox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  it('signs up, onboards with the affiliate’s code, activates the trial and unlocks stages as the trial ages', async () => {
    const { context, page } = await newPage();
    // The page's clock runs at normal speed; the test moves it on where a wait would be needed.
    await page.clock.install();
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Create account' }).click();
    const form = page.getByRole('form', { name: 'Create an account' });
    await form.getByLabel('Name').fill('Nora Newcomer');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill('correct horse battery');
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard');

    // Preview access: the banner sends a user without goals to onboarding.
    const banner = page.getByTestId('access-banner');
    await banner.getByText('You are in preview mode').waitFor();
    await expectAccessible(page);
    await banner.getByRole('link', { name: 'Complete onboarding to unlock your free trial' }).click();
    await page.waitForURL('**/onboarding');

    // Step 1: the server checks the code and names the real referrer.
    await page.getByLabel('Referral code').fill('ZZZZ2222');
    await page.getByRole('button', { name: 'Check code' }).click();
    await page.getByText('Invalid referral code').waitFor();
    await page.getByLabel('Referral code').fill(affiliateCode.toLowerCase());
    await page.getByRole('button', { name: 'Check code' }).click();
    await page.getByText('You were referred by Alex.').waitFor();
    await expectAccessible(page);
    await shoot(page, 'onboarding-referral-1440');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: four questions first, every one marked optional (the server requires none), the rest
    // folded away; contact by email in the evening by default. Skipping belongs to the goals step only.
    await expect(page.locator('.mantine-Stepper-content label').count()).resolves.toBe(4);
    for (const label of ['Trading experience', 'Time available', 'Learning style', 'Risk tolerance']) await page.getByRole('textbox', { name: `${label} (optional)` }).waitFor();
    await expect(page.getByRole('button', { name: /^Skip/ }).count()).resolves.toBe(0);
    await choose(page, 'Trading experience', 'Beginner');
    await choose(page, 'Learning style', 'Hands-on');
    await page.getByRole('button', { name: 'More about you (optional)' }).click();
    await choose(page, 'Age range', '26-35');
    const labels = await page.locator('.mantine-Stepper-content label').allInnerTexts();
    expect(labels.length).toBe(13);
    for (const label of labels) expect(label).toMatch(/\(optional\)$/);
    await expect(page.getByRole('textbox', { name: 'Contact preference' }).inputValue()).resolves.toBe('Email');
    await shoot(page, 'onboarding-profile-1440');
    await expect(page.getByRole('textbox', { name: 'Best contact time' }).inputValue()).resolves.toBe('Evening');
    await page.getByLabel('Location').fill('Lisbon');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // Step 3: one goal with its four needed fields (marked *), the window in the app's one date
    // style; nothing complete is refused; one complete tier is sent.
    await page.getByRole('group', { name: /Short term/ }).waitFor();
    await expect(page.getByRole('group').count()).resolves.toBe(1);
    await expect(page.getByRole('group', { name: /Short term/ }).getByLabel('Deadline').getAttribute('aria-describedby').then((id) => page.locator(`#${id}`).innerText())).resolves.toMatch(/^Between [A-Z][a-z]{2} \d{1,2}, \d{4} and [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await page.getByRole('button', { name: 'Skip goal setup' }).waitFor();
    await page.getByRole('button', { name: 'Add a mid-term goal (optional)' }).waitFor();
    await page.getByRole('button', { name: 'Submit goals' }).click();
    await page.getByRole('alert').getByText('Please complete at least one goal before submitting.').waitFor();
    const short = page.getByRole('group', { name: /Short term/ });
    await short.getByLabel('Title').fill('Close my first three deals');
    await short.getByLabel('Target value').fill('1500');
    await short.getByLabel('Deadline').fill(new Date(suite.app.clock.now().getTime() + 45 * DAY).toISOString().slice(0, 10));
    await short.getByLabel('Why is this important to you?').fill('A better life for my family');
    await expectAccessible(page);
    await shoot(page, 'onboarding-goals-1440');
    await page.getByRole('button', { name: 'Submit goals' }).click();
    await page.getByText('You are all set').waitFor();
    // Step 4 of 4: the stepper names the confirmation step the subtitle promises.
    for (const step of ['Referral', 'Profile', 'Goals', 'Confirmation']) await page.getByText(step, { exact: true }).first().waitFor();
    await page.getByText('You were referred by Alex.').waitFor();
    await page.getByText('1 goal is waiting for review').waitFor();
    await page.waitForURL('**/dashboard', { timeout: 10_000 });
    // The newcomer's home (DESIGN.md decision 45): the trial checklist, not the affiliate's figures.
    await page.getByTestId('home-trial_checklist').waitFor({ timeout: 10_000 });
    await expect(page.getByRole('article', { name: 'Monthly target' }).count()).resolves.toBe(0);

    const [me] = await suite.app.database.db.select().from(users).where(eq(users.email, email));
    const [affiliate] = await suite.app.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'affiliate@demo.myeai.local'));
    expect(me!.referredBy).toBe(affiliate!.id);

    // Goals completed: the trial is offered, once.
    await page.getByRole('button', { name: 'Activate my 7-day free trial' }).click();
    await page.getByText('Trial activated').waitFor();
    const trialBanner = page.getByTestId('trial-banner');
    await trialBanner.getByText('7 days 0 hours left in your 7-day trial.').waitFor();
    await expect(trialBanner.getAttribute('data-tone')).resolves.toBe('blue');
    await page.getByRole('heading', { name: 'Your trial journey: day 1 of 7' }).waitFor();
    await expect(page.getByLabel('Welcome Package: Unlocked').isVisible()).resolves.toBe(true);
    await expect(page.getByLabel('Trading Powerup: Coming Soon').isVisible()).resolves.toBe(true);
    // The journey lists the stage table of decision 35 only: no feature of another role; the
    // learning hub is built (issue 20), so its day-1 feature is unlocked like the others.
    const journey = page.getByRole('region', { name: 'Your trial journey: day 1 of 7' });
    await expect(journey.getByLabel('Business Hub: Unlocked').isVisible()).resolves.toBe(true);
    await expect(journey.getByLabel('Goals & Progress: Unlocked').isVisible()).resolves.toBe(true);
    await expect(journey.getByLabel('Trading Compass (live, standard timeframes): Unlocked').isVisible()).resolves.toBe(true);
    await expect(journey.getByLabel('Basic Learning Hub: Unlocked').isVisible()).resolves.toBe(true);
    await expect(journey.getByLabel('Premium Trading Compass: Coming Soon').isVisible()).resolves.toBe(true);
    await expect(journey.getByLabel('Trader Breakdown: Locked').isVisible()).resolves.toBe(true);
    for (const otherRole of ['Lead Management', 'Products & Offers', 'Commission Tracking']) await expect(journey.getByText(otherRole, { exact: false }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Activate my 7-day free trial' }).count()).resolves.toBe(0);
    // Quick actions lead only to built screens a newcomer may open.
    const quickActions = page.getByRole('region', { name: 'Quick actions' });
    await expect(quickActions.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).resolves.toEqual(['/learning-hub', '/trading-compass', '/products']);
    await expectAccessible(page);
    await shoot(page, 'dashboard-day1-1440');

    // Day 1 on the compass: the premium timeframes wait for trial day 3 (decision 011's stage table),
    // in the banner, the column heads, the cells and the selected pair's locked-content card.
    await openCompass(page);
    const trialNotice = page.getByRole('alert').filter({ hasText: 'Limited Trial Access' });
    await trialNotice.getByText(`premium timeframes are locked. ${DAY_3_UNLOCK}`, { exact: false }).waitFor();
    await expect(page.getByRole('columnheader').filter({ hasText: 'Day 3' }).count()).resolves.toBe(PREMIUM_CODES.length);
    for (const code of PREMIUM_CODES) await expect(page.getByRole('columnheader', { name: new RegExp(`^${code}`) }).innerText()).resolves.toMatch(/Day 3/);
    await expect(compassCell(page, 'EUR/USD H1').getAttribute('title')).resolves.toBe(`EUR/USD H1: locked, ${DAY_3_UNLOCK}`);
    await expect(page.getByRole('button', { name: `locked, ${DAY_3_UNLOCK}`, exact: false }).count()).resolves.toBe(3 * PREMIUM_CODES.length);
    await expect(compassCell(page, 'EUR/USD M5').getAttribute('title')).resolves.not.toMatch(/locked/);
    // The first cell the trial may open is preselected (issue 14 item 10); H1, opened, is the
    // trial's locked-content card, with the day.
    await compassCell(page, 'EUR/USD H1').click();
    const lockedDetail = page.getByRole('region', { name: 'H1 is a premium timeframe' });
    await lockedDetail.getByText(DAY_3_UNLOCK, { exact: true }).waitFor();
    await expect(lockedDetail.getByText(DAY_3_UNLOCK, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(lockedDetail.getByRole('link', { name: 'Unlock now with a plan' }).getAttribute('href')).resolves.toBe('/trading-subscription');
    await expectAccessible(page);
    await shoot(page, 'compass-day1-1440');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Business Hub' }).click();
    await page.getByRole('heading', { name: 'Your trial journey: day 1 of 7' }).waitFor();

    // The trial started 4 days ago: day 5, CEO Tools unlocked, Full Access next.
    await suite.app.database.db
      .update(trials)
      .set({ startedAt: sql`${trials.startedAt} - interval '4 days'`, endsAt: sql`${trials.endsAt} - interval '4 days'` })
      .where(eq(trials.userId, me!.id));
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Your trial journey: day 5 of 7' }).waitFor({ timeout: 60_000 });
    // CEO Tools opens the learning library (built since issue 20) on its day.
    await expect(page.getByLabel('CEO Tools: Unlocked').isVisible()).resolves.toBe(true);
    await expect(page.getByLabel('Full Learning Library: Unlocked').isVisible()).resolves.toBe(true);
    await expect(page.getByLabel('Premium Trading Compass: Unlocked').isVisible()).resolves.toBe(true);
    await expect(page.getByLabel('Full Access: Coming Soon').isVisible()).resolves.toBe(true);
    await page.getByTestId('trial-banner').getByText('3 days 0 hours left in your 7-day trial.').waitFor();
    await expectAccessible(page);
    await shoot(page, 'dashboard-day5-1440');

    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('heading', { name: 'Your trial journey: day 5 of 7' }).waitFor();
    await expectAccessible(page);
    await shoot(page, 'dashboard-day5-375');

    // Onboarding done: /onboarding shows the stored answers with a way to edit them.
    await page.goto('/onboarding');
    const answers = page.getByRole('region', { name: 'Your onboarding answers' });
    await answers.getByText('Lisbon').waitFor();
    await answers.getByText('You were referred by Alex.').waitFor();
    await page.getByRole('region', { name: 'Your goals' }).getByText('Your goals are set.').waitFor();
    await expectAccessible(page);
    await shoot(page, 'onboarding-completed-375');
    await answers.getByRole('button', { name: 'Edit answers' }).click();
    await page.getByLabel('Location').fill('Porto');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('region', { name: 'Your onboarding answers' }).getByText('Porto').waitFor();
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Your trial journey: day 5 of 7' }).waitFor();

    // The dashboard view was recorded as a page view (longer than 1 second of page time).
    await page.clock.fastForward(MIN_PAGE_VIEW_MS + 200);
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: 'Profile Settings' }).waitFor();
    await expect
      .poll(async () => (await suite.app.database.db.select().from(usageEvents).where(eq(usageEvents.userId, me!.id))).filter((e) => e.eventType === 'page_view' && e.component === 'dashboard').length, { timeout: 5000 })
      .toBeGreaterThanOrEqual(1);

    // Day 5 on the compass: premium opened on day 3, with figures (the seed's EUR/USD H1 history);
    // no day to wait for is left anywhere.
    await page.setViewportSize({ width: 1440, height: 900 });
    await openCompass(page);
    await page.getByRole('alert').filter({ hasText: 'Limited Trial Access' }).getByText('premium timeframes are open during your trial.', { exact: false }).waitFor();
    await expect(compassCell(page, 'EUR/USD H1').getAttribute('title')).resolves.toMatch(/^EUR\/USD H1: \d+% (Long|Short|Neutral)\b/);
    await expect(page.getByRole('columnheader').filter({ hasText: 'Day 3' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /: locked, / }).count()).resolves.toBe(0);
    await expect(page.getByText(DAY_3_UNLOCK, { exact: false }).count()).resolves.toBe(0);
    await expect(page.getByRole('region', { name: 'H1 is a premium timeframe' }).count()).resolves.toBe(0);
    const detail = page.getByRole('region', { name: 'EUR/USD · H1' });
    await detail.getByText(/^(LONG|SHORT|NEUTRAL)$/).first().waitFor();
    await detail.getByText(/^\d+\.\d% consensus$/).waitFor();
    await expectAccessible(page);
    await shoot(page, 'compass-day5-1440');
    await context.close();
  });

  it('counts the trial on the admin’s trial analytics, with charts, at 1440 and 375 px', async () => {
    const { context, page } = await newPage();
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /^Ada Admin/ }).click({ timeout: 60_000 });
    await page.waitForURL('**/dashboard');
    await expect(page.getByTestId('newcomer-panels').count()).resolves.toBe(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trial Analytics' }).click();
    await page.waitForURL('**/admin-trial-analytics');
    await page.getByRole('heading', { level: 1, name: 'Trial Analytics' }).waitFor();
    // Nora's trial beside the demo's own (seedTrialsDemo): the figures count every row, the running ones at the app's now.
    const now = suite.app.clock.now().toISOString();
    const [counts] = await suite.app.database.db
      .select({ total: sql<number>`count(*)::int`, active: sql<number>`(count(*) filter (where ${trials.convertedAt} is null and ${trials.endsAt} > ${now}::timestamptz))::int` })
      .from(trials);
    const [nora] = await suite.app.database.db.select({ id: trials.id }).from(trials).innerJoin(users, eq(users.id, trials.userId)).where(eq(users.email, email));
    expect(nora).toBeDefined();
    await expect(page.getByTestId('figure-Total trials').innerText()).resolves.toBe(String(counts!.total));
    await expect(page.getByTestId('figure-Active trials').innerText()).resolves.toBe(String(counts!.active));
    const row = page.getByRole('row', { name: /Nora Newcomer/ });
    await row.getByText('3 days').waitFor();
    await expect(page.locator('.recharts-surface').count()).resolves.toBeGreaterThanOrEqual(2);
    await expectAccessible(page);
    await shoot(page, 'admin-trial-analytics-1440');

    await row.getByRole('button', { name: 'Extend the trial of Nora Newcomer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Extend trial' }).click();
    await page.getByText(/Trial of Nora Newcomer extended/).waitFor();
    await row.getByText('10 days').waitFor();

    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('heading', { level: 1, name: 'Trial Analytics' }).waitFor();
    await expectAccessible(page);
    await shoot(page, 'admin-trial-analytics-375');
    await context.close();
  });
});
