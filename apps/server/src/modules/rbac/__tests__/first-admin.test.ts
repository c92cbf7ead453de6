import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, openDatabase, users } from '@myeai/db';
import { systemClock } from '../../../clock.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { createUser } from '../../auth/index.ts';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../../../../../..');

describe.each(testDatabaseKinds())('ADMIN_EMAILS on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { demoMode: false, adminEmails: ['boss@first.test'] });
  });
  afterAll(() => t.close());

  it('makes a listed account admin when it signs in (registration and password), once and audited', async () => {
    const registered = await t.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'The Boss', email: 'Boss@First.test', password: 'a long enough passphrase 42' } });
    expect(registered.statusCode).toBe(201);
    // The operator vouches for an ADMIN_EMAILS address: verified without a link (decision 057).
    expect(registered.json()).toMatchObject({ user: { roles: ['newcomer', 'admin'], active_role: 'admin', email_verified: true } });
    const signedIn = await t.inject({ method: 'POST', url: '/api/auth/password', payload: { email: 'boss@first.test', password: 'a long enough passphrase 42' } });
    expect(signedIn.json()).toMatchObject({ user: { roles: ['newcomer', 'admin'] } });
    const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect((await t.inject({ method: 'GET', url: '/api/rbac/admin/users', cookie })).statusCode).toBe(200);

    const [boss] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'boss@first.test'));
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'people.roles'), eq(auditLog.target, boss!.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: null, details: { source: 'ADMIN_EMAILS', before: { roles: ['newcomer'] }, after: { roles: ['newcomer', 'admin'], active_role: 'admin' } } });
  });

  it('leaves an account that is not listed as it is', async () => {
    const other = await t.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Not Boss', email: 'boss@elsewhere.test', password: 'a long enough passphrase 42' } });
    expect(other.json()).toMatchObject({ user: { roles: ['newcomer'] } });
  });
});

describe('npm run admin -- grant <email> <role> (embedded database)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'myeai-admin-cli-'));
  const cli = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } }).then(
      (result) => ({ code: 0, out: result.stdout, err: result.stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, out: error.stdout, err: error.stderr }),
    );
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('grants the role once, audited; refuses while the server holds the folder, and an unknown account', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    // Unverified, as a sign-up is: the operator's grant vouches for the address (decision 057).
    const user = await createUser(database.db, systemClock, { email: 'ops@first.test', name: 'Ops', emailVerified: false });
    const locked = await cli('grant', 'ops@first.test', 'admin');
    expect(locked.code).toBe(1);
    expect(locked.err).toContain('stop the server, run this again');
    await database.close();

    const granted = await cli('grant', 'OPS@first.test', 'admin');
    expect(granted.out).toContain('Granted admin to ops@first.test');
    expect((await cli('grant', 'ops@first.test', 'admin')).out).toContain('already holds admin');
    expect((await cli('grant', 'nobody@first.test', 'admin')).err).toContain('There is no account with the e-mail nobody@first.test');
    expect((await cli('grant', 'ops@first.test', 'owner')).err).toContain('"owner" is not a role');

    const reopened = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const [row] = await reopened.db.select({ roles: users.roles, activeRole: users.activeRole, verified: users.emailVerifiedAt }).from(users).where(eq(users.id, user.id));
      expect(row).toEqual({ roles: ['newcomer', 'admin'], activeRole: 'admin', verified: expect.any(Date) });
      const audit = await reopened.db.select().from(auditLog).where(eq(auditLog.target, user.id));
      expect(audit.map((a) => a.details)).toEqual([{ source: 'cli', before: { roles: ['newcomer'], active_role: 'newcomer' }, after: { roles: ['newcomer', 'admin'], active_role: 'admin' } }]);
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
