import { and, count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEvents, checkoutSessions, mailOutbox, subscriptions, trials, users } from '@myeai/db';
import type { StripeSettings } from '../../../env.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { createUser, getUserByEmail } from '../../auth/index.ts';
import { FakeStripeServer } from './fake-stripe-server.ts';

const SECRET = 'whsec_test_secret';
const DAY_S = 86_400;
const CONSENT = { terms_accepted: true, marketing_accepted: false };
const PRICES = { weekly: 'price_weekly', '4weeks': 'price_4weeks', '12weeks': 'price_12weeks', '52weeks': 'price_52weeks' } as const;
const signer = new Stripe('sk_test_signer');

describe.each(testDatabaseKinds())('Stripe adapter against a local Stripe-shaped server on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripeServer;
  let seq = 0;

  beforeAll(async () => {
    fake = new FakeStripeServer();
    const apiBase = await fake.start();
    const stripe: StripeSettings = { secretKey: 'sk_test_myeai', webhookSecret: SECRET, publishableKey: 'pk_test_myeai', prices: { ...PRICES }, apiBase };
    t = await createTestApp(kind, { stripe });
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const nowS = () => Math.floor(t.clock.now().getTime() / 1000);
  const newUser = async (label: string) => {
    seq += 1;
    const email = `${label}-${seq}@example.test`;
    const user = await createUser(t.database.db, t.clock, { email, name: `User ${seq}`, roles: ['subscriber_free'], isDemo: true });
    return { user, cookie: await t.signIn(email) };
  };
  const subscriptionObject = (userId: string, overrides: Record<string, unknown> = {}) => {
    const start = nowS();
    return {
      id: fake.nextId('sub'),
      object: 'subscription',
      customer: 'cus_test_1',
      status: 'trialing',
      metadata: { user_id: userId, plan: '4weeks' },
      trial_end: start + 7 * DAY_S,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      created: start,
      livemode: false,
      items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', price: { id: PRICES['4weeks'] }, current_period_start: start, current_period_end: start + 7 * DAY_S }] },
      ...overrides,
    };
  };
  const event = (type: string, object: unknown, created = nowS(), extra: Record<string, unknown> = {}) => ({
    id: fake.nextId('evt'),
    object: 'event',
    type,
    created,
    livemode: false,
    api_version: '2026-10-28.endive',
    data: { object: JSON.parse(JSON.stringify(object)) },
    ...extra,
  });
  const deliver = (payloadObject: unknown, options: { secret?: string; timestamp?: number; header?: string | null; body?: string } = {}) => {
    const payload = options.body ?? JSON.stringify(payloadObject);
    const header = options.header === undefined ? signer.webhooks.generateTestHeaderString({ payload: JSON.stringify(payloadObject), secret: options.secret ?? SECRET, timestamp: options.timestamp ?? nowS() }) : options.header;
    return t.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', ...(header === null ? {} : { 'stripe-signature': header }) }, payload });
  };
  const status = async (cookie: string) => (await t.inject({ method: 'GET', url: '/api/subscription/status', cookie })).json() as Record<string, unknown>;
  const rolesOf = async (userId: string) => (await t.database.db.select({ roles: users.roles }).from(users).where(eq(users.id, userId)))[0]!.roles;
  const eventCount = async () => (await t.database.db.select({ n: count() }).from(billingEvents))[0]!.n;

  it('creates a Checkout Session in subscription mode with the 7-day trial, the configured price and an idempotency key', async () => {
    const { user, cookie } = await newUser('checkout');
    expect((await t.inject({ method: 'GET', url: '/api/stripe/config', cookie })).json()).toEqual({ provider: 'stripe', publishable_key: 'pk_test_myeai', test_mode: true });
    const response = await t.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', cookie, payload: { plan: '4weeks', consent: CONSENT, price: 'price_free' } });
    expect(response.statusCode, response.body).toBe(200);
    const { checkout_url: url, session_id: sessionId, trial_days: trialDays } = response.json();
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    expect(trialDays).toBe(7);
    const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').at(-1)!;
    const [row] = await t.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.providerSessionId, sessionId));
    expect(created.idempotencyKey).toBe(`checkout:${row!.id}`);
    expect(created.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_4weeks',
      'line_items[0][quantity]': '1',
      client_reference_id: user.id,
      customer_email: user.email,
      'metadata[user_id]': user.id,
      'metadata[plan]': '4weeks',
      'subscription_data[trial_period_days]': '7',
      'subscription_data[metadata][user_id]': user.id,
      success_url: 'http://localhost:80/subscription-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:80/trading-subscription',
    });
    // A double click gives the same session; no second Stripe call.
    const before = fake.requests.length;
    const again = await t.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', cookie, payload: { plan: '4weeks', consent: CONSENT } });
    expect(again.json().session_id).toBe(sessionId);
    expect(fake.requests.length).toBe(before);
    // Another plan replaces it: the old session is expired at Stripe.
    const weekly = await t.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', cookie, payload: { plan: 'weekly', consent: CONSENT } });
    expect(weekly.json().session_id).not.toBe(sessionId);
    expect(fake.requests.some((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${sessionId}/expire`)).toBe(true);
  });

  it('applies signed webhooks once, however often they arrive, and grants the subscriber role', async () => {
    const { user, cookie } = await newUser('webhook');
    const started = await t.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', cookie, payload: { plan: '4weeks', consent: CONSENT } });
    const sessionId = started.json().session_id as string;
    const subscription = subscriptionObject(user.id);
    fake.subscriptions.set(subscription.id, subscription);
    const completed = event('checkout.session.completed', { ...fake.sessions.get(sessionId), status: 'complete', subscription: subscription.id });
    const answers = await Promise.all([deliver(completed), deliver(completed), deliver(completed)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json().outcome).sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${subscription.id}`)).toBe(true);
    expect(await status(cookie)).toMatchObject({ status: 'trial', plan: '4weeks', has_access: true, free_trial_available: false });
    expect(await rolesOf(user.id)).toEqual(['subscriber_free', 'subscriber']);
    expect((await t.inject({ method: 'GET', url: `/api/subscription/checkout-sessions/${sessionId}`, cookie })).json().status).toBe('completed');
    // Replayed later, twice more: nothing new.
    expect((await deliver(completed)).json().outcome).toBe('duplicate');
    const created = event('customer.subscription.created', subscription, subscription.created);
    expect((await deliver(created)).json().outcome).toBe('applied');
    expect((await deliver(created)).json().outcome).toBe('duplicate');
    const mails = await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, user.email), eq(mailOutbox.subject, 'Subscription started')));
    expect(mails).toHaveLength(1);

    // Trial ends and the invoice is paid: the invoice event fetches the subscription's current state.
    t.clock.advance(7 * DAY_S * 1000);
    Object.assign(subscription, { status: 'active', items: { object: 'list', data: [{ ...subscription.items.data[0], current_period_start: nowS(), current_period_end: nowS() + 28 * DAY_S }] } });
    const paid = event('invoice.paid', { id: 'in_1', object: 'invoice', amount_paid: 6900, amount_due: 6900, parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } } });
    expect((await deliver(paid)).json().outcome).toBe('applied');
    expect(await status(cookie)).toMatchObject({ status: 'active', current_period_end: new Date((nowS() + 28 * DAY_S) * 1000).toISOString() });
    // The older "created (trialing)" snapshot arriving now is stale and changes nothing.
    expect((await deliver(event('customer.subscription.updated', { ...subscription, status: 'trialing' }, subscription.created))).json().outcome).toBe('stale');
    expect((await status(cookie)).status).toBe('active');
  });

  it.each([[[0, 1, 2, 3]], [[3, 2, 1, 0]], [[1, 3, 0, 2]], [[2, 0, 3, 1, 3, 0]], [[0, 2, 1]], [[2, 1, 0, 2]]])(
    'ends in the newest state whatever the order (created, active, past_due, deleted): %j',
    async (order: number[]) => {
    const { user, cookie } = await newUser('order');
    const base = subscriptionObject(user.id);
    const t0 = base.created;
    const versions = [
      event('customer.subscription.created', base, t0),
      event('customer.subscription.updated', { ...base, status: 'active' }, t0 + 10),
      event('customer.subscription.updated', { ...base, status: 'past_due' }, t0 + 20),
      event('customer.subscription.deleted', { ...base, status: 'canceled', ended_at: t0 + 30 }, t0 + 30),
    ];
    for (const index of order) expect((await deliver(versions[index])).statusCode).toBe(200);
    const newest = Math.max(...order);
    const expected = [
      { status: 'trial', has_access: true },
      { status: 'active', has_access: true, payment_failed: false },
      { status: 'active', has_access: true, payment_failed: true },
      { status: 'canceled', has_access: false },
    ][newest];
    expect(await status(cookie)).toMatchObject(expected!);
    expect((await rolesOf(user.id)).includes('subscriber')).toBe(newest !== 3);
    },
  );

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { user, cookie } = await newUser('forged');
    const subscription = subscriptionObject(user.id, { status: 'active', trial_end: null });
    const forged = event('customer.subscription.created', subscription);
    const before = await eventCount();
    const payload = JSON.stringify(forged);
    const cases = [
      deliver(forged, { secret: 'whsec_wrong' }),
      deliver(forged, { header: null }),
      deliver(forged, { body: payload.replace('"active"', '"trialing"') }),
      deliver(forged, { body: JSON.stringify(forged, null, 2) }),
      deliver(forged, { timestamp: nowS() - 301 }),
      deliver(forged, { header: 't=1,v1=deadbeef' }),
    ];
    for (const response of await Promise.all(cases)) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'VALIDATION', message: 'Invalid webhook signature.' } });
    }
    expect(await eventCount()).toBe(before);
    expect(await status(cookie)).toMatchObject({ status: 'none', has_access: false });
    expect(await rolesOf(user.id)).toEqual(['subscriber_free']);
    // The same event correctly signed is accepted (the signature, not the content, was the problem).
    expect((await deliver(forged)).json().outcome).toBe('applied');
  });

  it('records unknown event types and livemode mismatches without acting on them', async () => {
    const unknown = await deliver(event('customer.created', { id: 'cus_x', object: 'customer' }));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().outcome).toBe('ignored');
    const { user, cookie } = await newUser('live');
    const live = event('customer.subscription.created', subscriptionObject(user.id), nowS(), { livemode: true });
    expect((await deliver(live)).json().outcome).toBe('ignored');
    expect((await status(cookie)).status).toBe('none');
  });

  it('cancels at period end through the SDK, keeps access until the period end, then removes the role on deletion', async () => {
    const { user, cookie } = await newUser('cancel');
    const subscription = subscriptionObject(user.id, { status: 'active', trial_end: null });
    fake.subscriptions.set(subscription.id, subscription);
    await deliver(event('customer.subscription.created', subscription, subscription.created));
    const periodEnd = subscription.items.data[0]!.current_period_end;

    const cancelled = await t.inject({ method: 'POST', url: '/api/subscription/cancel', cookie });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().subscription).toMatchObject({ status: 'canceled', cancel_at_period_end: true, has_access: true, current_period_end: new Date(periodEnd * 1000).toISOString() });
    const update = fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscription.id}`);
    expect(update).toHaveLength(1);
    expect(update[0]).toMatchObject({ idempotencyKey: `cancel:${subscription.id}`, params: { cancel_at_period_end: 'true' } });
    expect((await t.inject({ method: 'POST', url: '/api/subscription/cancel', cookie })).statusCode).toBe(200);
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscription.id}`)).toHaveLength(1);
    // Stripe's own webhook for the same change follows and changes nothing more.
    t.clock.advance(1000);
    expect((await deliver(event('customer.subscription.updated', subscription))).statusCode).toBe(200);
    expect(await rolesOf(user.id)).toContain('subscriber');

    t.clock.set(new Date(periodEnd * 1000));
    const ended = { ...subscription, status: 'canceled', ended_at: periodEnd };
    expect((await deliver(event('customer.subscription.deleted', ended))).json().outcome).toBe('applied');
    const fresh = await t.signIn(user.email);
    expect(await status(fresh)).toMatchObject({ status: 'canceled', has_access: false });
    expect(await rolesOf(user.id)).toEqual(['subscriber_free']);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(row).toMatchObject({ status: 'canceled', subscriberRoleGranted: false });
  });

  it('charges a user who used the free trial from the start (no trial_period_days)', async () => {
    const { user, cookie } = await newUser('second');
    await t.database.db.update(users).set({ freeTrialUsedAt: t.clock.now() }).where(eq(users.id, user.id));
    const response = await t.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', cookie, payload: { plan: '12weeks', consent: CONSENT } });
    expect(response.json().trial_days).toBe(0);
    const created = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(created.params['line_items[0][price]']).toBe('price_12weeks');
    expect(created.params).not.toHaveProperty('subscription_data[trial_period_days]');
  });

  it('keeps the rest of a running platform trial free: trial_end at its end, or whole days when Checkout needs 48 hours', async () => {
    const { user, cookie } = await newUser('carry');
    const startedAt = new Date(t.clock.now().getTime() - 2 * DAY_S * 1000);
    const endsAt = new Date(startedAt.getTime() + 7 * DAY_S * 1000);
    await t.database.db.update(users).set({ freeTrialUsedAt: startedAt }).where(eq(users.id, user.id));
    await t.database.db.insert(trials).values({ userId: user.id, startedAt, endsAt, createdAt: startedAt });
    const response = await t.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', cookie, payload: { plan: '4weeks', consent: CONSENT } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().trial_days).toBe(5);
    const created = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(created.params['subscription_data[trial_end]']).toBe(String(endsAt.getTime() / 1000));
    expect(created.params).not.toHaveProperty('subscription_data[trial_period_days]');

    // 30 hours left: Checkout refuses a trial_end under 48 hours, so 2 whole days (never charged early).
    await t.database.db.update(trials).set({ endsAt: new Date(t.clock.now().getTime() + 30 * 3_600_000) }).where(eq(trials.userId, user.id));
    const late = await t.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', cookie, payload: { plan: 'weekly', consent: CONSENT } });
    expect(late.json().trial_days).toBe(2);
    const lateParams = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.params;
    expect(lateParams['subscription_data[trial_period_days]']).toBe('2');
    expect(lateParams).not.toHaveProperty('subscription_data[trial_end]');
  });

  it('answers 503 when Stripe fails, keeps nothing half-made, and its retries reuse the idempotency key', async () => {
    const { user, cookie } = await newUser('outage');
    const before = fake.requests.length;
    fake.failures = { status: 500, remaining: 10 };
    const response = await t.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', cookie, payload: { plan: 'weekly', consent: CONSENT } });
    fake.failures = null;
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: { code: 'UNAVAILABLE', message: 'The payment provider could not be reached. Please try again in a moment.' } });
    const tries = fake.requests.slice(before);
    expect(tries.length).toBeGreaterThan(1);
    expect(new Set(tries.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(await t.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, user.id))).toEqual([]);

    // A webhook whose subscription cannot be fetched answers 503 so Stripe delivers it again; then it applies once.
    const subscription = subscriptionObject(user.id);
    fake.subscriptions.set(subscription.id, subscription);
    const paid = event('invoice.paid', { id: 'in_outage', object: 'invoice', amount_paid: 0, amount_due: 0, parent: { subscription_details: { subscription: subscription.id } } });
    fake.failures = { status: 500, remaining: 10 };
    expect((await deliver(paid)).statusCode).toBe(503);
    fake.failures = null;
    expect((await deliver(paid)).json().outcome).toBe('applied');
    expect((await status(cookie)).status).toBe('trial');
    expect((await getUserByEmail(t.database.db, user.email))!.freeTrialUsedAt).not.toBeNull();
  });
});
