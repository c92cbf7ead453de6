import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The module boundaries of decision 029 are enforced by the repository's eslint.config.js; each
// case lints a small snippet as if it were a file at `filePath` and expects the rule that must
// refuse it (or, for the allowed way, no boundary report at all).
const root = fileURLToPath(new URL('../../../../', import.meta.url));
// no-cycle walks the whole import graph below a file, so it runs only in its own case (on a small graph).
const BOUNDARY_RULES = new Set(['import-x/no-restricted-paths', 'import-x/no-extraneous-dependencies', 'no-restricted-imports']);

let boundaries: ESLint;
let cycles: ESLint;
beforeAll(() => {
  boundaries = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => BOUNDARY_RULES.has(ruleId) });
  cycles = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-cycle' });
});

async function reports(filePath: string, code: string, eslint = boundaries): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('lint boundaries (decision 029)', () => {
  it('refuses a feature import in the shared components', async () => {
    expect(await reports('apps/web/src/components/ui/probe.tsx', "import { useProfile } from '../../features/auth/index.ts';\nexport const probe = useProfile;\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it("refuses a web feature reaching into another feature's files, and lets it use that feature's index.ts", async () => {
    expect(await reports('apps/web/src/features/dashboard/probe.ts', "import { trialKeys } from '../trial/api/trial-api.ts';\nexport const probe = trialKeys;\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await reports('apps/web/src/features/dashboard/probe.ts', "import { trialKeys } from '../trial/index.ts';\nexport const probe = trialKeys;\n")).toEqual([]);
  });

  it("refuses a server module reaching into another module's files, and lets it use that module's index.ts", async () => {
    expect(await reports('apps/server/src/modules/profile/probe.ts', "import { getUserById } from '../auth/users.service.ts';\nexport const probe = getUserById;\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await reports('apps/server/src/plugins/probe.ts', "import { getUserById } from '../modules/auth/users.service.ts';\nexport const probe = getUserById;\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await reports('apps/server/src/modules/profile/probe.ts', "import { getUserById } from '../auth/index.ts';\nexport const probe = getUserById;\n")).toEqual([]);
  });

  it('keeps the routes out of a module index.ts: app.ts alone imports them', async () => {
    expect(await reports('apps/server/src/modules/auth/index.ts', "export { authRoutes } from './auth.routes.ts';\n")).toEqual(['no-restricted-imports']);
    expect(await reports('apps/server/src/modules/profile/probe.ts', "import { authRoutes } from '../auth/auth.routes.ts';\nexport const probe = authRoutes;\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('refuses an import cycle', async () => {
    // job-runner.ts imports job-queue.ts: job-queue importing job-runner closes a cycle.
    expect(await reports('apps/server/src/modules/jobs/job-queue.ts', "import { JobRunner } from './job-runner.ts';\nexport const probe = JobRunner;\n", cycles)).toEqual([
      'import-x/no-cycle',
    ]);
  });

  it("refuses a package the workspace's package.json does not declare", async () => {
    expect(await reports('apps/web/src/lib/probe.ts', "import { sql } from 'drizzle-orm';\nexport const probe = sql;\n")).toEqual(['import-x/no-extraneous-dependencies']);
    // A root devDependency (a test tool) is not a dependency of the server's code.
    expect(await reports('apps/server/src/modules/profile/probe.ts', "import fc from 'fast-check';\nexport const probe = fc;\n")).toEqual(['import-x/no-extraneous-dependencies']);
    expect(await reports('apps/server/src/modules/profile/probe.ts', "import { sql } from 'drizzle-orm';\nexport const probe = sql;\n")).toEqual([]);
  });
});
