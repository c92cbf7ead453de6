import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
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

/**
 * The suite's view of the worker's Chromium: contexts it opens watch the content security policy
 * of the suite's app, and all of them are closed when the suite ends.
 */
export type SuiteBrowser = Pick<Browser, 'newContext'>;

/**
 * One Chromium per test worker (issue 27). The e2e project runs its files without isolation, so
 * this module, and the browser it launched, lives from a worker's first browser file to its last
 * (Playwright ends the browser with the worker process). A suite gets its own contexts only.
 */
let workerBrowser: Promise<Browser> | undefined;
function sharedChromium(): Promise<Browser> {
  const launched = (workerBrowser ??= launchChromium());
  return launched.then((browser) => {
    if (browser.isConnected()) return browser;
    workerBrowser = launchChromium();
    return workerBrowser;
  });
}

export type BrowserSuite = {
  readonly app: RunningApp;
  readonly browser: SuiteBrowser;
  /** A page in a new context on the app, with the suite's context options and permissions. */
  newPage: (viewport?: Viewport) => Promise<SuitePage>;
  /** The demo sign-in of browser.ts, with the suite's waitForWelcome. */
  signInWithDemo: (page: Page, name: string) => Promise<void>;
  /** newPage, signed in as the demo account `name`. */
  signedInPage: (name: string, viewport?: Viewport) => Promise<SuitePage>;
  /**
   * The content security policy violations the app's pages reported since the last call (or the
   * last test), which then no longer fail the test: for a test that provokes one on purpose.
   */
  takeCspViolations: () => string[];
};

/**
 * Reports every content security policy violation of the app's own documents in the context
 * (the event, and Chromium's console error for the rare refusal that fires none). Frames of other
 * origins (a YouTube player) answer to their own policies and are left out.
 */
async function watchContentSecurityPolicy(context: BrowserContext, appOrigin: string, report: (violation: string) => void): Promise<void> {
  await context.exposeBinding('__myeaiCspViolation', ({ frame }, text: string) => report(`${frame.url()}: ${text}`));
  await context.addInitScript((origin) => {
    if (location.origin !== origin) return;
    document.addEventListener('securitypolicyviolation', (event) => {
      const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
      const sample = event.sample ? ` ("${event.sample}")` : '';
      (window as unknown as { __myeaiCspViolation: (text: string) => void }).__myeaiCspViolation(`${event.effectiveDirective} refused ${event.blockedURI || 'an inline resource'}${where}${sample}`);
    });
  }, appOrigin);
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()) && message.location().url.startsWith(appOrigin)) report(`console: ${message.text()}`);
  });
}

/**
 * The tests' screenshots are pictures for a person to look at: nothing compares them, and a full
 * page costs a capture and a PNG encoding each (122 of them per run, issue 27). They are written
 * with E2E_SCREENSHOTS=1; otherwise page.screenshot resolves at once with an empty image.
 */
const KEEP_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

function skipScreenshots(context: BrowserContext): void {
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    page.screenshot = async () => Buffer.alloc(0);
    return page;
  };
}

/**
 * The running app and a Chromium for the tests of the calling describe block. Call it before the
 * block's own hooks: its beforeAll then runs first, so theirs can use the app, and its afterAll
 * last (vitest runs afterAll hooks in reverse), so theirs still can. The methods do not use
 * `this` and may be destructured.
 */
export function useBrowserSuite(options: BrowserSuiteOptions = {}): BrowserSuite {
  let app: RunningApp | undefined;
  let browser: SuiteBrowser | undefined;
  const contexts = new Set<BrowserContext>();

  let cspViolations: string[] = [];

  beforeAll(async () => {
    if (options.screenshots) mkdirSync(options.screenshots, { recursive: true });
    const [started, chromium] = await Promise.all([startApp(options.appOverrides), sharedChromium()]);
    app = started;
    // Every context of the suite watches the policy, also those a test opens on the browser itself.
    const { baseUrl } = started;
    browser = {
      newContext: async (contextOptions) => {
        const context = await chromium.newContext(contextOptions);
        contexts.add(context);
        context.on('close', () => contexts.delete(context));
        await watchContentSecurityPolicy(context, new URL(baseUrl).origin, (violation) => cspViolations.push(violation));
        if (!KEEP_SCREENSHOTS) skipScreenshots(context);
        return context;
      },
    };
  });
  // Any screen of any browser test that the server's content security policy breaks fails that test.
  afterEach(() => {
    const found = cspViolations;
    cspViolations = [];
    if (found.length > 0) throw new Error(`Content security policy violations:\n${found.join('\n')}`);
  });
  afterAll(async () => {
    // A test that failed before closing its context leaves it open: the next file shares the browser.
    await Promise.all([...contexts].map((context) => context.close()));
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
    takeCspViolations: () => {
      const found = cspViolations;
      cspViolations = [];
      return found;
    },
  };
}
