import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Outside CI a machine without Chromium skips the browser tests, loudly; in CI (CI set) the
 * missing browser fails the run.
 */
export const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) {
  const message = `Chromium not found at ${CHROMIUM_PATH}: browser tests are SKIPPED. Install it (apt-get install chromium) or set CHROMIUM_PATH.`;
  if (process.env.CI) throw new Error(message);
  console.warn(`\n${'!'.repeat(100)}\n${message}\n${'!'.repeat(100)}\n`);
}

/** Flags every headless Chromium of the tests and the benchmark (bench/ launches one for Lighthouse) runs with. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Fails on any serious or critical axe violation of the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  // Scan the settled page: mid-transition (a modal fading in) colours are half-blended and
  // would be reported as contrast failures that no user sees once the transition ends. A modal
  // opened by the last click may start its transition a frame or two later, so the page counts
  // as settled after three animation frames in a row without a finite animation running.
  await page
    .waitForFunction(
      () => {
        const busy = document.getAnimations().some((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity);
        const state = window as unknown as { __axeQuietFrames?: number };
        state.__axeQuietFrames = busy ? 0 : (state.__axeQuietFrames ?? 0) + 1;
        return state.__axeQuietFrames >= 3;
      },
      undefined,
      { timeout: 5000, polling: 'raf' },
    )
    .catch(() => undefined);
  await page.evaluate(() => delete (window as unknown as { __axeQuietFrames?: number }).__axeQuietFrames);
  // A transition that starts during the scan (a toast closing itself after its 4 s) would be
  // half-blended when axe reaches it: a contrast failure no user sees (it failed e2e/leads at a load
  // average of 15, issue 27). During the scan every transition and animation jumps to its end.
  // The style carries the page's own nonce: the content security policy refuses any other.
  const freeze = (on: boolean) =>
    page
      .evaluate((on) => {
        document.getElementById('__axe-freeze')?.remove();
        const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
        if (!on || !nonce) return;
        const style = document.createElement('style');
        style.id = '__axe-freeze';
        style.nonce = nonce;
        style.textContent = '*, *::before, *::after { transition-duration: 0s !important; transition-delay: 0s !important; animation-duration: 0s !important; animation-delay: 0s !important; }';
        document.head.append(style);
      }, on)
      .catch(() => undefined);
  await freeze(true);
  const results = await new AxeBuilder({ page }).analyze().finally(() => freeze(false));
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = blocking.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([]);
}

export type Viewport = { width: number; height: number };

export const DESKTOP_VIEWPORT: Viewport = { width: 1440, height: 900 };

/**
 * Signs `page` in as the demo account whose login button starts with `name` ("Ada Admin",
 * "Tom Trader"...); resolves on the Business Hub where every sign-in lands.
 */
export async function signInWithDemo(page: Page, name: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await page.waitForURL('**/dashboard');
}

/**
 * Checks a screen at 1440 px and 375 px: `ready` resolves when it is drawn, then axe, no sideways
 * scrolling on the phone width, and a full-page screenshot of each width in `dir` named `name`.
 */
export async function checkBothWidths(page: Page, dir: string, name: string, ready: () => Promise<unknown>): Promise<void> {
  await ready();
  await expectAccessible(page);
  await page.screenshot({ path: resolve(dir, `${name}-1440.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await ready();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
  await page.screenshot({ path: resolve(dir, `${name}-375.png`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * True when the element is inside the viewport's width and is what a click at its centre reaches
 * (not scrolled away, not covered by another cell or a floating control).
 */
export async function isOnTop(locator: Locator, viewportWidth: number): Promise<boolean> {
  // Brought into view vertically only: a sideways scroll would hide what this checks.
  await locator.evaluate((element) => element.ownerDocument.defaultView!.scrollBy(0, element.getBoundingClientRect().top - 200));
  const box = await locator.boundingBox();
  if (!box || box.x < 0 || box.x + box.width > viewportWidth) return false;
  return locator.evaluate((element, { x, y }) => {
    const hit = element.ownerDocument.elementFromPoint(x, y);
    return hit !== null && (element === hit || element.contains(hit));
  }, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
}
