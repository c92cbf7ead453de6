// Once per test run: the migrated and the seeded databases every test database starts as a copy of
// (apps/server/src/testing/test-database.ts). The test processes are started after this runs and
// inherit the variable that names them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestDatabaseTemplates, TEST_DATABASE_TEMPLATES_ENV } from './apps/server/src/testing/test-database.ts';

export default async function setup(): Promise<() => Promise<void>> {
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
