import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';

/** Adds the session cookie of a bench user (`name=value`) to a browser context for `baseUrl`. */
export async function addSessionCookie(context: BrowserContext, baseUrl: string, cookie: string): Promise<void> {
  const separator = cookie.indexOf('=');
  await context.addCookies([{ name: cookie.slice(0, separator), value: cookie.slice(separator + 1), url: baseUrl }]);
}

export type IdleTabResult = {
  path: string;
  idleMinutes: number;
  /** HTTP requests (fetch, XHR, documents, scripts...) made during the idle time. */
  requests: number;
  requestList: string[];
  /** WebSocket connections opened during the idle time (reconnects), and whether one was open at the end. */
  socketsOpened: number;
  isSocketOpenAtEnd: boolean;
};

/** Counts requests in flight so each simulated second ends only once its requests finished. */
function trackInFlight(page: Page) {
  const inFlight = new Set<Request>();
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return async () => {
    // Let the page's promise callbacks run, then wait (bounded) for what they started.
    await new Promise((resolve) => setTimeout(resolve, 15));
    const deadline = Date.now() + 5_000;
    while (inFlight.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  };
}

/**
 * Opens `path` signed in, waits until the page is idle, then lets `idleMinutes` of timers run on
 * Playwright's fake clock one simulated second at a time (waiting after each second for the
 * requests it started, so timers those responses schedule run too) and counts the requests.
 */
export async function countIdleRequests(
  browser: Browser,
  options: { baseUrl: string; cookie: string; path: string; idleMinutes: number },
): Promise<IdleTabResult> {
  const context = await browser.newContext();
  try {
    await addSessionCookie(context, options.baseUrl, options.cookie);
    const page = await context.newPage();
    await page.clock.install();
    const settle = trackInFlight(page);
    let isCounting = false;
    const requestList: string[] = [];
    let socketsOpened = 0;
    let openSockets = 0;
    page.on('request', (request) => {
      if (isCounting) requestList.push(`${request.method()} ${request.url().replace(options.baseUrl, '')}`);
    });
    page.on('websocket', (socket) => {
      openSockets += 1;
      if (isCounting) socketsOpened += 1;
      socket.on('close', () => {
        openSockets -= 1;
      });
    });

    await page.goto(new URL(options.path, options.baseUrl).href, { waitUntil: 'networkidle' });
    if (new URL(page.url()).pathname !== options.path) throw new Error(`expected ${options.path} signed in, landed on ${page.url()}`);
    await page.getByRole('main').waitFor();
    await settle();

    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 1);
    isCounting = true;
    for (let second = 0; second < options.idleMinutes * 60; second += 1) {
      await page.clock.runFor(1_000);
      await settle();
    }
    isCounting = false;
    return {
      path: options.path,
      idleMinutes: options.idleMinutes,
      requests: requestList.length,
      requestList,
      socketsOpened,
      isSocketOpenAtEnd: openSockets > 0,
    };
  } finally {
    await context.close();
  }
}

export type FirstLoadJsResult = {
  path: string;
  /** Sum of the gzipped (node:zlib, default level) bodies of every script the first load downloaded. */
  gzipBytes: number;
  rawBytes: number;
  /** Body bytes as they crossed the network (brotli or gzip when the server sends them compressed). */
  transferBytes: number;
  scripts: { url: string; rawBytes: number; gzipBytes: number; transferBytes: number }[];
};

/**
 * Issue 33: the JavaScript a signed-out visitor of / downloads, gzipped, at most (checked by the
 * bench and by e2e/app-shell.test.ts on every build).
 */
export const FIRST_LOAD_JS_BUDGET_KB = 150;

/** The JavaScript a signed-out visitor's browser downloads to show `path`, until the network is idle. */
export async function measureFirstLoadJs(browser: Pick<Browser, 'newContext'>, options: { baseUrl: string; path: string }): Promise<FirstLoadJsResult> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const bodies: Promise<{ url: string; body: Buffer; transferBytes: number }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      bodies.push(
        (async () => {
          const body = await response.body();
          await response.finished();
          const sizes = await response.request().sizes();
          return { url: response.url().replace(options.baseUrl, ''), body, transferBytes: sizes.responseBodySize };
        })(),
      );
    });
    await page.goto(new URL(options.path, options.baseUrl).href, { waitUntil: 'networkidle' });
    const scripts = (await Promise.all(bodies)).map(({ url, body, transferBytes }) => ({
      url,
      rawBytes: body.length,
      gzipBytes: gzipSync(body).length,
      transferBytes,
    }));
    const sum = (key: 'rawBytes' | 'gzipBytes' | 'transferBytes') => scripts.reduce((total, script) => total + script[key], 0);
    return { path: options.path, gzipBytes: sum('gzipBytes'), rawBytes: sum('rawBytes'), transferBytes: sum('transferBytes'), scripts };
  } finally {
    await context.close();
  }
}
