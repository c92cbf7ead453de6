import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DatabaseHandle } from '@myeai/db';
import { DEMO_ACCOUNTS, type Role } from '@myeai/domain';
import { buildApp } from '../app.ts';
import { fixedClock } from '../clock.ts';
import type { AppConfig } from '../env.ts';
import { OidcSignIn } from '../modules/auth/oidc.ts';
import { SESSION_COOKIE } from '../modules/auth/sessions.service.ts';
import { seedDemoData } from '../seed/demo-seed.ts';
import { createTestDatabase, type DatabaseKind } from './test-database.ts';

export const TEST_NOW = new Date('2026-11-23T12:00:00.000Z');

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  clock: ReturnType<typeof fixedClock>;
  /** Signs in a seeded demo account and returns its cookie header value. */
  signIn: (email: string) => Promise<string>;
  /** Cookie of the single-role demo account holding `role`. */
  signInAs: (role: Role) => Promise<string>;
  inject: (options: InjectOptions & { cookie?: string }) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};

export async function createTestApp(
  kind: DatabaseKind,
  overrides: Partial<AppConfig> = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const clock = fixedClock(TEST_NOW);
  const config: AppConfig = {
    isProduction: false,
    demoMode: true,
    publicUrl: undefined,
    sessionTtlDays: 30,
    oidc: undefined,
    webDistDir: undefined,
    logger: false,
    ...overrides,
  };
  await seedDemoData(database.db, clock);
  const app = await buildApp({
    db: database.db,
    databaseKind: database.kind,
    clock,
    config,
    oidc: config.oidc ? new OidcSignIn(config.oidc) : undefined,
  });
  await app.ready();

  const inject: TestApp['inject'] = ({ cookie, headers, ...options }) =>
    app.inject({ ...options, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

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
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
