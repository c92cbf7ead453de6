import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fuzzOperations, runFuzz, type FuzzCaller, type FuzzReport, type FuzzRequest, type OpenApiDocument } from './fuzz.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import type { DatabaseKind } from './test-database.ts';

/**
 * A test app that serves a (one-file) web build, as a deployment does: without one, every unknown
 * page answers 503 "not built", which would read as a server error.
 */
export async function createFuzzApp(kind: DatabaseKind): Promise<TestApp> {
  const webDistDir = mkdtempSync(join(tmpdir(), 'myeai-fuzz-web-'));
  writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>MYEAI</title>');
  const t = await createTestApp(kind, { webDistDir });
  return {
    ...t,
    close: async () => {
      await t.close();
      rmSync(webDistDir, { recursive: true, force: true });
    },
  };
}

export type AppFuzzOptions = {
  seed: number;
  /** Requests per operation for each caller in one round. */
  perOperation: { anonymous: number; user: number; admin: number };
  /** Keep running rounds (with new seeds) until this time; one round when unset. */
  deadline?: number;
};

export type AppFuzzReport = FuzzReport & { healthy: boolean; healthDetails: string[] };

/**
 * Fuzzes every route of a test app as anonymous, an ordinary user (the affiliate, who reaches the lead
 * CRM and its CSV upload) and an admin (who passes every access rule), then checks the app still
 * answers: GET /api/health and normal signed-in reads succeed.
 */
export async function fuzzApp(t: TestApp, options: AppFuzzOptions): Promise<AppFuzzReport> {
  const document = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
  // The live channel is an upgrade; as a plain request it is only a GET, still fuzzed for its query.
  const operations = fuzzOperations(document, t.app.routeList);

  const sessions = new Map<string, string | undefined>();
  const signIns: Record<string, () => Promise<string>> = {
    user: () => t.signInAs('affiliate'),
    admin: () => t.signInAs('admin'),
  };
  const caller = (name: string): FuzzCaller => ({
    name,
    cookie: async () => {
      if (name === 'anonymous') return undefined;
      if (!sessions.get(name)) sessions.set(name, await signIns[name]!());
      return sessions.get(name);
    },
  });

  const report = await runFuzz({
    operations,
    callers: [caller('anonymous'), caller('user'), caller('admin')],
    seed: options.seed,
    perOperation: (name) => options.perOperation[name as keyof AppFuzzOptions['perOperation']],
    deadline: options.deadline,
    send: async (request: FuzzRequest, cookie) => {
      const response = await t.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        cookie,
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      });
      return { statusCode: response.statusCode, body: response.body };
    },
    // Signing in, out or up may end the session the request carried (a new session replaces it): sign in again.
    afterRequest: (name, request) => {
      if (request.url.startsWith('/api/auth/')) sessions.delete(name);
    },
  });

  const healthDetails: string[] = [];
  const health = await t.inject({ method: 'GET', url: '/api/health' });
  if (health.statusCode !== 200) healthDetails.push(`GET /api/health: ${health.statusCode} ${health.body.slice(0, 200)}`);
  const admin = await t.signInAs('admin');
  const profile = await t.inject({ method: 'GET', url: '/api/auth/profile', cookie: admin });
  if (profile.statusCode !== 200) healthDetails.push(`GET /api/auth/profile as admin: ${profile.statusCode} ${profile.body.slice(0, 200)}`);
  const leads = await t.inject({ method: 'GET', url: '/api/leads', cookie: await t.signInAs('affiliate') });
  if (leads.statusCode !== 200) healthDetails.push(`GET /api/leads as affiliate: ${leads.statusCode} ${leads.body.slice(0, 200)}`);
  return { ...report, healthy: healthDetails.length === 0, healthDetails };
}
