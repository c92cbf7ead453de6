import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDeletions, auditLog, mailOutbox, notifications, users } from '@myeai/db';
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  ACCOUNT_ERASED_MESSAGE,
  accountDataPaths,
  apiPath,
  NO_DELETION_SCHEDULED_MESSAGE,
  PEOPLE_MESSAGES,
  peoplePaths,
  type AdminUsersPage,
} from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';

const DAY = 86_400_000;

/**
 * People Management and erased accounts (decision 059): an admin cancels a deletion in its grace
 * period (audited, the person told, the erasure job then does nothing); an erased account is left
 * out of the default list, listed with accounts=deleted as 'deleted', and every action on it
 * answers 409 with nothing changed.
 */
describe.each(testDatabaseKinds())('People Management and erased accounts on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.clearQueues();
    admin = await t.signIn('admin@demo.myeai.local');
    adminId = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.myeai.local')))[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function register(name: string, email: string): Promise<string> {
    const response = await t.inject({ method: 'POST', url: '/api/auth/register', payload: { name, email, password: 'correct horse battery 9' } });
    expect(response.statusCode, response.body).toBe(201);
    return (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  }

  const scheduleDeletion = async (id: string) => {
    const response = await t.inject({ method: 'DELETE', url: apiPath(accountDataPaths.adminDelete, { id }), cookie: admin, payload: { confirm: 'DELETE' } });
    expect(response.statusCode, response.body).toBe(202);
  };
  const cancelDeletion = (id: string, cookie = admin) => t.inject({ method: 'POST', url: apiPath(accountDataPaths.adminCancelDeletion, { id }), cookie });
  const list = async (query: string): Promise<AdminUsersPage> => {
    const response = await t.inject({ method: 'GET', url: `${peoplePaths.users}?${query}`, cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AdminUsersPage;
  };

  it('an admin cancels a scheduled deletion from People Management: audited, the person told, and the erasure job then does nothing', async () => {
    const id = await register('Casey Cancelled', 'casey.cancelled@example.com');
    await scheduleDeletion(id);
    const cancelled = await cancelDeletion(id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ deletion: null });
    expect((await t.inject({ method: 'GET', url: apiPath(accountDataPaths.adminExport, { id }), cookie: admin })).json().deletion).toBeNull();
    expect(await t.database.db.$count(accountDeletions, eq(accountDeletions.userId, id))).toBe(0);

    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'account.deletion_cancelled'), eq(auditLog.target, id)));
    expect(audit).toMatchObject({ actorId: adminId });
    expect(audit!.details).toMatchObject({ erase_after: expect.any(String), requested_at: expect.any(String) });
    const told = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, id), eq(notifications.title, 'Account deletion cancelled')));
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain('An administrator cancelled the deletion');
    expect(await t.database.db.$count(mailOutbox, and(eq(mailOutbox.userId, id), eq(mailOutbox.kind, 'account.deletion_cancelled')))).toBe(1);

    // Nothing is pending any more: a second cancel is 409, and the erasure never runs.
    const again = await cancelDeletion(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(NO_DELETION_SCHEDULED_MESSAGE);
    t.clock.advance(ACCOUNT_DELETION_GRACE_DAYS * DAY + 60_000);
    await t.runJobs();
    admin = await t.signIn('admin@demo.myeai.local');
    expect((await t.database.db.select().from(users).where(eq(users.id, id)))[0]).toMatchObject({ name: 'Casey Cancelled', status: 'active' });

    // Closed to other roles; an unknown account is 404.
    expect((await cancelDeletion(id, await t.signInAs('affiliate'))).statusCode).toBe(403);
    expect((await cancelDeletion('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('an erased account is left out of the default list, listed as deleted on request, and every action on it is 409 with nothing changed', async () => {
    const id = await register('Erin Erased', 'erin.erased@example.com');
    await scheduleDeletion(id);
    t.clock.advance(ACCOUNT_DELETION_GRACE_DAYS * DAY + 60_000);
    await t.runJobs();
    admin = await t.signIn('admin@demo.myeai.local');
    const [erased] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(erased).toMatchObject({ name: 'Deleted account', status: 'deleted' });

    const current = await list('page_size=100');
    expect(current.total).toBe(await t.database.db.$count(users, ne(users.status, 'deleted')));
    const everyCurrent = [...current.users];
    for (let page = 2; page <= Math.ceil(current.total / 100); page += 1) everyCurrent.push(...(await list(`page_size=100&page=${page}`)).users);
    expect(everyCurrent.some((person) => person.id === id)).toBe(false);
    expect(everyCurrent.every((person) => person.account_status !== 'deleted')).toBe(true);

    const deleted = await list('accounts=deleted&page_size=100');
    expect(deleted.total).toBe(await t.database.db.$count(users, eq(users.status, 'deleted')));
    expect(deleted.users.find((person) => person.id === id)).toMatchObject({ name: 'Deleted account', account_status: 'deleted' });
    expect((await t.inject({ method: 'GET', url: `${peoplePaths.users}?accounts=gone`, cookie: admin })).statusCode).toBe(400);

    const actions = [
      { method: 'POST', url: apiPath(peoplePaths.roles, { id }), payload: { roles: ['affiliate'] } },
      { method: 'POST', url: apiPath(peoplePaths.referral, { id }), payload: { referrer_user_id: 'none' } },
      { method: 'POST', url: apiPath(peoplePaths.suspend, { id }) },
      { method: 'POST', url: apiPath(peoplePaths.reactivate, { id }) },
      { method: 'POST', url: apiPath(accountDataPaths.adminExport, { id }) },
      { method: 'DELETE', url: apiPath(accountDataPaths.adminDelete, { id }), payload: { confirm: 'DELETE' } },
      { method: 'POST', url: apiPath(accountDataPaths.adminCancelDeletion, { id }) },
    ] as const;
    for (const action of actions) {
      const response = await t.inject({ method: action.method, url: action.url, cookie: admin, ...('payload' in action ? { payload: action.payload } : {}) });
      expect(response.statusCode, `${action.method} ${action.url}: ${response.body}`).toBe(409);
      expect(response.json().error.message).toBe(ACCOUNT_ERASED_MESSAGE);
    }
    expect((await t.database.db.select().from(users).where(eq(users.id, id)))[0]).toEqual(erased);
    expect(await t.database.db.$count(auditLog, and(eq(auditLog.target, id), eq(auditLog.actorId, adminId)))).toBe(1); // the deletion request only

    // Nobody is given the erased account as a new referrer.
    const someone = await register('Sam Someone', 'sam.someone@example.com');
    const referral = await t.inject({ method: 'POST', url: apiPath(peoplePaths.referral, { id: someone }), cookie: admin, payload: { referrer_user_id: id } });
    expect(referral.statusCode).toBe(400);
    expect(referral.json().error.message).toBe(PEOPLE_MESSAGES.referrerUnknown);
  });
});
