import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, navigationFor, type Role } from '@myeai/domain';
import { hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { builtScreenPaths } from './support/built-screens.ts';

/**
 * Every screen of every role is opened under the policy by the no-dead-ends crawl (in-app, at both
 * widths, links followed), whose suite fails on any violation, so this file loads each sidebar
 * screen from the server only for the account with the longest sidebar: a first load on a deep
 * address, with its own nonce, per screen (issue 27 merged the per-role walks, decision 067).
 */
const BUILT = builtScreenPaths();
const sidebarLength = (role: Role) => navigationFor({ activeRole: role }, (path) => BUILT.has(path)).flatMap((group) => group.items).length;
const LONGEST_SIDEBAR = [...DEMO_ACCOUNTS].sort((a, b) => sidebarLength(b.roles[0]!) - sidebarLength(a.roles[0]!)).slice(0, 1);

const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1];

/**
 * The server's content security policy, in Chromium. Every browser test fails on a violation
 * (support/browser-suite.ts); these check that the watch sees one, and walk each role's screens
 * and the API docs under the policy.
 */
describe.skipIf(!hasChromium)('content security policy in Chromium', () => {
  const suite = useBrowserSuite({ waitForWelcome: true });

  async function openEverySidebarScreen(page: Page): Promise<string[]> {
    const hrefs = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    for (const href of hrefs) {
      // A full load each time: every HTML response brings its own nonce.
      await page.goto(href);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    return hrefs;
  }

  it('gives every HTML response its own nonce, which Mantine’s style tags carry and the browser applies', async () => {
    const first = await fetch(`${suite.app.baseUrl}/`);
    const second = await fetch(`${suite.app.baseUrl}/`);
    const [policy, html] = [first.headers.get('content-security-policy'), await first.text()];
    const nonce = nonceOf(policy);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(second.headers.get('content-security-policy'))).not.toBe(nonce);
    expect(html).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
    expect(html).not.toContain('MYEAI_CSP_NONCE');
    expect(policy).toContain("script-src 'self';");
    expect(policy).toMatch(/connect-src 'self' ws:\/\/127\.0\.0\.1:\d+;/);

    const { context, page } = await suite.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const styles = await page.evaluate(() => Array.from(document.querySelectorAll('style'), (style) => ({ nonce: style.nonce, mantine: style.hasAttribute('data-mantine-styles') })));
    expect(styles.filter((style) => style.mantine).length).toBeGreaterThan(0);
    for (const style of styles) expect(style.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    // The theme's own variable (apps/web/src/app/theme.ts: dimmed is grey 7, not Mantine's grey 6)
    // comes only from Mantine's style tag: applied means the nonce was accepted.
    await expect(page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-dimmed').trim())).resolves.toBe('#495057');
    await context.close();
  });

  it('refuses an inline script, and the suite’s watch reports it', async () => {
    const { context, page } = await suite.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.head.append(script);
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => suite.takeCspViolations().join('\n')).toMatch(/script-src-elem refused inline/);
    await context.close();
  });

  it.each(LONGEST_SIDEBAR.map((account) => [account.roles.join(' + '), account.name] as const))('shows every sidebar screen of %s without a violation', async (_roles, name) => {
    const { context, page } = await suite.signedInPage(name);
    const opened = await openEverySidebarScreen(page);
    expect(opened.length).toBeGreaterThan(2);
    await context.close();
  });

  it('shows the API docs (Swagger UI at /api/docs) with their operations, without a violation', async () => {
    const { context, page } = await suite.newPage();
    await page.goto('/api/docs/');
    await page.getByRole('heading', { name: /MYEAI API/ }).waitFor();
    // Swagger UI draws the operations with script and styles of its own: drawn means allowed.
    await page.locator('.opblock').first().waitFor();
    const response = await fetch(`${suite.app.baseUrl}/api/docs/`);
    expect(response.headers.get('content-security-policy')).toContain("style-src 'self' 'unsafe-inline';");
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self';");
    await context.close();
  });
});
