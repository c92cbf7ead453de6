import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '../../apps/server/src/env.ts';
import { startApp, type RunningApp } from './app-server.ts';
import { DESKTOP_VIEWPORT, launchChromium, signInWithDemo, type Viewport } from './browser.ts';

export type BrowserSuiteOptions = {
  /** Folder for the suite's screenshots, created before the app starts. */
  screenshots?: string;
  /** Configuration the app starts with, e.g. `{ demoMode: false }`. */
  appOverrides?: Partial<AppConfig>;
  /** Options of every context newPage opens, e.g. `{ acceptDownloads: true }`. */
  contextOptions?: BrowserContextOptions;
  /** Permissions every context newPage opens gets on the app's origin only, e.g. `['clipboard-read']`. */
  appPermissions?: string[];
  /** signInWithDemo also waits for the Business Hub's "Welcome back" heading, not only its URL. */
  waitForWelcome?: boolean;
};

export type SuitePage = { context: BrowserContext; page: Page };

export type BrowserSuite = {
  readonly app: RunningApp;
  readonly browser: Browser;
  /** A page in a new context on the app, with the suite's context options and permissions. */
  newPage: (viewport?: Viewport) => Promise<SuitePage>;
  /** The demo sign-in of browser.ts, with the suite's waitForWelcome. */
  signInWithDemo: (page: Page, name: string) => Promise<void>;
  /** newPage, signed in as the demo account `name`. */
  signedInPage: (name: string, viewport?: Viewport) => Promise<SuitePage>;
};

/**
 * The running app and a Chromium for the tests of the calling describe block. Call it before the
 * block's own hooks: its beforeAll then runs first, so theirs can use the app, and its afterAll
 * last (vitest runs afterAll hooks in reverse), so theirs still can. The methods do not use
 * `this` and may be destructured.
 */
export function useBrowserSuite(options: BrowserSuiteOptions = {}): BrowserSuite {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    if (options.screenshots) mkdirSync(options.screenshots, { recursive: true });
    app = await startApp(options.appOverrides);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  function started<T>(value: T | undefined, what: string): T {
    if (value === undefined) throw new Error(`useBrowserSuite: the ${what} starts in beforeAll; use it in hooks and tests, not while the suite is being collected.`);
    return value;
  }

  const newPage = async (viewport = DESKTOP_VIEWPORT): Promise<SuitePage> => {
    const { baseUrl } = started(app, 'app');
    const context = await started(browser, 'browser').newContext({ ...options.contextOptions, baseURL: baseUrl, viewport });
    if (options.appPermissions) await context.grantPermissions(options.appPermissions, { origin: baseUrl });
    return { context, page: await context.newPage() };
  };

  const signIn = async (page: Page, name: string): Promise<void> => {
    await signInWithDemo(page, name);
    if (options.waitForWelcome) await page.getByRole('heading', { level: 1, name: /Welcome back/ }).waitFor();
  };

  return {
    get app() {
      return started(app, 'app');
    },
    get browser() {
      return started(browser, 'browser');
    },
    newPage,
    signInWithDemo: signIn,
    signedInPage: async (name, viewport) => {
      const signedIn = await newPage(viewport);
      await signIn(signedIn.page, name);
      return signedIn;
    },
  };
}
