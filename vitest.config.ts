import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Browser test files are spread evenly among the API files, and the quick unit files come last. A
 * browser file keeps about one core busy (the app in the worker, Chromium beside it) and spends
 * part of its time waiting on the page; an API file keeps its worker's core busy. Spreading them
 * keeps both cores working, instead of running the browser files two at a time and then the API
 * files two at a time.
 */
class SpreadBrowserFilesSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = sorted.filter((file) => file.project.name === 'e2e');
    const api = sorted.filter((file) => file.project.name === 'server');
    const unit = sorted.filter((file) => file.project.name !== 'e2e' && file.project.name !== 'server');
    const spread: TestSpecification[] = [];
    let b = 0;
    let a = 0;
    while (b < browser.length || a < api.length) {
      // Take from the list that is further behind, as a share of its length.
      const takeBrowser = a >= api.length || (b < browser.length && b / browser.length <= a / api.length);
      const next = takeBrowser ? browser[b++] : api[a++];
      if (next) spread.push(next);
    }
    return [...spread, ...unit];
  }
}

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker (cores - 1), which ran every file one
    // after another while the second core idled (docs/decisions/049).
    maxWorkers: 2,
    sequence: { sequencer: SpreadBrowserFilesSequencer },
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          // Property tests stop at a time budget as well as a number of runs (issue 27).
          setupFiles: ['packages/domain/src/test/property-time-budget.ts'],
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      {
        // Component tests (forms): a DOM, Testing Library, Mantine's browser shims (docs/decisions/033).
        test: {
          name: 'web-dom',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/dom-setup.ts'],
          // A form test types into a whole form in jsdom: a few seconds on a busy shared machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          // Made once per run: the databases every test database is a copy of (docs/decisions/049).
          globalSetup: ['vitest.global-setup.ts'],
          include: ['apps/server/src/**/*.test.ts', 'packages/db/src/**/*.test.ts'],
          // A worker imports the server once for all its files instead of once per file: a third
          // of an API file's time was that import (issue 27, docs/decisions/067). The files share
          // no module state: every app and database is made by the file and closed by it.
          isolate: false,
          env: { NODE_ENV: 'test' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          globalSetup: ['vitest.global-setup.ts'],
          include: ['e2e/**/*.test.ts'],
          // As for the API files; and the worker's Chromium (e2e/support/browser-suite.ts) outlives
          // each file, which keeps its own app, database and browser contexts.
          isolate: false,
          // No retry: a test that passes only on a second try would read as a clean pass.
          env: { NODE_ENV: 'test' },
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A browser waits on a live app: 1 s (the default) is shorter than one screen's data under
          // CI load, and a poll that gives up early reads as a defect that is not there.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
