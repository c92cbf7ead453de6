import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionPlanChanges, subscriptions } from '@myeai/db';
import { ChangePlanResponseSchema, getPlan, PLANS, quotePlanChange, type ChangePlanResponse, type PlanId } from '@myeai/domain';
import type { StripeSettings } from '../../../env.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { createUser } from '../../auth/index.ts';
import { FakeStripeServer } from './fake-stripe-server.ts';

const SECRET = 'whsec_test_secret';
const DAY_S = 86_400;
const PRICES = { weekly: 'price_weekly', '4weeks': 'price_4weeks', '12weeks': 'price_12weeks', '52weeks': 'price_52weeks' } as const;
const signer = new Stripe('sk_test_signer');

/**
 * Plan changes with Stripe (decision 064), against the local Stripe-shaped server: an upgrade is
 * a subscription item update with proration at the previewed moment, and the server's own
 * proration (written from Stripe's documented rule) charges exactly what our domain quoted; a
 * downgrade is a subscription schedule, released when cancelled, applied when Stripe moves the
 * subscription into its next phase.
 */
describe.each(testDatabaseKinds())('plan changes through Stripe on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripeServer;
  let seq = 0;

  beforeAll(async () => {
    fake = new FakeStripeServer();
    const apiBase = await fake.start();
    const stripe: StripeSettings = { secretKey: 'sk_test_myeai', webhookSecret: SECRET, publishableKey: 'pk_test_myeai', prices: { ...PRICES }, apiBase };
    t = await createTestApp(kind, { stripe });
    for (const plan of PLANS) fake.planChanges.prices.set(PRICES[plan.id], { unitAmount: plan.price_cents, intervalDays: plan.duration_days });
    fake.planChanges.nowS = () => Math.floor(t.clock.now().getTime() / 1000);
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const nowS = () => Math.floor(t.clock.now().getTime() / 1000);
  const deliver = (payloadObject: unknown) => {
    const payload = JSON.stringify(payloadObject);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: nowS() });
    return t.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });
  };
  const event = (type: string, object: unknown) => ({ id: fake.nextId('evt'), object: 'event', type, created: nowS(), livemode: false, api_version: '2026-10-28.endive', data: { object: JSON.parse(JSON.stringify(object)) } });

  type Member = { id: string; email: string; cookie: string; subscriptionId: string };
  /** A user with an active Stripe subscription on `plan`, its period starting now (what Stripe's webhook told us). */
  const subscriber = async (plan: PlanId): Promise<Member> => {
    seq += 1;
    const email = `stripe-change-${seq}@example.test`;
    const user = await createUser(t.database.db, t.clock, { email, name: `Stripe Changer ${seq}`, roles: ['subscriber_free'], isDemo: true });
    const start = nowS();
    const subscription = {
      id: fake.nextId('sub'),
      object: 'subscription',
      customer: `cus_${seq}`,
      status: 'active',
      metadata: { user_id: user.id, plan },
      trial_end: null,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      created: start,
      livemode: false,
      schedule: null,
      items: { object: 'list', data: [{ id: fake.nextId('si'), object: 'subscription_item', price: { id: PRICES[plan] }, current_period_start: start, current_period_end: start + getPlan(plan).duration_days * DAY_S }] },
    };
    fake.subscriptions.set(subscription.id, subscription);
    expect((await deliver(event('customer.subscription.created', subscription))).json().outcome).toBe('applied');
    return { id: user.id, email, cookie: await t.signIn(email), subscriptionId: subscription.id };
  };
  const change = (member: Member, body: Record<string, unknown>) => t.inject({ method: 'POST', url: '/api/subscriptions/change-plan', cookie: member.cookie, payload: body });
  const changed = async (member: Member, body: Record<string, unknown>): Promise<ChangePlanResponse> => {
    const response = await change(member, body);
    expect(response.statusCode, response.body).toBe(200);
    return ChangePlanResponseSchema.parse(response.json());
  };
  const row = async (member: Member) => (await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id)))[0]!;
  const item = (member: Member) => (fake.subscriptions.get(member.subscriptionId) as { items: { data: { id: string; price: { id: string }; current_period_end: number }[] } }).items.data[0]!;
  const posts = (path: string) => fake.requests.filter((request) => request.method === 'POST' && request.path === path);

  it('upgrades with proration at the previewed moment: Stripe charges what the domain quoted, to the cent', async () => {
    const member = await subscriber('weekly');
    const stored = await row(member);
    t.clock.advance(3 * DAY_S * 1000 + 7_777);
    const preview = await changed(member, { plan: '12weeks', preview: true });
    expect(posts(`/v1/subscriptions/${member.subscriptionId}`)).toHaveLength(0);
    t.clock.advance(45_000);

    const upgraded = await changed(member, { plan: '12weeks', prorated_at: preview.quote!.prorated_at });
    const proratedS = Math.floor(new Date(preview.quote!.prorated_at!).getTime() / 1000);
    const [update] = posts(`/v1/subscriptions/${member.subscriptionId}`);
    expect(update).toMatchObject({
      idempotencyKey: `change-plan:${member.subscriptionId}:weekly-12weeks:${proratedS}`,
      params: {
        'items[0][id]': item(member).id,
        'items[0][price]': 'price_12weeks',
        proration_behavior: 'always_invoice',
        proration_date: String(proratedS),
        'billing_cycle_anchor[type]': 'now',
        payment_behavior: 'error_if_incomplete',
        'metadata[plan]': '12weeks',
      },
    });
    const invoice = [...fake.planChanges.invoices.values()].at(-1) as { amount_paid: number };
    const quoted = quotePlanChange({ plan: 'weekly', trialing: false, trialEnd: null, currentPeriodStart: stored.currentPeriodStart!, currentPeriodEnd: stored.currentPeriodEnd! }, '12weeks', t.clock.now(), new Date(proratedS * 1000));
    expect(invoice.amount_paid).toBe(quoted.amountDueCents);
    expect(preview.quote!.amount_due_cents).toBe(quoted.amountDueCents);
    expect(upgraded).toMatchObject({ outcome: 'changed', charged_cents: quoted.amountDueCents, subscription: { plan: '12weeks', status: 'active' } });
    expect(upgraded.subscription.current_period_end).toBe(new Date(item(member).current_period_end * 1000).toISOString());
    expect(await t.database.db.select().from(subscriptionPlanChanges).where(eq(subscriptionPlanChanges.userId, member.id))).toMatchObject([
      { kind: 'upgrade', status: 'applied', provider: 'stripe', chargedCents: quoted.amountDueCents, creditCents: quoted.creditCents },
    ]);
    const picks = await t.inject({ method: 'GET', url: '/api/trading/asset-picks', cookie: member.cookie });
    expect(picks.json()).toMatchObject({ asset_limit: 8 });

    // Stripe's webhook for the same change follows and changes nothing more; a repeated request calls Stripe no more.
    expect((await deliver(event('customer.subscription.updated', fake.subscriptions.get(member.subscriptionId)))).statusCode).toBe(200);
    expect(await changed(member, { plan: '12weeks' })).toMatchObject({ outcome: 'unchanged' });
    expect(posts(`/v1/subscriptions/${member.subscriptionId}`)).toHaveLength(1);
  });

  it('changes nothing when Stripe declines the card', async () => {
    const member = await subscriber('4weeks');
    t.clock.advance(DAY_S * 1000);
    fake.planChanges.declineNextCharge = true;
    const declined = await change(member, { plan: '52weeks' });
    expect(declined.statusCode).toBe(400);
    expect(declined.json().error.message).toBe('Your card was declined, so your plan was not changed. Update your payment method and try again.');
    expect((await row(member)).plan).toBe('4weeks');
    expect(item(member).price.id).toBe('price_4weeks');
    expect(await t.database.db.select().from(subscriptionPlanChanges).where(eq(subscriptionPlanChanges.userId, member.id))).toEqual([]);
  });

  it('schedules a downgrade as a subscription schedule, releases it on cancel, and before cancelling the subscription', async () => {
    const member = await subscriber('12weeks');
    const periodEnd = item(member).current_period_end;
    t.clock.advance(DAY_S * 1000);
    const scheduled = await changed(member, { plan: 'weekly' });
    expect(scheduled).toMatchObject({ outcome: 'scheduled', scheduled_change: { to_plan: 'weekly', effective_at: new Date(periodEnd * 1000).toISOString() }, subscription: { plan: '12weeks' } });
    const [created] = posts('/v1/subscription_schedules');
    expect(created!.params).toEqual({ from_subscription: member.subscriptionId });
    const scheduleId = (fake.subscriptions.get(member.subscriptionId) as { schedule: string }).schedule;
    const [phases] = posts(`/v1/subscription_schedules/${scheduleId}`);
    expect(phases!.params).toMatchObject({
      end_behavior: 'release',
      'phases[0][items][0][price]': 'price_12weeks',
      'phases[0][end_date]': String(periodEnd),
      'phases[1][items][0][price]': 'price_weekly',
      'phases[1][metadata][plan]': 'weekly',
      'phases[1][proration_behavior]': 'none',
    });

    const cancelled = await t.inject({ method: 'DELETE', url: '/api/subscriptions/scheduled-change', cookie: member.cookie });
    expect(cancelled.json()).toEqual({ scheduled_change: null });
    expect(posts(`/v1/subscription_schedules/${scheduleId}/release`)).toHaveLength(1);
    expect(fake.planChanges.schedules.get(scheduleId)!.status).toBe('released');

    // Scheduled again, then the subscription is cancelled: the schedule is released first (Stripe refuses otherwise).
    await changed(member, { plan: '4weeks' });
    const cancelSubscription = await t.inject({ method: 'POST', url: '/api/subscription/cancel', cookie: member.cookie });
    expect(cancelSubscription.statusCode, cancelSubscription.body).toBe(200);
    expect(cancelSubscription.json().subscription).toMatchObject({ cancel_at_period_end: true, plan: '12weeks' });
    expect(await t.inject({ method: 'GET', url: '/api/subscriptions/scheduled-change', cookie: member.cookie }).then((r) => r.json())).toEqual({ scheduled_change: null });
  });

  it('applies a downgrade when Stripe moves the subscription into its next phase; the job waits for Stripe', async () => {
    let member = await subscriber('4weeks');
    const periodEnd = item(member).current_period_end;
    t.clock.advance(2 * DAY_S * 1000);
    await changed(member, { plan: 'weekly' });

    // At the period end the weekly plan is in force at once, before Stripe or the job moved anything.
    t.clock.set(new Date(periodEnd * 1000));
    member = { ...member, cookie: await t.signIn(member.email) };
    expect((await t.inject({ method: 'GET', url: '/api/trading/subscription', cookie: member.cookie })).json()).toEqual({ plan: 'weekly' });
    expect((await t.inject({ method: 'GET', url: '/api/trading/asset-picks', cookie: member.cookie })).json()).toMatchObject({ asset_limit: 4 });

    // Stripe has not moved yet: the job fails and will try again; the change stays scheduled.
    await t.runJobs();
    const [pending] = await t.database.db.select().from(subscriptionPlanChanges).where(eq(subscriptionPlanChanges.userId, member.id));
    expect(pending).toMatchObject({ status: 'scheduled' });

    // Stripe moves the subscription into the weekly phase; the retried job reads it back and applies the change.
    expect(fake.planChanges.advanceSchedules().map((moved) => moved.id)).toContain(member.subscriptionId);
    t.clock.advance(60_000);
    await t.runJobs();
    const [applied] = await t.database.db.select().from(subscriptionPlanChanges).where(eq(subscriptionPlanChanges.userId, member.id));
    expect(applied).toMatchObject({ status: 'applied', toPlan: 'weekly' });
    expect(await row(member)).toMatchObject({ plan: 'weekly', status: 'active' });
    expect((await row(member)).currentPeriodEnd!.toISOString()).toBe(new Date((periodEnd + 7 * DAY_S) * 1000).toISOString());
  });
});
