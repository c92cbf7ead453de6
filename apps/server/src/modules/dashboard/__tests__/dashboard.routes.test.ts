import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { multipartBody } from '../../leads/__tests__/multipart.ts';
import { createSignedInUser, insertCommission, insertGoal, insertLeads } from './dashboard-helpers.ts';

// TEST_NOW is 2026-11-23T12:00Z: "vs last month" compares 1-23 November with 1-23 October.
expect(TEST_NOW.toISOString()).toBe('2026-11-23T12:00:00.000Z');

describe.each(testDatabaseKinds())('GET /api/dashboard/stats on %s', (kind) => {
  let t: TestApp;
  let dana: Awaited<ReturnType<typeof createSignedInUser>>;
  let other: Awaited<ReturnType<typeof createSignedInUser>>;

  const stats = async (cookie: string) => {
    const response = await t.inject({ method: 'GET', url: '/api/dashboard/stats', cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json();
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    dana = await createSignedInUser(t, 'Dana Dashboard');
    other = await createSignedInUser(t, 'Otto Other');

    // Dana's leads: first one in September; 2 added 1-23 Oct, 1 on 25 Oct (outside the compared
    // days), 4 added 1-23 Nov (one created closed on 20 Nov).
    await insertLeads(t, dana.id, [{ stage: 'lost', createdAt: '2026-09-10T09:00:00Z' }]);
    const october = await insertLeads(t, dana.id, [
      { stage: 'interested', createdAt: '2026-10-05T09:00:00Z' },
      { stage: 'interested', createdAt: '2026-10-05T10:00:00Z' },
    ]);
    await insertLeads(t, dana.id, [{ stage: 'qualified', createdAt: '2026-10-25T09:00:00Z' }]);
    await insertLeads(t, dana.id, [
      { stage: 'positive', createdAt: '2026-11-02T09:00:00Z' },
      { stage: 'itb', createdAt: '2026-11-02T10:00:00Z' },
      { stage: 'new', createdAt: '2026-11-02T11:00:00Z' },
      { stage: 'closed', createdAt: '2026-11-20T11:00:00Z' },
    ]);
    // Through the API (the leads feature) at the test clock: one October lead is closed today.
    const moved = await t.inject({ method: 'PATCH', url: `/api/leads/${october[0]!.id}/stage`, cookie: dana.cookie, payload: { stage: 'closed' } });
    expect(moved.statusCode, moved.body).toBe(200);

    // Dana's ledger: 50.00 paid (Oct 10, paid Oct 20), 20.00 pending from 28 Oct (outside the
    // compared days), 30.00 processing (Nov 3), 45.00 pending (Nov 22).
    await insertCommission(t, dana.id, { amountCents: 5_000, status: 'paid', earnedAt: '2026-10-10T12:00:00Z', paidAt: '2026-10-20T08:00:00Z' });
    await insertCommission(t, dana.id, { amountCents: 2_000, status: 'pending', earnedAt: '2026-10-28T12:00:00Z' });
    await insertCommission(t, dana.id, { amountCents: 3_000, status: 'processing', earnedAt: '2026-11-03T12:00:00Z' });
    await insertCommission(t, dana.id, { amountCents: 4_500, status: 'pending', earnedAt: '2026-11-22T23:59:00Z' });

    // Someone joined with Dana's code on 10 Nov.
    await createSignedInUser(t, 'Rita Referred', { roles: ['newcomer'], referredBy: dana.id, createdAt: new Date('2026-11-10T15:00:00Z') });

    // Goals: the approved monetary one is this month's target; a rejected one and a skill goal are not.
    await insertGoal(t, dana.id, {
      title: 'Earn $1,000 by New Year',
      status: 'approved',
      target: 1000,
      current: 250,
      deadline: '2026-12-31',
      createdAt: '2026-10-15T10:00:00Z',
      reviewedAt: '2026-11-05T10:00:00Z',
    });
    await insertGoal(t, dana.id, { title: 'Earn $50,000', status: 'rejected', target: 50_000, current: 0, deadline: '2026-11-30', createdAt: '2026-10-01T10:00:00Z' });
    await insertGoal(t, dana.id, { title: 'Learn', goalType: 'skill', unit: '%', status: 'approved', target: 100, current: 90, deadline: '2026-11-25', createdAt: '2026-10-01T10:00:00Z' });

    // Otto's own rows, which never reach Dana's figures.
    await insertLeads(t, other.id, [
      { stage: 'closed', createdAt: '2026-11-01T09:00:00Z' },
      { stage: 'interested', createdAt: '2026-10-02T09:00:00Z' },
    ]);
    await insertCommission(t, other.id, { amountCents: 99_900, status: 'pending', earnedAt: '2026-11-21T12:00:00Z' });
    await createSignedInUser(t, 'Rob Referred', { roles: ['newcomer'], referredBy: other.id, createdAt: new Date('2026-11-01T15:00:00Z') });
  });
  afterAll(() => t.close());

  it('computes every card from the seeded rows, with the changes against 1-23 October', async () => {
    expect(await stats(dana.cookie)).toEqual({
      currency: 'USD',
      total_commissions_cents: 14_500,
      total_commissions_change: { current: 7_500, previous: 5_000, percent: 50 },
      pending_payouts_cents: 9_500,
      pending_payouts_count: 3,
      pending_payouts_note: 'Processing within 3-5 business days',
      active_leads: 5,
      active_leads_change: { current: 4, previous: 2, percent: 100 },
      conversion_rate: 25,
      total_leads: 8,
      target_progress: {
        goal_id: expect.any(String),
        title: 'Earn $1,000 by New Year',
        deadline: '2026-12-31',
        status: 'approved',
        target_cents: 100_000,
        // From the ledger since the goal was set (15 Oct): 20.00 + 30.00 + 45.00, not current_value.
        current_cents: 9_500,
        progress_percent: 9.5,
        is_reached: false,
      },
      leads_by_stage: { interested: 1, qualified: 1, positive: 1, itb: 1, closed: 2 },
      achievements: [
        { key: 'leads_closed_1', title: 'First deal closed', description: 'You moved your first lead to Closed.', date: '2026-11-20' },
        { key: 'first_referral', title: 'First referral joined', description: 'Someone joined MYEAI with your referral code.', date: '2026-11-10' },
        { key: expect.stringMatching(/^goal_approved:/), title: 'Goal approved', description: 'Your goal "Earn $1,000 by New Year" was approved.', date: '2026-11-05' },
        { key: 'first_commission_paid', title: 'First commission paid', description: 'Your first commission was paid out.', date: '2026-10-20' },
        // The test's ledger lines are adjustments: the achievement tells the first commission's origin.
        { key: 'first_commission', title: 'First commission earned', description: 'An admin credited you your first commission.', date: '2026-10-10' },
        { key: 'first_lead', title: 'First lead added', description: 'You added your first lead to the pipeline.', date: '2026-09-10' },
      ],
      comparison: { current: { from: '2026-11-01', to: '2026-11-23' }, previous: { from: '2026-10-01', to: '2026-10-23' } },
    });
  });

  it('counts only the signed-in user’s own rows', async () => {
    const otto = await stats(other.cookie);
    expect(otto).toMatchObject({
      total_commissions_cents: 99_900,
      total_commissions_change: { current: 99_900, previous: 0, percent: null },
      pending_payouts_cents: 99_900,
      active_leads: 1,
      active_leads_change: { current: 1, previous: 1, percent: 0 },
      conversion_rate: 50,
      total_leads: 2,
      target_progress: null,
      leads_by_stage: { interested: 1, qualified: 0, positive: 0, itb: 0, closed: 1 },
    });
    expect(otto.achievements.map((a: { key: string }) => a.key)).toEqual(['first_commission', 'first_referral', 'leads_closed_1', 'first_lead']);
    // Dana's figures did not move when Otto's rows were added.
    expect((await stats(dana.cookie)).total_commissions_cents).toBe(14_500);
  });

  it('a new user sees zeros, no target and no achievements (nothing made up)', async () => {
    const fresh = await createSignedInUser(t, 'Nia New');
    expect(await stats(fresh.cookie)).toMatchObject({
      total_commissions_cents: 0,
      total_commissions_change: { current: 0, previous: 0, percent: 0 },
      pending_payouts_cents: 0,
      active_leads: 0,
      active_leads_change: { current: 0, previous: 0, percent: 0 },
      conversion_rate: 0,
      total_leads: 0,
      target_progress: null,
      leads_by_stage: { interested: 0, qualified: 0, positive: 0, itb: 0, closed: 0 },
      achievements: [],
    });
  });

  it('follows the clock: in December, 1-20 November becomes "last month"', async () => {
    t.clock.set(new Date('2026-12-20T12:00:00Z'));
    try {
      const december = await stats(dana.cookie);
      // 1-20 November: the 30.00 of 3 Nov (not the 45.00 of 22 Nov); 4 leads added (the lead closed on 23 Nov was added in October).
      expect(december.total_commissions_change).toEqual({ current: 0, previous: 3_000, percent: -100 });
      expect(december.active_leads_change).toEqual({ current: 0, previous: 4, percent: -100 });
      expect(december.comparison).toEqual({ current: { from: '2026-12-01', to: '2026-12-20' }, previous: { from: '2026-11-01', to: '2026-11-20' } });
      expect(december.target_progress?.title).toBe('Earn $1,000 by New Year');
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it('caps the target at 100% and shows a completed goal as an achievement', async () => {
    const achiever = await createSignedInUser(t, 'Ace Achiever');
    await insertGoal(t, achiever.id, {
      title: 'Earn $100',
      status: 'completed',
      target: 100,
      current: 180.5,
      deadline: '2026-11-10',
      createdAt: '2026-10-01T10:00:00Z',
      reviewedAt: '2026-10-02T10:00:00Z',
      updatedAt: '2026-11-09T10:00:00Z',
    });
    await insertCommission(t, achiever.id, { amountCents: 18_050, status: 'pending', earnedAt: '2026-11-05T12:00:00Z' });
    const body = await stats(achiever.cookie);
    expect(body.target_progress).toMatchObject({ title: 'Earn $100', target_cents: 10_000, current_cents: 18_050, progress_percent: 100, is_reached: true });
    expect(body.achievements.map((a: { title: string; date: string }) => [a.title, a.date])).toEqual([
      ['Goal completed', '2026-11-09'],
      ['First commission earned', '2026-11-05'],
      ['Goal approved', '2026-10-02'],
    ]);
  });

  it('follows deletes: add 1, import 2, delete 1 leaves 2 new this month beside 2 leads', async () => {
    const fresh = await createSignedInUser(t, 'Della Deleter');
    const added = await t.inject({ method: 'POST', url: '/api/leads', payload: { name: 'Ann Added', email: 'ann@x.io', stage: 'new' }, cookie: fresh.cookie });
    expect(added.statusCode, added.body).toBe(201);
    const { payload, headers } = multipartBody([{ name: 'file', filename: 'leads.csv', content: 'Name,Email\nIan Imported,ian@x.io\nIva Imported,iva@x.io' }]);
    const imported = await t.inject({ method: 'POST', url: '/api/leads/import/csv', payload, headers, cookie: fresh.cookie });
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await stats(fresh.cookie)).active_leads_change.current).toBe(3);
    const deleted = await t.inject({ method: 'DELETE', url: `/api/leads/${added.json().id}`, cookie: fresh.cookie });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await stats(fresh.cookie);
    expect(after.total_leads).toBe(2);
    expect(after.active_leads_change).toEqual({ current: 2, previous: 0, percent: null });
  });

  it('is open to every role and closed to anonymous visitors', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/dashboard/stats' })).statusCode).toBe(401);
    for (const role of ROLES) {
      const response = await t.inject({ method: 'GET', url: '/api/dashboard/stats', cookie: await t.signInAs(role) });
      expect(response.statusCode, role).toBe(200);
    }
  });
});
