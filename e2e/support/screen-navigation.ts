import type { Page } from 'playwright-core';

/*
 * How the browser crawls (the issue 26 gate and the no-dead-ends crawl) open a screen and know it
 * is drawn: in-app navigation as a link or the sidebar does, and a settle on the screen's own
 * signals (its heading, no skeleton, no API request in flight) instead of a fixed network-idle wait.
 */

export type ApiTracker = { inFlight: () => number };

/** Counts the page's API requests in flight, to know when a screen's data has arrived. */
export function trackApi(page: Page): ApiTracker {
  const open = new Set<object>();
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (isApi(request.url())) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return { inFlight: () => open.size };
}

/** Waits until the screen has its heading, no skeleton or loader in <main>, and no API request in flight (or 15 s passed). */
export async function settle(page: Page, api: ApiTracker): Promise<void> {
  const deadline = Date.now() + 15_000;
  let quietSince = 0;
  while (Date.now() < deadline) {
    const drawn = await page
      .evaluate(() => {
        const main = document.querySelector('main');
        if (!main || !main.querySelector('h1')) return false;
        const busy = Array.from(main.querySelectorAll('.mantine-Skeleton-root[data-visible="true"], .mantine-Loader-root, [aria-busy="true"]'));
        return busy.every((el) => !el.checkVisibility());
      })
      .catch(() => false);
    if (drawn && api.inFlight() === 0) {
      if (quietSince === 0) quietSince = Date.now();
      // Data that arrives starts the next request within a frame or two (a dependent query).
      if (Date.now() - quietSince >= 150) return;
    } else quietSince = 0;
    await page.waitForTimeout(50);
  }
}

/**
 * Opens `path` the way the sidebar does, inside the running app (the router follows the history),
 * and waits for its screen: a load per screen would cost most of the gate's time.
 */
export async function navigate(page: Page, api: ApiTracker, path: string): Promise<void> {
  const here = new URL(page.url());
  if (here.pathname + here.search === path) return settle(page, api);
  // Not in the app yet (a blank page): the first screen is a load.
  if (!here.protocol.startsWith('http')) {
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    return settle(page, api);
  }
  await page.evaluate((next) => {
    (window as unknown as { __gateHeading?: Element | null }).__gateHeading = document.querySelector('main h1');
    history.pushState(null, '', next);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // Another screen draws a heading of its own; the same screen with another query keeps its heading.
  if (new URL(path, here).pathname !== here.pathname) {
    await page
      .waitForFunction(() => {
        const heading = document.querySelector('main h1');
        return heading !== null && heading !== (window as unknown as { __gateHeading?: Element | null }).__gateHeading;
      }, undefined, { timeout: 10_000 })
      .catch(() => undefined);
  }
  await settle(page, api);
}
