import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
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
          include: ['apps/server/src/**/*.test.ts', 'packages/db/src/**/*.test.ts'],
          env: { NODE_ENV: 'test' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // No retry: a test that passes only on a second try would read as a clean pass.
          env: { NODE_ENV: 'test' },
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A browser waits on a live app: 1 s (the default) is shorter than one screen's data under
          // CI load, and a poll that gives up early reads as a defect that is not there.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
