import { resolve } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { navigationFor } from '@myeai/domain';
import { FIRST_LOAD_JS_BUDGET_KB, measureFirstLoadJs } from '../bench/lib/browser-checks.ts';
import { builtScreenPaths } from './support/built-screens.ts';
import { expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/app-shell');
const BUILT_SCREENS = builtScreenPaths();
const PHONE = { width: 375, height: 812 };

/** Stops the idle download of the sidebar's pages, so a test sees a page's chunk load on the click. */
const withoutIdlePreload = (page: Page) => page.addInitScript(() => Object.assign(window, { requestIdleCallback: () => 0 }));

/** The texts of the page that something else is drawn over, at the current scroll position (the app header excepted). */
function coveredTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const headerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    const main = document.querySelector('main') ?? document.body;
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    const covered: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) {
        if (rect.width < 2 || rect.height < 2 || rect.top < headerBottom || rect.bottom > window.innerHeight || rect.left < 0 || rect.right > window.innerWidth) continue;
        const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        if (hit && hit !== parent && !parent.contains(hit) && !hit.contains(parent)) covered.push(`"${text.slice(0, 40)}" under ${hit.tagName.toLowerCase()}.${hit.className}`);
      }
    }
    return covered;
  });
}

describe.skipIf(!hasChromium)('the app shell in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS, waitForWelcome: true });
  const { newPage, signInWithDemo } = suite;

  it('names the sidebar label in the heading of every sidebar screen (the admin sees them all)', async () => {
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Ada Admin');
    const items = navigationFor({ activeRole: 'admin' }, (path) => BUILT_SCREENS.has(path)).flatMap((group) => group.items);
    expect(items.length).toBeGreaterThan(20);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const item of items) {
      await nav.getByRole('link', { name: item.label, exact: true }).click();
      await page.waitForURL(`**${item.path}`);
      const heading = page.getByRole('heading', { level: 1 });
      await heading.filter({ hasText: item.label }).waitFor();
      await expect(heading.count(), item.path).resolves.toBe(1);
    }
    await page.goto('/earnings');
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Purpose Impact — My Earnings Potential');
    await page.goto('/goal-progress');
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Growth Tracking');
    await page.getByText('Welcome back, Ada').waitFor();
    await context.close();
  });

  it('keeps the shell while a page downloads, shows the page’s outline, and starts the download on hover', async () => {
    const { context, page } = await newPage();
    await withoutIdlePreload(page);
    await signInWithDemo(page, 'Alex Affiliate');
    const chunks: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route: Route) => {
      chunks.push(new URL(route.request().url()).pathname);
      await held;
      await route.continue();
    });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Purpose Impact' }).hover();
    await expect.poll(() => chunks.length).toBeGreaterThan(0);
    await nav.getByRole('link', { name: 'Purpose Impact' }).click();
    // The shell stays and the content shows the page's outline, not a spinner over the whole screen.
    await page.getByRole('main').getByRole('status', { name: 'Loading' }).waitFor();
    await expect(nav.isVisible()).resolves.toBe(true);
    await expect(page.getByRole('banner').getByRole('link', { name: 'MYEAI home' }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'page-loading-1440.png') });
    release();
    await page.getByRole('heading', { level: 1, name: 'Purpose Impact — My Earnings Potential' }).waitFor();
    await expect(page.getByRole('main').getByRole('status', { name: 'Loading' }).count()).resolves.toBe(0);
    await context.close();
  });

  it('downloads the sidebar’s pages while idle, so a later click fetches no script', async () => {
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Alex Affiliate');
    const scriptCount = () => page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/assets/') && entry.name.endsWith('.js')).length);
    // Settled: the same number of scripts on two reads a second apart.
    let last = -1;
    await expect
      .poll(async () => {
        const now = await scriptCount();
        const isStable = now === last;
        last = now;
        return isStable;
      }, { interval: 1_000, timeout: 30_000 })
      .toBe(true);
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/')) fetched.push(request.url());
    });
    for (const label of ['Network Growth', 'Opportunity Engine', 'Revenue Analytics']) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
      await page.getByRole('heading', { level: 1, name: label }).waitFor();
    }
    expect(fetched).toEqual([]);
    await context.close();
  });

  it('answers a missing script 404, and a tab of an older build offers "A new version is available — Reload"', async () => {
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Alex Affiliate');
    const missing = await page.request.get('/assets/index-0ldbu1ld.js');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['content-type']).toMatch(/^text\/plain/);
    const own = await page.request.get('/');
    const build = own.headers()['x-myeai-build'];
    expect(build).toMatch(/^[0-9a-f]{16}$/);
    await expect(page.locator('meta[name="myeai-build"]').getAttribute('content')).resolves.toBe(build);
    await expect(page.getByText('A new version of MYEAI is available.').count()).resolves.toBe(0);

    // A deploy: the server now names another build on its answers.
    await page.route('**/api/**', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'x-myeai-build': 'a-newer-build' } });
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notifications' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'A new version of MYEAI is available.' });
    await notice.waitFor();
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'new-version-1440.png') });
    await page.unroute('**/api/**');
    await notice.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await expect(page.getByText('A new version of MYEAI is available.').count()).resolves.toBe(0);
    await context.close();
  });

  it('says so inside the shell when a page’s script is gone after a deploy, and asks to check the connection when the build is the same', async () => {
    for (const [viewport, name] of [[{ width: 1440, height: 900 }, 'chunk-gone-1440'], [PHONE, 'chunk-gone-375']] as const) {
      const { context, page } = await newPage(viewport);
      await withoutIdlePreload(page);
      await signInWithDemo(page, 'Alex Affiliate');
      await page.route('**/assets/*.js', (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' }));
      await page.route(
        (url) => url.pathname === '/',
        async (route) => {
          if (route.request().method() !== 'HEAD') return route.continue();
          const response = await route.fetch();
          return route.fulfill({ response, headers: { ...response.headers(), 'x-myeai-build': 'a-newer-build' } });
        },
      );
      if (viewport.width < 1024) await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Purpose Impact' }).click();
      await page.getByRole('heading', { level: 1, name: 'This page could not be loaded' }).waitFor();
      await page.getByText('MYEAI was updated since this tab opened.').waitFor();
      await page.getByRole('status').filter({ hasText: 'A new version of MYEAI is available.' }).getByRole('button', { name: 'Reload' }).waitFor();
      await expect(page.getByRole('banner').getByRole('link', { name: 'MYEAI home' }).isVisible()).resolves.toBe(true);
      await expectAccessible(page);
      await page.screenshot({ path: resolve(SCREENSHOTS, `${name}.png`) });
      await context.close();
    }
    // Same build on the server: not a new version, a failed download.
    const { context, page } = await newPage();
    await withoutIdlePreload(page);
    await signInWithDemo(page, 'Alex Affiliate');
    await page.route('**/assets/*.js', (route) => route.abort('connectionreset'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Purpose Impact' }).click();
    await page.getByRole('heading', { level: 1, name: 'This page could not be loaded' }).waitFor();
    await page.getByText('Check your connection, then reload the page.').waitFor();
    await expect(page.getByText('A new version of MYEAI is available.').count()).resolves.toBe(0);
    await context.close();
  });

  it('shows a close "X" only on the narrow screen’s drawer; the wide sidebar collapses with its own toggle', async () => {
    const wide = await newPage();
    await signInWithDemo(wide.page, 'Alex Affiliate');
    const header = wide.page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Toggle navigation' }).isVisible()).resolves.toBe(false);
    await expect(wide.page.locator('header .mantine-Burger-root:visible').count()).resolves.toBe(0);
    const collapse = header.getByRole('button', { name: 'Collapse sidebar' });
    await expect(collapse.getAttribute('aria-expanded')).resolves.toBe('true');
    await wide.page.screenshot({ path: resolve(SCREENSHOTS, 'header-1440.png'), clip: { x: 0, y: 0, width: 1440, height: 120 } });
    const navLeft = async () => (await wide.page.getByRole('navigation', { name: 'Main' }).boundingBox())?.x ?? -1000;
    await collapse.click();
    await expect.poll(navLeft).toBeLessThan(-100);
    await header.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(navLeft).toBeGreaterThanOrEqual(0);
    await wide.context.close();

    const narrow = await newPage(PHONE);
    await signInWithDemo(narrow.page, 'Alex Affiliate');
    const toggle = narrow.page.getByRole('banner').getByRole('button', { name: 'Toggle navigation' });
    await expect(narrow.page.getByRole('banner').getByRole('button', { name: 'Collapse sidebar' }).isVisible()).resolves.toBe(false);
    await toggle.click();
    await expect(narrow.page.locator('header .mantine-Burger-root:visible [data-opened]').count()).resolves.toBe(1);
    await expect.poll(async () => (await narrow.page.getByRole('navigation', { name: 'Main' }).boundingBox())?.x ?? -1000).toBeGreaterThanOrEqual(0);
    await expectAccessible(narrow.page);
    await narrow.page.screenshot({ path: resolve(SCREENSHOTS, 'drawer-open-375.png') });
    await toggle.click();
    await expect.poll(async () => (await narrow.page.getByRole('navigation', { name: 'Main' }).boundingBox())?.x ?? -1000).toBeLessThan(-100);
    await narrow.context.close();
  });

  it('lets Share & Earn cover no text of the Business Hub at 1440 and 375 px, at the top, the middle and the bottom', async () => {
    for (const [viewport, name] of [[{ width: 1440, height: 900 }, 'share-earn-1440'], [PHONE, 'share-earn-375']] as const) {
      const { context, page } = await newPage(viewport);
      await signInWithDemo(page, 'Alex Affiliate');
      const button = page.getByRole('button', { name: 'Share & Earn' });
      await button.waitFor();
      await page.getByRole('heading', { name: 'Quick actions' }).waitFor();
      // In the page's flow: neither the button nor any of its ancestors floats.
      await expect(button.evaluate((element) => {
        const floating: string[] = [];
        for (let node: Element | null = element; node; node = node.parentElement) {
          if (['fixed', 'sticky'].includes(getComputedStyle(node).position) && node.tagName !== 'HEADER') floating.push(node.className);
        }
        return floating;
      })).resolves.toEqual([]);
      for (const at of ['top', 'middle', 'bottom'] as const) {
        await page.evaluate((where) => {
          const max = document.documentElement.scrollHeight - window.innerHeight;
          window.scrollTo(0, where === 'top' ? 0 : where === 'middle' ? max / 2 : max);
        }, at);
        await expect(coveredTexts(page), `${name} ${at}`).resolves.toEqual([]);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectAccessible(page);
      await page.screenshot({ path: resolve(SCREENSHOTS, `${name}.png`) });
      await button.click();
      await page.getByRole('dialog', { name: 'Share & Earn' }).getByLabel('Referral code').waitFor();
      await context.close();
    }
  });

  it(`gives a signed-out visitor of / at most ${FIRST_LOAD_JS_BUDGET_KB} KB of JavaScript (gzipped, until the network is idle), without the signed-in area`, async () => {
    const js = await measureFirstLoadJs(suite.browser, { baseUrl: suite.app.baseUrl, path: '/' });
    expect(js.gzipBytes / 1024, js.scripts.map((script) => `${script.url} ${script.gzipBytes}`).join('\n')).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_KB);
    expect(js.scripts.map((script) => script.url).filter((url) => url.includes('signed-in'))).toEqual([]);
  });
});
