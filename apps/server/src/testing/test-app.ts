import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { jobs, listen, mailOutbox, snapshotPglite, type DatabaseHandle } from '@myeai/db';
import { DEMO_ACCOUNTS, type Role } from '@myeai/domain';
import { buildApp } from '../app.ts';
import { fixedClock } from '../clock.ts';
import type { AppConfig } from '../env.ts';
import { OidcSignIn } from '../modules/auth/index.ts';
import { JobRunner } from '../modules/jobs/index.ts';
import { createMailTransport } from '../modules/mail/index.ts';
import { usageWriterFor } from '../modules/usage/index.ts';
import { buildJobHandlers } from '../jobs-registry.ts';
import { restoreDemoFiles } from '../seed/demo-seed.ts';
import { SESSION_COOKIE } from '../modules/auth/index.ts';
import { createTestDatabase, TEST_NOW, type DatabaseKind } from './test-database.ts';

export { TEST_NOW };

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  clock: ReturnType<typeof fixedClock>;
  /** Signs in a seeded demo account and returns its cookie header value. */
  signIn: (email: string) => Promise<string>;
  /** Cookie of the single-role demo account holding `role`. */
  signInAs: (role: Role) => Promise<string>;
  inject: (options: InjectOptions & { cookie?: string }) => Promise<LightMyRequestResponse>;
  /** Stores the usage events accepted so far (they are written behind the answer). */
  drainUsage: () => Promise<void>;
  /** Runs every job due at the test clock's now (instead of waiting for a poller); returns how many ran. */
  runJobs: () => Promise<number>;
  /**
   * Empties the job queue and the mail outbox. The demo seed queues real work (the demo
   * subscription's renewal job and receipts); tests that count jobs or mails start from zero.
   */
  clearQueues: () => Promise<void>;
  close: () => Promise<void>;
};

export async function createTestApp(
  kind: DatabaseKind,
  overrides: Partial<AppConfig> = {},
  /** Pass the database of another test app to run a second instance on it (it stays open on close). */
  shared?: { database: DatabaseHandle },
): Promise<TestApp> {
  const database = shared?.database ?? (await createTestDatabase(kind, { demoData: true }));
  const clock = fixedClock(TEST_NOW);
  // Uploaded learning files go to a folder of this test app's own (removed on close), never the checkout's data folder.
  const ownUploadsDir = overrides.uploadsDir === undefined ? await mkdtemp(join(tmpdir(), 'myeai-test-uploads-')) : undefined;
  const config: AppConfig = {
    isProduction: false,
    demoMode: true,
    publicUrl: undefined,
    sessionTtlDays: 30,
    oidc: undefined,
    webDistDir: undefined,
    logger: false,
    smtpUrl: undefined,
    mailFrom: 'MYEAI <no-reply@myeai.local>',
    readCaches: true,
    // A test writes through services or SQL and then asks the API, as a user would a moment
    // later: each request first lets the changes the database announced reach the read caches (on
    // PostgreSQL they arrive on another connection; PGlite delivers them with the commit).
    awaitChangesBeforeEachRequest: true,
    uploadsDir: ownUploadsDir,
    // The admin two-factor gate (decision 058) is off unless a test turns it on: the suite signs
    // admins in with demo sign-in and no authenticator.
    requireAdminTwoFactor: false,
    ...overrides,
  };
  const app = await buildApp({
    db: database.db,
    databaseKind: database.kind,
    clock,
    config,
    oidc: config.oidc ? new OidcSignIn(config.oidc) : undefined,
    mailer: createMailTransport(config),
    listen: (channel, onPayload, onReconnect) => listen(database, channel, onPayload, onReconnect),
    snapshotDatabase: database.kind === 'pglite' ? () => snapshotPglite(database.client) : undefined,
  });
  await app.ready();
  // The seeded learning modules' files, into this app's own uploads folder (the database is a copy).
  if (!shared) await restoreDemoFiles(database.db, config);
  const jobRunner = new JobRunner(app.deps, buildJobHandlers());

  // Usage events are written behind the answer: let those accepted so far be stored first.
  const usage = usageWriterFor(app.deps);
  const inject: TestApp['inject'] = async ({ cookie, headers, ...options }) => {
    await usage.drain();
    return app.inject({ ...options, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  };

  const signIn = async (email: string) => {
    const response = await inject({ method: 'POST', url: '/api/auth/demo', payload: { email } });
    if (response.statusCode !== 200) throw new Error(`demo sign-in of ${email} failed: ${response.body}`);
    const session = response.cookies.find((c) => c.name === SESSION_COOKIE);
    if (!session) throw new Error('no session cookie');
    return `${SESSION_COOKIE}=${session.value}`;
  };

  const signInAs = (role: Role) => {
    const account = DEMO_ACCOUNTS.find((a) => a.roles.length === 1 && a.roles[0] === role);
    if (!account) throw new Error(`no single-role demo account for ${role}`);
    return signIn(account.email);
  };

  return {
    app,
    database,
    clock,
    signIn,
    signInAs,
    inject,
    drainUsage: () => usage.drain(),
    runJobs: () => jobRunner.runDue(),
    clearQueues: async () => {
      await database.db.delete(jobs);
      await database.db.delete(mailOutbox);
    },
    close: async () => {
      await jobRunner.stop();
      await app.close();
      await app.deps.mailer.close();
      if (!shared) await database.close();
      if (ownUploadsDir) await rm(ownUploadsDir, { recursive: true, force: true });
    },
  };
}
