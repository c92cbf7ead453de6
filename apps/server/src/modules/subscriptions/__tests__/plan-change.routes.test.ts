import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, billingEvents, localBillingSubscriptions, subscriptionPlanChanges, subscriptions, tradingAssetPicks } from '@myeai/db';
import { AssetPicksSchema, ChangePlanResponseSchema, quotePlanChange, type ChangePlanResponse, type PlanId } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { createUser } from '../../auth/index.ts';
import { seedDemoSubscription } from '../index.ts';

const DAY = 86_400_000;
const CONSENT = { terms_accepted: true, marketing_accepted: false };

/**
 * Plan changes with the embedded provider (issue 31 item 4, decision 064): a preview changes
 * nothing; an upgrade charges the domain's proration at once and opens the new plan's features
 * at once; a downgrade is scheduled for the end of the paid period, cancellable, and applied by
 * a job then, the features changing at that very millisecond.
 */
describe.each(testDatabaseKinds())('plan changes with the embedded provider on %s', (kind) => {
  let t: TestApp;
  let seq = 0;
  let assetIds: string[];

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  type Member = { id: string; email: string; cookie: string };
  /** A new user holding `plan`, bought now with the test card that succeeds (no free trial). */
  const holder = async (plan: PlanId | null): Promise<Member> => {
    seq += 1;
    const email = `plan-change-${seq}@example.test`;
    const user = await createUser(t.database.db, t.clock, { email, name: `Changer ${seq}`, roles: ['subscriber_free'], isDemo: true });
    if (plan) await seedDemoSubscription(t.database.db, t.clock, { email, plan });
    return { id: user.id, email, cookie: await t.signIn(email) };
  };
  /** Sessions last 30 days: after moving the clock far, sign in again. */
  const again = async (member: Member) => ({ ...member, cookie: await t.signIn(member.email) });
  const change = (member: Member, body: Record<string, unknown>) => t.inject({ method: 'POST', url: '/api/subscriptions/change-plan', cookie: member.cookie, payload: body });
  const changed = async (member: Member, body: Record<string, unknown>): Promise<ChangePlanResponse> => {
    const response = await change(member, body);
    expect(response.statusCode, response.body).toBe(200);
    return ChangePlanResponseSchema.parse(response.json());
  };
  const get = async <T>(member: Member, url: string): Promise<T> => {
    const response = await t.inject({ method: 'GET', url, cookie: member.cookie });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json() as T;
  };
  const assetPicks = async (member: Member) => AssetPicksSchema.parse(await get(member, '/api/trading/asset-picks'));
  const tradingPlan = async (member: Member) => (await get<{ plan: string | null }>(member, '/api/trading/subscription')).plan;
  const subscriptionRow = async (member: Member) => (await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id)))[0]!;
  const localRow = async (member: Member) => (await t.database.db.select().from(localBillingSubscriptions).where(eq(localBillingSubscriptions.userId, member.id)))[0]!;
  const changes = async (member: Member) => t.database.db.select().from(subscriptionPlanChanges).where(eq(subscriptionPlanChanges.userId, member.id)).orderBy(subscriptionPlanChanges.createdAt);
  const paidInvoices = async (member: Member) =>
    (await t.database.db.select().from(billingEvents).where(and(eq(billingEvents.userId, member.id), eq(billingEvents.type, 'invoice.paid')))).map((event) => event.amountCents).sort((a, b) => (a ?? 0) - (b ?? 0));
  const notificationTitles = async (member: Member) => ((await get<{ items: { title: string }[] }>(member, '/api/notifications?limit=50')).items).map((item) => item.title);
  const auditActions = async (member: Member) => (await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.target, member.id))).map((row) => row.action);

  it('answers the amounts of a preview and changes nothing', async () => {
    const member = await holder('weekly');
    t.clock.advance(3.5 * DAY);
    const before = { subscription: await subscriptionRow(member), local: await localRow(member), invoices: await paidInvoices(member), audit: await auditActions(member) };

    const preview = await changed(member, { plan: '12weeks', preview: true });
    expect(preview).toMatchObject({
      outcome: 'preview',
      charged_cents: null,
      scheduled_change: null,
      subscription: { plan: 'weekly', status: 'active' },
      // Half of the $29.00 week unused: $179.00 less $14.50.
      quote: { from_plan: 'weekly', to_plan: '12weeks', kind: 'upgrade', timing: 'now', credit_cents: 1450, charge_cents: 17900, amount_due_cents: 16450, next_charge_cents: 17900 },
    });
    expect(preview.quote!.prorated_at).toBe(t.clock.now().toISOString());
    expect(preview.quote!.next_charge_at).toBe(new Date(t.clock.now().getTime() + 84 * DAY).toISOString());
    const downgrade = await changed(member, { plan: 'weekly', preview: true });
    expect(downgrade).toMatchObject({ outcome: 'unchanged', quote: null });

    expect(await subscriptionRow(member)).toEqual(before.subscription);
    expect(await localRow(member)).toEqual(before.local);
    expect(await paidInvoices(member)).toEqual(before.invoices);
    expect(await auditActions(member)).toEqual(before.audit);
    expect(await changes(member)).toEqual([]);
    expect(await tradingPlan(member)).toBe('weekly');
  });

  it('upgrades weekly -> 12 weeks at once: the amount shown is charged, the 12-week features open at once, a repeat changes nothing', async () => {
    const member = await holder('weekly');
    assetIds ??= (await get<{ assets: { id: string }[] }>(member, '/api/trading/assets')).assets.map((asset) => asset.id);
    expect(await assetPicks(member)).toMatchObject({ asset_limit: 4, picked_asset_ids: assetIds.slice(0, 4) });
    t.clock.advance(2 * DAY + 12_345);
    const paidPeriod = await subscriptionRow(member);

    const preview = await changed(member, { plan: '12weeks', preview: true });
    // The buyer reads the amount and confirms a minute later: the amount shown is the amount charged.
    t.clock.advance(60_000);
    const upgraded = await changed(member, { plan: '12weeks', prorated_at: preview.quote!.prorated_at });
    const expected = quotePlanChange(
      { plan: 'weekly', trialing: false, trialEnd: null, currentPeriodStart: paidPeriod.currentPeriodStart!, currentPeriodEnd: paidPeriod.currentPeriodEnd! },
      '12weeks',
      t.clock.now(),
      new Date(preview.quote!.prorated_at!),
    );
    expect(upgraded).toMatchObject({ outcome: 'changed', charged_cents: preview.quote!.amount_due_cents, quote: { amount_due_cents: preview.quote!.amount_due_cents } });
    expect(upgraded.charged_cents).toBe(expected.amountDueCents);
    expect(upgraded.subscription).toMatchObject({ status: 'active', plan: '12weeks', current_period_end: new Date(Math.floor(t.clock.now().getTime() / 1000) * 1000 + 84 * DAY).toISOString() });

    // Entitlements change with the plan: 8 assets (the first 8 until a pick), the plan card's plan.
    expect(await assetPicks(member)).toMatchObject({ asset_limit: 8, picked_asset_ids: assetIds.slice(0, 8), beyond_limit_asset_ids: [] });
    expect(await tradingPlan(member)).toBe('12weeks');
    const grid = await get<{ access: { plan_id: string; asset_limit: number } }>(member, '/api/trading/sentiment/grid');
    expect(grid.access).toMatchObject({ plan_id: '12weeks', asset_limit: 8 });

    // Paid once (the purchase, then the proration), recorded, audited and told.
    expect(await paidInvoices(member)).toEqual([2900, preview.quote!.amount_due_cents].sort((a, b) => a - b));
    const [stored] = await changes(member);
    expect(stored).toMatchObject({ kind: 'upgrade', status: 'applied', fromPlan: 'weekly', toPlan: '12weeks', creditCents: expected.creditCents, chargeCents: 17900, chargedCents: expected.amountDueCents });
    expect(await auditActions(member)).toContain('subscription.plan_changed');
    expect(await notificationTitles(member)).toContain('Plan changed');

    // Repeating the request (a double click, a retry) changes nothing and charges nothing.
    const repeat = await changed(member, { plan: '12weeks', prorated_at: preview.quote!.prorated_at });
    expect(repeat).toMatchObject({ outcome: 'unchanged', charged_cents: null, subscription: { plan: '12weeks' } });
    expect(await changes(member)).toHaveLength(1);
    expect(await paidInvoices(member)).toHaveLength(2);

    // The next renewal is the 12-week price at the new period's end, and only then.
    const periodEnd = new Date(upgraded.subscription.current_period_end!);
    t.clock.set(new Date(periodEnd.getTime() - 1));
    await t.runJobs();
    expect(await paidInvoices(member)).toHaveLength(2);
    t.clock.set(periodEnd);
    await t.runJobs();
    expect(await paidInvoices(member)).toContain(17900);
  });

  it('refuses a declined card and a change that is not possible, changing nothing', async () => {
    const member = await holder('4weeks');
    await t.database.db.update(localBillingSubscriptions).set({ card: 'declines' }).where(eq(localBillingSubscriptions.userId, member.id));
    const declined = await change(member, { plan: '52weeks' });
    expect(declined.statusCode).toBe(400);
    expect(declined.json().error.message).toBe('Your card was declined, so your plan was not changed. Update your payment method and try again.');
    expect((await subscriptionRow(member)).plan).toBe('4weeks');
    expect(await changes(member)).toEqual([]);

    expect((await change(member, { plan: 'lifetime' })).statusCode).toBe(400);
    expect((await t.inject({ method: 'POST', url: '/api/subscriptions/change-plan', payload: { plan: 'weekly' } })).statusCode).toBe(401);
    const nobody = await holder(null);
    const none = await change(nobody, { plan: 'weekly', preview: true });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('You have no subscription to change. Choose a plan below to subscribe.');

    const leaving = await holder('12weeks');
    expect((await t.inject({ method: 'POST', url: '/api/subscription/cancel', cookie: leaving.cookie })).statusCode).toBe(200);
    const cancelled = await change(leaving, { plan: '52weeks' });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error.message).toBe('Your subscription is cancelled, so its plan cannot change. Choose a plan below to subscribe again.');
  });

  it('schedules a downgrade for the period end; the features change at that millisecond; the job applies it and charges the new price', async () => {
    const start = t.clock.now();
    let member = await holder('12weeks');
    assetIds ??= (await get<{ assets: { id: string }[] }>(member, '/api/trading/assets')).assets.map((asset) => asset.id);
    // Eight assets picked under the 12-week plan, the last ones of the grid first.
    const eight = [...assetIds].reverse().slice(0, 8);
    expect((await t.inject({ method: 'PUT', url: '/api/trading/asset-picks', cookie: member.cookie, payload: { asset_ids: eight } })).statusCode).toBe(200);
    t.clock.advance(10 * DAY);

    const scheduled = await changed(member, { plan: 'weekly' });
    const periodEnd = new Date(start.getTime() + 84 * DAY);
    expect(scheduled).toMatchObject({
      outcome: 'scheduled',
      charged_cents: null,
      quote: { kind: 'downgrade', timing: 'period_end', amount_due_cents: 0, effective_at: periodEnd.toISOString(), next_charge_cents: 2900, next_charge_at: periodEnd.toISOString() },
      subscription: { plan: '12weeks' },
      scheduled_change: { from_plan: '12weeks', to_plan: 'weekly', effective_at: periodEnd.toISOString() },
    });
    expect(await get(member, '/api/subscriptions/scheduled-change')).toEqual({ scheduled_change: scheduled.scheduled_change });
    expect((await localRow(member)).scheduledPlan).toBe('weekly');
    expect(await notificationTitles(member)).toContain('Plan change scheduled');
    // The same request again: the same scheduled change, nothing more.
    expect(await changed(member, { plan: 'weekly' })).toMatchObject({ outcome: 'scheduled', scheduled_change: { id: scheduled.scheduled_change!.id } });
    expect(await changes(member)).toHaveLength(1);

    // One millisecond before the period end: still the 12-week plan, all 8 picks.
    t.clock.set(new Date(periodEnd.getTime() - 1));
    member = await again(member);
    expect(await tradingPlan(member)).toBe('12weeks');
    expect(await assetPicks(member)).toMatchObject({ asset_limit: 8, picked_asset_ids: eight });

    // At the period end, before any job ran: the weekly plan's 4 assets, the first 4 of the pick; the others listed to choose from.
    t.clock.set(periodEnd);
    expect(await tradingPlan(member)).toBe('weekly');
    expect(await get(member, '/api/subscription/status')).toMatchObject({ plan: 'weekly' });
    // From its moment the change is the plan in force, no longer a change to come.
    expect(await get(member, '/api/subscriptions/scheduled-change')).toEqual({ scheduled_change: null });
    expect(await assetPicks(member)).toMatchObject({ asset_limit: 4, picked_asset_ids: eight.slice(0, 4), beyond_limit_asset_ids: eight.slice(4) });
    const grid = await get<{ access: { plan_id: string; asset_limit: number; trader_breakdown: boolean } }>(member, '/api/trading/sentiment/grid');
    expect(grid.access).toMatchObject({ plan_id: 'weekly', asset_limit: 4, trader_breakdown: false });

    // The jobs: the renewal on the weekly plan, charged $29.00, and the change applied.
    await t.runJobs();
    expect(await subscriptionRow(member)).toMatchObject({ plan: 'weekly', status: 'active' });
    expect((await subscriptionRow(member)).currentPeriodEnd!.toISOString()).toBe(new Date(periodEnd.getTime() + 7 * DAY).toISOString());
    expect(await paidInvoices(member)).toEqual([2900, 17900]);
    expect(await changes(member)).toMatchObject([{ status: 'applied', toPlan: 'weekly' }]);
    expect(await get(member, '/api/subscriptions/scheduled-change')).toEqual({ scheduled_change: null });
    expect(await auditActions(member)).toEqual(expect.arrayContaining(['subscription.plan_change_scheduled', 'subscription.plan_change_applied']));

    // The member chooses which 4 of their 8 to keep, at once (within 24 hours of nothing: no new lock either).
    const keep = [eight[6]!, eight[1]!, eight[7]!, eight[4]!];
    const kept = await t.inject({ method: 'PUT', url: '/api/trading/asset-picks', cookie: member.cookie, payload: { asset_ids: keep } });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(AssetPicksSchema.parse(kept.json())).toMatchObject({ asset_limit: 4, picked_asset_ids: keep, beyond_limit_asset_ids: [] });
    expect((await t.database.db.select().from(tradingAssetPicks).where(eq(tradingAssetPicks.userId, member.id)))[0]!.assetIds).toEqual(keep);
  });

  it('cancels a scheduled downgrade: the plan renews as it was; a second cancel answers the same', async () => {
    const start = t.clock.now();
    let member = await holder('4weeks');
    t.clock.advance(DAY);
    const scheduled = await changed(member, { plan: 'weekly' });
    expect(scheduled.outcome).toBe('scheduled');

    const cancelled = await t.inject({ method: 'DELETE', url: '/api/subscriptions/scheduled-change', cookie: member.cookie });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ scheduled_change: null });
    const twice = await t.inject({ method: 'DELETE', url: '/api/subscriptions/scheduled-change', cookie: member.cookie });
    expect(twice.json()).toEqual({ scheduled_change: null });
    expect((await localRow(member)).scheduledPlan).toBeNull();
    expect(await changes(member)).toMatchObject([{ status: 'cancelled', toPlan: 'weekly' }]);
    expect(await auditActions(member)).toContain('subscription.plan_change_cancelled');

    const periodEnd = new Date(start.getTime() + 28 * DAY);
    t.clock.set(periodEnd);
    member = await again(member);
    expect(await tradingPlan(member)).toBe('4weeks');
    await t.runJobs();
    expect(await subscriptionRow(member)).toMatchObject({ plan: '4weeks', status: 'active' });
    expect(await paidInvoices(member)).toEqual([6900, 6900]);
  });

  it('replaces a scheduled downgrade by another, drops it on an upgrade, and on cancelling the subscription', async () => {
    const member = await holder('12weeks');
    t.clock.advance(DAY);
    const first = await changed(member, { plan: '4weeks' });
    const second = await changed(member, { plan: 'weekly' });
    expect(second.scheduled_change).toMatchObject({ to_plan: 'weekly' });
    expect(second.scheduled_change!.id).not.toBe(first.scheduled_change!.id);
    expect((await localRow(member)).scheduledPlan).toBe('weekly');

    const upgraded = await changed(member, { plan: '52weeks' });
    expect(upgraded).toMatchObject({ outcome: 'changed', scheduled_change: null, subscription: { plan: '52weeks' } });
    expect((await localRow(member)).scheduledPlan).toBeNull();
    expect((await changes(member)).map((row) => [row.toPlan, row.status])).toEqual([
      ['4weeks', 'cancelled'],
      ['weekly', 'cancelled'],
      ['52weeks', 'applied'],
    ]);

    const third = await changed(member, { plan: '4weeks' });
    expect(third.outcome).toBe('scheduled');
    expect((await t.inject({ method: 'POST', url: '/api/subscription/cancel', cookie: member.cookie })).statusCode).toBe(200);
    expect(await get(member, '/api/subscriptions/scheduled-change')).toEqual({ scheduled_change: null });
    expect((await changes(member)).at(-1)).toMatchObject({ toPlan: '4weeks', status: 'cancelled' });
    expect((await localRow(member)).scheduledPlan).toBeNull();
  });

  it('changes a plan in its free trial at once, for nothing now, the trial end kept', async () => {
    seq += 1;
    const email = `plan-change-trial-${seq}@example.test`;
    const user = await createUser(t.database.db, t.clock, { email, name: 'Trial Changer', roles: ['subscriber_free'], isDemo: true });
    const member = { id: user.id, email, cookie: await t.signIn(email) };
    const started = await t.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', cookie: member.cookie, payload: { plan: 'weekly', consent: CONSENT } });
    expect(started.json().trial_days).toBe(7);
    await t.inject({ method: 'POST', url: `/api/billing/local/checkout-sessions/${started.json().session_id}/confirm`, cookie: member.cookie, payload: { card: 'succeeds' } });
    const trialEnd = new Date(t.clock.now().getTime() + 7 * DAY).toISOString();
    t.clock.advance(DAY);

    const upgraded = await changed(member, { plan: '12weeks' });
    expect(upgraded).toMatchObject({ outcome: 'changed', charged_cents: 0, quote: { timing: 'now', amount_due_cents: 0, next_charge_cents: 17900, next_charge_at: trialEnd } });
    expect(upgraded.subscription).toMatchObject({ status: 'trial', plan: '12weeks', trial_end: trialEnd });
    expect(await assetPicks(member)).toMatchObject({ asset_limit: 8 });
    expect(await paidInvoices(member)).toEqual([0]);

    // The trial ends: the first charge is the 12-week price.
    t.clock.set(new Date(trialEnd));
    await t.runJobs();
    expect(await paidInvoices(member)).toEqual([0, 17900]);
  });
});
