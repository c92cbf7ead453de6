import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, goals, notifications, users } from '@myeai/db';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { goalTier, registerNewcomer } from '../../trials/__tests__/newcomer-helpers.ts';
import { reviewGoal } from '../index.ts';

describe.each(testDatabaseKinds())('reviewGoal on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function person(role: 'newcomer' | 'affiliate' | 'admin' | 'trader', referredBy: string | null = null) {
    const user = await registerNewcomer(t, `${role} person`);
    await t.database.db.update(users).set({ roles: [role], activeRole: role, referredBy }).where(eq(users.id, user.id));
    return user;
  }

  async function pendingGoal(ownerCookie: string): Promise<string> {
    const response = await t.inject({ method: 'POST', url: '/api/goals/setup', cookie: ownerCookie, payload: { short_term: goalTier(t, 30) } });
    expect(response.statusCode).toBe(201);
    return response.json().goals[0].id as string;
  }

  const statusOf = async (goalId: string) => (await t.database.db.select({ status: goals.status }).from(goals).where(eq(goals.id, goalId)))[0]?.status;

  it('lets an affiliate approve a goal of a user they referred: status, audit with before/after, the owner notified', async () => {
    const leader = await person('affiliate');
    const owner = await person('newcomer', leader.id);
    const goalId = await pendingGoal(owner.cookie);
    const result = await reviewGoal(t.app.deps, { goalId, reviewerId: leader.id, action: 'approve', message: 'Well set, go for it!' });
    expect(result.goal.status).toBe('approved');
    expect(result.notified).toBe(true);
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.target, goalId), eq(auditLog.action, 'goal.approve')));
    expect(audit?.actorId).toBe(leader.id);
    expect(audit?.details).toMatchObject({ before: { status: 'pending_approval' }, after: { status: 'approved' } });
    const inbox = await t.database.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(inbox.map((n) => [n.title, n.message])).toEqual([['Goal approved', 'Well set, go for it!']]);
  });

  it('refuses an affiliate who did not refer the owner (404), the owner (403) and a trader, changing nothing', async () => {
    const leader = await person('affiliate');
    const stranger = await person('affiliate');
    const trader = await person('trader');
    const owner = await person('newcomer', leader.id);
    const goalId = await pendingGoal(owner.cookie);
    await expect(reviewGoal(t.app.deps, { goalId, reviewerId: stranger.id, action: 'approve' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(reviewGoal(t.app.deps, { goalId, reviewerId: trader.id, action: 'approve' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(reviewGoal(t.app.deps, { goalId, reviewerId: owner.id, action: 'approve' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await statusOf(goalId)).toBe('pending_approval');
  });

  it('never lets an admin approve their own goal', async () => {
    const admin = await person('admin');
    const goalId = await pendingGoal(admin.cookie);
    await expect(reviewGoal(t.app.deps, { goalId, reviewerId: admin.id, action: 'approve' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await statusOf(goalId)).toBe('pending_approval');
  });

  it('needs feedback to reject or request a revision, and stores it on the goal', async () => {
    const admin = await person('admin');
    const owner = await person('newcomer');
    const goalId = await pendingGoal(owner.cookie);
    await expect(reviewGoal(t.app.deps, { goalId, reviewerId: admin.id, action: 'reject', feedback: '  ' })).rejects.toMatchObject({ code: 'VALIDATION' });
    const result = await reviewGoal(t.app.deps, { goalId, reviewerId: admin.id, action: 'request_revision', feedback: 'Make the target measurable.' });
    expect(result.goal.status).toBe('revision_requested');
    const [row] = await t.database.db.select().from(goals).where(eq(goals.id, goalId));
    expect(row?.reviewFeedback).toBe('Make the target measurable.');
    expect(row?.reviewedBy).toBe(admin.id);
  });

  it('approves once when two reviewers approve at the same time: one succeeds, the other gets 409, one audit row', async () => {
    const admin = await person('admin');
    const leader = await person('affiliate');
    const owner = await person('newcomer', leader.id);
    const goalId = await pendingGoal(owner.cookie);
    const results = await Promise.allSettled([
      reviewGoal(t.app.deps, { goalId, reviewerId: admin.id, action: 'approve' }),
      reviewGoal(t.app.deps, { goalId, reviewerId: leader.id, action: 'approve' }),
      reviewGoal(t.app.deps, { goalId, reviewerId: admin.id, action: 'reject', feedback: 'No' }),
    ]);
    const fulfilled = results.filter((r) => r.status === 'fulfilled');
    expect(fulfilled).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'CONFLICT', message: 'This goal has already been reviewed.' });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.target, goalId));
    expect(audits).toHaveLength(1);
    const inbox = await t.database.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(inbox).toHaveLength(1);
  });
});
