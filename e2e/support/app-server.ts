import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { createTestApp, type TestApp } from '../../apps/server/src/testing/test-app.ts';
import type { AppConfig } from '../../apps/server/src/env.ts';

export type RunningApp = TestApp & { baseUrl: string };

/** E2E_WEB_DIST: a web build of one's own, when others rebuild apps/web/dist in the same checkout meanwhile. */
const WEB_DIST = process.env.E2E_WEB_DIST ?? resolve(import.meta.dirname, '../../apps/web/dist');

/** The real app (built web app + API on embedded PostgreSQL with the demo seed) on a free port. */
export async function startApp(overrides: Partial<AppConfig> = {}): Promise<RunningApp> {
  if (!existsSync(resolve(WEB_DIST, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` before the browser tests (npm test does).');
  }
  const app = await createTestApp('pglite', { webDistDir: WEB_DIST, ...overrides });
  const address = await app.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...app, baseUrl: address };
}
