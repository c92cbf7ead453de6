import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, navigationFor, quickActionsFor, ROLE_LABELS, SCREENS, type Role } from '@myeai/domain';
import { builtScreenPaths } from './support/built-screens.ts';
import { expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

/** The screens this build ships; the sidebar must list exactly the accessible ones among them. */
const BUILT_SCREENS = builtScreenPaths();

/** One demo account per distinct set of roles (the 13 demo traders share one sidebar). */
const ACCOUNTS_BY_ROLE_SET = DEMO_ACCOUNTS.filter(
  (account, index) => DEMO_ACCOUNTS.findIndex((other) => other.roles.join() === account.roles.join()) === index,
);

describe.skipIf(!hasChromium)('platform shell in Chromium', () => {
  const suite = useBrowserSuite({ waitForWelcome: true });
  const { newPage, signInWithDemo } = suite;

  async function sidebarLabels(page: Page): Promise<string[]> {
    const nav = page.getByRole('navigation', { name: 'Main' });
    return nav.getByRole('link').allInnerTexts();
  }

  it('shows the landing page to a signed-out visitor, with the community prompt and legal links', async () => {
    const { context, page } = await newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toMatch(/Build your business/);
    for (const share of ['50%', '30%', '20%']) await expect(page.getByText(share, { exact: true }).count()).resolves.toBe(1);
    await expect(page.getByText('Marketing figures chosen by the MYEAI team. They are not live data.').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Average monthly growth').isVisible()).resolves.toBe(true);
    const qr = page.getByRole('img', { name: /QR code/ });
    await qr.waitFor();
    await expect(qr.evaluate((img) => img instanceof img.ownerDocument.defaultView!.HTMLImageElement && img.complete && img.naturalWidth > 0)).resolves.toBe(true);
    await expect(qr.getAttribute('src')).resolves.toBe('/api/landing/community-qr.svg');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Dismiss community prompt' }).click();
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect(page.getByRole('region', { name: 'Join our community' }).count()).resolves.toBe(0);

    for (const [label, heading] of [['Terms of Service', /Terms/], ['Privacy Policy', /Privacy/], ['Refund Policy', /Refund/]] as const) {
      await page.goto('/');
      await page.getByRole('link', { name: label }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await expect(page.getByText(/Effective November 25, 2026/).first().isVisible()).resolves.toBe(true);
      await expectAccessible(page);
    }
    await context.close();
  });

  it('shows the invitation banner and carries the stored referral code to sign-in', async () => {
    const { context, page } = await newPage();
    const affiliate = await suite.app.inject({ method: 'GET', url: '/api/auth/profile', cookie: await suite.app.signIn('affiliate@demo.myeai.local') });
    const code = affiliate.json().referral_code as string;
    await page.goto(`/?ref=${code}`);
    await page.getByText('You have been invited').waitFor();
    await page.goto('/');
    await page.getByText('You have been invited').waitFor();
    await expect(page.getByRole('link', { name: 'Get started' }).getAttribute('href')).resolves.toBe(`/login?ref=${code}`);
    await context.close();
  });

  it('sends a signed-out visitor of a gated screen to /login, and a failed sign-in shows a way to try again', async () => {
    const { context, page } = await newPage();
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page.goto('/login?error=signin_failed');
    await page.getByRole('alert').getByText('Sign-in did not complete. Please try again.').waitFor();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true }).isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    await context.close();
  });

  for (const account of ACCOUNTS_BY_ROLE_SET) {
    it(`signs in ${account.email} and shows exactly the sidebar of its role`, async () => {
      const { context, page } = await newPage();
      await signInWithDemo(page, account.name);
      const role = account.roles[0] as Role;
      const expected = navigationFor({ activeRole: role }, (path) => BUILT_SCREENS.has(path)).flatMap((group) => group.items.map((item) => item.label));
      await expect(sidebarLabels(page)).resolves.toEqual(expected);
      await expect(page.getByText(`Active role: ${ROLE_LABELS[role]}`).isVisible()).resolves.toBe(true);
      // The switch lists the other roles only, under a label that says what it does (issue 26).
      await expect(page.getByRole('textbox', { name: 'Switch role' }).count()).resolves.toBe(account.roles.length > 1 ? 1 : 0);
      const actions = quickActionsFor({ activeRole: role }, (path) => BUILT_SCREENS.has(path));
      expect(actions.length).toBeGreaterThan(0);
      for (const action of actions) {
        await expect(page.getByRole('link', { name: action.title }).getAttribute('href')).resolves.toBe(action.path);
      }
      // The learning hub is built (issue 20): Explore Learning is among the quick actions when it is
      // in the first three; /goals is, for the roles that may open it.
      await expect(page.getByRole('link', { name: 'Explore Learning' }).count()).resolves.toBe(actions.some((a) => a.key === 'explore_learning') ? 1 : 0);
      const mayOpenGoals = ['trader', 'affiliate', 'admin'].includes(role);
      await expect(page.getByRole('link', { name: 'Set Purpose Goal' }).count()).resolves.toBe(mayOpenGoals ? 1 : 0);
      await expectAccessible(page);

      const forbidden = SCREENS.find((screen) => screen.access === 'admin');
      if (!account.roles.includes('admin') && forbidden) {
        await page.goto(forbidden.path);
        await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
        await page.getByText('This section is restricted to system administrators only.').waitFor();
        await expect(page.getByText(ROLE_LABELS[role], { exact: true }).first().isVisible()).resolves.toBe(true);
        await expect(page.getByRole('link', { name: 'Go to the Business Hub' }).isVisible()).resolves.toBe(true);
        const api = await page.request.put('/api/admin/landing', { data: {} });
        expect(api.status()).toBe(403);
      }
      await context.close();
    });
  }

  it('lets multi@demo.myeai.local switch role, refuses what the new role may not do, and signs out', async () => {
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Morgan Multi');
    await page.goto('/admin-users');
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    await page.getByText('use the role switcher').waitFor();

    await page.getByRole('textbox', { name: 'Switch role' }).click();
    // The current role is not offered again.
    await expect(page.getByRole('option', { name: 'Affiliate' }).count()).resolves.toBe(0);
    await page.getByRole('option', { name: 'Admin' }).click();
    await page.getByText('Active role: Admin').waitFor();
    // The same address, now open to the active role: People Management replaces the refusal.
    await page.getByRole('heading', { level: 1, name: 'People Management' }).waitFor();
    const asAdmin = await page.request.put('/api/admin/landing', { data: {} });
    expect(asAdmin.status()).toBe(400);

    await page.getByRole('textbox', { name: 'Switch role' }).click();
    await page.getByRole('option', { name: 'Trader' }).click();
    await page.getByText('Active role: Trader').waitFor();
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    expect((await page.request.put('/api/admin/landing', { data: {} })).status()).toBe(403);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    expect((await page.request.get('/api/auth/profile')).status()).toBe(401);
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('registers a local account that starts as a newcomer and sees its profile', async () => {
    const { context, page } = await newPage();
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Create account' }).click();
    const form = page.getByRole('form', { name: 'Create an account' });
    await form.getByLabel('Name').fill('Rita Register');
    await form.getByLabel('Email').fill('rita@example.com');
    await form.getByLabel('Password').fill('short');
    await form.getByRole('button', { name: 'Create account' }).click();
    await form.getByText('Use at least 10 characters.').waitFor();
    // One message: the hint gives way to the error that states the same rule.
    await expect(form.getByText(/at least 10 characters/i).count()).resolves.toBe(1);
    await form.getByLabel('Password').fill('a long enough passphrase');
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Active role: Newcomer').waitFor();
    // A brand-new account is welcomed, not welcomed back.
    await page.getByRole('heading', { level: 1, name: 'Welcome, Rita' }).waitFor();
    await page.getByRole('link', { name: 'Profile Settings' }).click();
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe('rita@example.com');
    await page.getByText('Sign-ins').waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it('opens the sidebar as an overlay on a 375 px screen and closes it on navigation', async () => {
    const { context, page } = await newPage({ width: 375, height: 800 });
    await signInWithDemo(page, 'Alex Affiliate');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // The closed overlay is translated off the left edge of the screen.
    const isOnScreen = async () => {
      const box = await nav.boundingBox();
      return box !== null && box.x + box.width > 1;
    };
    await expect.poll(isOnScreen).toBe(false);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect.poll(isOnScreen).toBe(true);
    await page.getByRole('link', { name: 'Profile Settings' }).click();
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    await expect.poll(isOnScreen).toBe(false);
    await expectAccessible(page);
    await context.close();
  });

  /** Whether the centre of the control is the control itself (or inside it), not something floating over it. */
  const isUncovered = (page: Page, name: string | RegExp, role: 'button' | 'link') =>
    page.getByRole(role, { name }).first().evaluate((element) => {
      const box = element.getBoundingClientRect();
      const top = element.ownerDocument.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top !== null && (top === element || element.contains(top));
    });

  it('lets nothing float over a control: "Get started" and the figures on the landing, "Log out" beside Share & Earn', async () => {
    for (const viewport of [{ width: 1440, height: 900 }, { width: 375, height: 812 }]) {
      const visitor = await newPage(viewport);
      await visitor.page.goto('/');
      await visitor.page.getByRole('region', { name: 'Join our community' }).waitFor();
      await expect(isUncovered(visitor.page, 'Get started', 'link'), `Get started at ${viewport.width}`).resolves.toBe(true);
      // The community prompt is a card of the page, not a layer over it.
      await expect(visitor.page.getByRole('region', { name: 'Join our community' }).evaluate((el) => getComputedStyle(el).position)).resolves.toBe('static');
      await visitor.context.close();
    }

    const { context, page } = await newPage({ width: 375, height: 812 });
    await signInWithDemo(page, 'Alex Affiliate');
    await page.getByRole('button', { name: 'Share & Earn' }).waitFor();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await expect.poll(() => isUncovered(page, 'Log out', 'button')).toBe(true);
    await page.screenshot({ path: 'test-results/platform-shell/nav-open-375.png' });
    await context.close();
  });

  it('/join ends with the legal links', async () => {
    const affiliate = await suite.app.signIn('affiliate@demo.myeai.local');
    const code = (await suite.app.inject({ method: 'GET', url: '/api/auth/profile', cookie: affiliate })).json().referral_code as string;
    const { context, page } = await newPage({ width: 375, height: 812 });
    await page.goto(`/join?ref=${code}`);
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Terms of Service' }).waitFor();
    for (const label of ['Privacy Policy', 'Refund Policy']) await expect(footer.getByRole('link', { name: label }).isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    await footer.getByRole('link', { name: 'Refund Policy' }).click();
    await page.getByRole('heading', { level: 1, name: /Refund/ }).waitFor();
    await context.close();
  });
});
