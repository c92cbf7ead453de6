import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions, goals, notifications, users } from '@myeai/db';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { createCommission, reverseCommissionsForRefund } from '../../commissions/index.ts';
import { goalTier, registerNewcomer } from '../../trials/__tests__/newcomer-helpers.ts';

describe.each(testDatabaseKinds())('goal lifecycle routes on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let affiliate: string;
  let affiliateId: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
    affiliate = await t.signInAs('affiliate');
    affiliateId = (await t.inject({ method: 'GET', url: '/api/auth/profile', cookie: affiliate })).json().id;
  });
  afterAll(() => t.close());

  async function owner(referredBy: string | null = null) {
    const user = await registerNewcomer(t, 'Goal Owner');
    if (referredBy) await t.database.db.update(users).set({ referredBy }).where(eq(users.id, user.id));
    return user;
  }

  async function setUp(cookie: string, tier: Record<string, unknown> = {}): Promise<string> {
    const response = await t.inject({ method: 'POST', url: '/api/goals/setup', cookie, payload: { short_term: goalTier(t, 30, tier) } });
    expect(response.statusCode).toBe(201);
    return response.json().goals[0].id as string;
  }

  const review = (cookie: string, id: string, payload: object) => t.inject({ method: 'POST', url: `/api/goals/${id}/review`, cookie, payload });
  const mine = async (cookie: string) => (await t.inject({ method: 'GET', url: '/api/goals/mine', cookie })).json();

  it('shows an affiliate only the goals of users they referred, and lets them approve one', async () => {
    const referred = await owner(affiliateId);
    const stranger = await owner();
    const referredGoal = await setUp(referred.cookie);
    const strangerGoal = await setUp(stranger.cookie);
    const queue = (await t.inject({ method: 'GET', url: '/api/goals/review', cookie: affiliate })).json();
    const ids = queue.items.map((g: { id: string }) => g.id);
    expect(ids).toContain(referredGoal);
    expect(ids).not.toContain(strangerGoal);
    expect(queue.pending_count).toBe(queue.items.length);
    expect((await t.inject({ method: 'GET', url: '/api/goals/review', cookie: admin })).json().items.map((g: { id: string }) => g.id)).toEqual(
      expect.arrayContaining([referredGoal, strangerGoal]),
    );

    const refused = await review(affiliate, strangerGoal, { action: 'approve' });
    expect(refused.statusCode).toBe(404);
    const approved = await review(affiliate, referredGoal, { action: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().goal.status).toBe('approved');
    expect((await mine(referred.cookie)).milestones.map((m: { key: string }) => m.key)).toEqual(['first_approved']);
  });

  it('refuses an owner approving their own goal and a newcomer reviewing at all', async () => {
    const adminGoal = await setUp(admin);
    const own = await review(admin, adminGoal, { action: 'approve' });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe('You cannot review your own goal.');
    const newcomer = await owner();
    expect((await review(newcomer.cookie, adminGoal, { action: 'approve' })).statusCode).toBe(403);
  });

  it('approves once when two admins-worth of requests arrive together', async () => {
    const someone = await owner(affiliateId);
    const goalId = await setUp(someone.cookie);
    const answers = await Promise.all([review(admin, goalId, { action: 'approve' }), review(affiliate, goalId, { action: 'approve' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('keeps a pending goal read-only except withdrawing; a goal sent back is edited and resubmitted', async () => {
    const me = await owner();
    const goalId = await setUp(me.cookie, { goal_type: 'skill', unit: '%', target_value: 100 });
    const edit = { title: 'Finish the sales course', target_value: 80, deadline: goalTier(t, 40).deadline };
    const locked = await t.inject({ method: 'PUT', url: `/api/goals/${goalId}`, cookie: me.cookie, payload: edit });
    expect(locked.statusCode).toBe(409);
    expect((await review(admin, goalId, { action: 'request_revision', feedback: 'Say which course.' })).statusCode).toBe(200);
    const edited = await t.inject({ method: 'PUT', url: `/api/goals/${goalId}`, cookie: me.cookie, payload: edit });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Finish the sales course', target_value: 80, status: 'revision_requested', review_feedback: 'Say which course.' });
    const resubmitted = await t.inject({ method: 'POST', url: `/api/goals/${goalId}/resubmit`, cookie: me.cookie });
    expect(resubmitted.json().status).toBe('pending_approval');
    const withdrawn = await t.inject({ method: 'POST', url: `/api/goals/${goalId}/withdraw`, cookie: me.cookie });
    expect(withdrawn.json().status).toBe('withdrawn');
    // Another user learns nothing about it.
    const other = await owner();
    expect((await t.inject({ method: 'GET', url: `/api/goals/${goalId}`, cookie: other.cookie })).statusCode).toBe(404);
    expect((await t.inject({ method: 'PUT', url: `/api/goals/${goalId}`, cookie: other.cookie, payload: edit })).statusCode).toBe(404);
  });

  it('moves a check-in goal by check-ins, keeps the history, ticks a habit once a day and completes at the target', async () => {
    const me = await owner();
    const goalId = await setUp(me.cookie, { goal_type: 'skill', unit: '%', target_value: 100, daily_habits: ['Study 30 minutes'], weekly_habits: [] });
    const early = await t.inject({ method: 'POST', url: `/api/goals/${goalId}/check-ins`, cookie: me.cookie, payload: { value: 10 } });
    expect(early.statusCode).toBe(409);
    await review(admin, goalId, { action: 'approve' });
    const first = await t.inject({ method: 'POST', url: `/api/goals/${goalId}/check-ins`, cookie: me.cookie, payload: { value: 40, note: 'Module 2 done' } });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ current_value: 40, progress_percent: 40, history: [{ value: 40, note: 'Module 2 done' }] });
    for (let i = 0; i < 2; i += 1) {
      const tick = await t.inject({ method: 'POST', url: `/api/goals/${goalId}/habits`, cookie: me.cookie, payload: { cadence: 'daily', habit: 'Study 30 minutes' } });
      expect(tick.json().habits).toEqual([{ cadence: 'daily', habit: 'Study 30 minutes', streak: 1, done_now: true }]);
    }
    const done = await t.inject({ method: 'POST', url: `/api/goals/${goalId}/check-ins`, cookie: me.cookie, payload: { value: 100 } });
    expect(done.json()).toMatchObject({ status: 'completed', progress_percent: 100 });
    const progress = (await t.inject({ method: 'GET', url: '/api/goals/progress', cookie: me.cookie })).json();
    expect(progress).toMatchObject({ achievement_unlocked: true, tiles: { total_goals: 1, completed: 1, avg_progress: 100 }, items: [] });
  });

  it('feeds a USD monetary goal from the commission ledger and never from the client', async () => {
    const me = await owner();
    const goalId = await setUp(me.cookie, { target_value: 200 });
    await review(admin, goalId, { action: 'approve' });
    const typed = await t.inject({ method: 'POST', url: `/api/goals/${goalId}/check-ins`, cookie: me.cookie, payload: { value: 200 } });
    expect(typed.statusCode).toBe(409);
    await createCommission(t.database.db, t.clock, { userId: me.id, productId: null, productName: 'Course', source: 'conversion', sourceReference: `goal-test-${goalId}`, amountCents: 5_000, rateBp: null });
    const progress = (await t.inject({ method: 'GET', url: '/api/goals/progress', cookie: me.cookie })).json();
    expect(progress.items).toHaveLength(1);
    expect(progress.items[0]).toMatchObject({ id: goalId, ledger_fed: true, current_value: 50, progress_percent: 25 });
    const [row] = await t.database.db.select().from(goals).where(eq(goals.id, goalId));
    expect(row?.currentHundredths).toBe(0);
    // A withheld commission (its referral flag was confirmed, decision 046) feeds no goal.
    const extra = await createCommission(t.database.db, t.clock, { userId: me.id, productId: null, productName: 'Course', source: 'conversion', sourceReference: `goal-test-withheld-${goalId}`, amountCents: 7_000, rateBp: null });
    await t.database.db.update(commissions).set({ status: 'withheld' }).where(eq(commissions.id, extra.commission.id));
    const after = (await t.inject({ method: 'GET', url: '/api/goals/progress', cookie: me.cookie })).json();
    expect(after.items[0]).toMatchObject({ id: goalId, current_value: 50, progress_percent: 25 });
  });

  it('a monetary goal completes when the commission that reaches its target is written, not when it is read; once, with one notification', async () => {
    const me = await owner();
    const goalId = await setUp(me.cookie, { target_value: 100 });
    await review(admin, goalId, { action: 'approve' });
    const status = async () => (await t.database.db.select({ status: goals.status }).from(goals).where(eq(goals.id, goalId)))[0]!.status;
    const achieved = async () => (await t.database.db.select().from(notifications).where(and(eq(notifications.userId, me.id), eq(notifications.sourceKey, `goal-complete:${goalId}`)))).length;
    await createCommission(t.database.db, t.clock, { userId: me.id, productId: null, productName: 'Course', source: 'conversion', sourceReference: `reach-a-${goalId}`, amountCents: 6_000, rateBp: null });
    expect(await status()).toBe('approved');
    await createCommission(t.database.db, t.clock, { userId: me.id, productId: null, productName: 'Course', source: 'conversion', sourceReference: `reach-b-${goalId}`, amountCents: 4_000, rateBp: null });
    // No read happened: the write completed it.
    expect(await status()).toBe('completed');
    expect(await achieved()).toBe(1);
    await createCommission(t.database.db, t.clock, { userId: me.id, productId: null, productName: 'Course', source: 'conversion', sourceReference: `reach-c-${goalId}`, amountCents: 1_000, rateBp: null });
    expect(await achieved()).toBe(1);
    const progress = (await t.inject({ method: 'GET', url: '/api/goals/progress', cookie: me.cookie })).json();
    expect(progress).toMatchObject({ achievement_unlocked: true, tiles: { completed: 1 } });
  });

  it('a reversal lowers a ledger-fed goal to the net; a completed goal stays completed (decision 066)', async () => {
    const refundAll = (paymentId: string, refundedCents: number) =>
      t.database.db.transaction((tx) => reverseCommissionsForRefund(tx, { paymentId, refundId: `goal-refund-${paymentId}-${refundedCents}`, refundedCents, paymentCents: 10_000, reason: 'Refund', clock: t.clock }));
    const running = await owner();
    const runningGoal = await setUp(running.cookie, { target_value: 200 });
    await review(admin, runningGoal, { action: 'approve' });
    const paymentA = randomUUID();
    await createCommission(t.database.db, t.clock, { userId: running.id, productId: null, productName: 'Course', source: 'conversion', sourceReference: `goal-rev-a-${runningGoal}`, amountCents: 5_000, rateBp: null, paymentId: paymentA });
    await refundAll(paymentA, 5_000);
    const view = async (cookie: string, id: string) => ((await mine(cookie)).items as Array<{ id: string; status: string; current_value: number }>).find((goal) => goal.id === id);
    expect(await view(running.cookie, runningGoal)).toMatchObject({ status: 'approved', current_value: 25 });

    const done = await owner();
    const doneGoal = await setUp(done.cookie, { target_value: 100 });
    await review(admin, doneGoal, { action: 'approve' });
    const paymentB = randomUUID();
    await createCommission(t.database.db, t.clock, { userId: done.id, productId: null, productName: 'Course', source: 'conversion', sourceReference: `goal-rev-b-${doneGoal}`, amountCents: 10_000, rateBp: null, paymentId: paymentB });
    expect(await view(done.cookie, doneGoal)).toMatchObject({ status: 'completed', current_value: 100 });
    await refundAll(paymentB, 10_000);
    expect(await view(done.cookie, doneGoal)).toMatchObject({ status: 'completed', current_value: 0 });
  });

  it('reading goals writes nothing; a monetary goal whose commissions already reach its target completes on approval', async () => {
    const me = await owner();
    await createCommission(t.database.db, t.clock, { userId: me.id, productId: null, productName: 'Course', source: 'conversion', sourceReference: `early-${me.id}`, amountCents: 30_000, rateBp: null });
    const goalId = await setUp(me.cookie, { target_value: 200 });
    const before = await t.database.db.select().from(goals).where(eq(goals.id, goalId));
    await t.inject({ method: 'GET', url: '/api/goals', cookie: me.cookie });
    expect(await t.database.db.select().from(goals).where(eq(goals.id, goalId))).toEqual(before);
    const approved = await review(admin, goalId, { action: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().goal ?? approved.json()).toMatchObject({ status: 'completed' });
    const [row] = await t.database.db.select({ status: goals.status }).from(goals).where(eq(goals.id, goalId));
    expect(row!.status).toBe('completed');
  });
});
