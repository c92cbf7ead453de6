// Once per test run: the migrated and the seeded databases every test database starts as a copy of
// (apps/server/src/testing/test-database.ts). The test processes are started after this runs and
// inherit the variable that names them.
//
// Only the projects that open databases (server, e2e) list this file, so a run of the unit
// projects alone makes no templates (issue 27). Each of those projects runs its global setup, in
// the same process: the first makes the templates and removes them at the end of the run; the
// second finds them made.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestDatabaseTemplates, TEST_DATABASE_TEMPLATES_ENV } from './apps/server/src/testing/test-database.ts';

const MADE = Symbol.for('myeai.test-database-templates');
type Marked = typeof globalThis & { [MADE]?: true };

export default async function setup(): Promise<() => Promise<void>> {
  const marked = globalThis as Marked;
  if (marked[MADE]) return async () => undefined;
  marked[MADE] = true;
  const folder = mkdtempSync(join(tmpdir(), 'myeai-test-templates-'));
  const { templates, drop } = await makeTestDatabaseTemplates(folder);
  const manifest = join(folder, 'templates.json');
  writeFileSync(manifest, JSON.stringify(templates));
  process.env[TEST_DATABASE_TEMPLATES_ENV] = manifest;
  return async () => {
    await drop();
    rmSync(folder, { recursive: true, force: true });
  };
}
