import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@myeai/db';
import { createTestDatabase, testDatabaseKinds } from '../../../testing/test-database.ts';
import { signInOn, startServerProcess, type ServerProcess } from '../../../testing/server-process.ts';
import { FakeStripeServer } from './fake-stripe-server.ts';

/**
 * SIGKILL between the provider's refund and our ledger write (decision 065): the real server is
 * killed right after the statement that starts applying the provider's answer (its billing_events
 * row), after the provider made the refund. Nothing of the settlement stays; on restart the
 * provider's event completes it exactly once (Stripe's charge.refunded webhook; the embedded
 * provider's event job, queued with its refund), and the admin's retry is the same refund.
 */
const WEBHOOK_SECRET = 'whsec_refund_crash';
const ADMIN = 'admin@demo.myeai.local';
const FREE_USER = 'free@demo.myeai.local';
const SUBSCRIBER = 'subscriber@demo.myeai.local';
const KILL = { match: 'insert into "billing_events"', nth: 1 };
const signer = new Stripe('sk_test_signer');
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(server: ServerProcess, path: string, init: RequestInit & { cookie?: string } = {}): Promise<Response> {
  const { cookie, headers, ...rest } = init;
  return fetch(`${server.url}${path}`, { ...rest, headers: { ...(headers as Record<string, string>), ...(cookie ? { cookie } : {}) } });
}
const post = (server: ServerProcess, path: string, cookie: string, body: unknown) =>
  call(server, path, { method: 'POST', cookie, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function killedBy(server: ServerProcess, request: Promise<Response>): Promise<void> {
  const answered = await request.then(
    async (response) => `${response.status} ${await response.text()}`,
    () => undefined,
  );
  if (answered !== undefined) throw new Error(`The request was answered instead of killing the server: ${answered}`);
  expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
}

describe.each(testDatabaseKinds())('a refund killed between the provider and the ledger, on %s', { timeout: 240_000 }, (kind) => {
  const root = mkdtempSync(join(tmpdir(), 'myeai-refund-crash-'));
  const stripe = new FakeStripeServer();
  let database: { dataDir: string } | { url: string };
  let postgres: DatabaseHandle | undefined;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;
  const start = async (killAfter?: typeof KILL) => (server = await startServerProcess({ database, killAfter, env }));

  beforeAll(async () => {
    env = {
      STRIPE_SECRET_KEY: 'sk_test_refund_crash',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_WEEKLY: 'price_weekly',
      STRIPE_PRICE_4WEEKS: 'price_4weeks',
      STRIPE_PRICE_12WEEKS: 'price_12weeks',
      STRIPE_PRICE_52WEEKS: 'price_52weeks',
      STRIPE_API_BASE: await stripe.start(),
    };
    if (kind === 'postgres') {
      postgres = await createTestDatabase('postgres');
      if (postgres.kind !== 'postgres') throw new Error('expected PostgreSQL');
      database = { url: postgres.connectionString };
    } else {
      database = { dataDir: join(root, 'data') };
    }
  }, 240_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) await server.stop();
    await stripe.stop();
    await postgres?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const deliver = (s: ServerProcess, event: unknown) => {
    const body = JSON.stringify(event);
    return call(s, '/api/stripe/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }) }, body });
  };
  const event = (type: string, object: unknown) => ({ id: stripe.nextId('evt'), object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, api_version: '2026-10-28.endive', data: { object } });
  const paymentsOf = async (s: ServerProcess, email: string) => {
    const admin = await signInOn(s, ADMIN);
    const profile = (await (await call(s, '/api/auth/profile', { cookie: await signInOn(s, email) })).json()) as Json;
    return ((await (await call(s, `/api/admin/billing/users/${profile.id}/payments`, { cookie: admin })).json()) as Json).items as Json[];
  };
  const refundMails = async (s: ServerProcess, email: string) => {
    const mailbox = (await (await call(s, '/api/admin/mailbox?limit=100', { cookie: await signInOn(s, ADMIN) })).json()) as Json;
    return (mailbox.items as Json[]).filter((mail) => mail.to === email && String(mail.subject).startsWith('Your refund of'));
  };

  let stripePaymentId = '';
  let localPaymentId = '';
  const intent = 'pi_refund_crash';
  const stripeRequestId = '7d6b2d0e-0f7a-4c41-9a55-2b1c1b0f5e01';
  const localRequestId = '7d6b2d0e-0f7a-4c41-9a55-2b1c1b0f5e02';

  it('the Stripe refund: killed after Stripe made it, nothing settled; charge.refunded after the restart settles it once', async () => {
    // Unarmed: the demo seed, and a Stripe payment of the Free User ($69.00 for 4 weeks).
    const setup = await start();
    const profile = (await (await call(setup, '/api/auth/profile', { cookie: await signInOn(setup, FREE_USER) })).json()) as Json;
    const now = Math.floor(Date.now() / 1000);
    const subscription = {
      id: stripe.nextId('sub'),
      object: 'subscription',
      customer: 'cus_refund_crash',
      status: 'active',
      metadata: { user_id: profile.id, plan: '4weeks' },
      trial_end: null,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      created: now,
      livemode: false,
      items: { object: 'list', data: [{ id: 'si_refund_crash', object: 'subscription_item', price: { id: 'price_4weeks' }, current_period_start: now, current_period_end: now + 28 * 86_400 }] },
    };
    stripe.subscriptions.set(subscription.id, subscription);
    stripe.paymentIntents.set(intent, { amount: 6900, charge: 'ch_refund_crash' });
    const invoice = {
      id: 'in_refund_crash',
      object: 'invoice',
      amount_paid: 6900,
      amount_due: 6900,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      payments: { object: 'list', data: [{ id: 'inpay_crash', object: 'invoice_payment', status: 'paid', payment: { type: 'payment_intent', payment_intent: intent } }] },
    };
    expect(((await (await deliver(setup, event('customer.subscription.created', subscription))).json()) as Json).outcome).toBe('applied');
    expect(((await (await deliver(setup, event('invoice.paid', invoice))).json()) as Json).outcome).toBe('applied');
    const [payment] = await paymentsOf(setup, FREE_USER);
    expect(payment).toMatchObject({ provider: 'stripe', amount_cents: 6900, provider_payment_ref: intent });
    stripePaymentId = payment!.id;
    await setup.stop();

    // Armed: the refund request dies right after Stripe's answer starts being applied.
    const armed = await start(KILL);
    const body = { amount_cents: 3450, reason: 'technical_fault', access: 'keep', request_id: stripeRequestId };
    await killedBy(armed, post(armed, `/api/admin/billing/payments/${stripePaymentId}/refund`, await signInOn(armed, ADMIN), body));
    const madeAtStripe = [...stripe.refunds.values()].filter((refund) => refund.payment_intent === intent);
    expect(madeAtStripe).toHaveLength(1);
    expect(madeAtStripe[0]).toMatchObject({ amount: 3450, status: 'succeeded' });
  });

  it('the embedded provider’s refund: killed after its books have it, nothing settled', async () => {
    const armed = await start(KILL);
    // The Stripe refund above was not settled: pending, its amount held back, nothing told to the member.
    const [stripePayment] = await paymentsOf(armed, FREE_USER);
    expect(stripePayment).toMatchObject({ refunded_cents: 0, pending_refund_cents: 3450, remaining_cents: 3450 });
    expect(stripePayment!.refunds).toEqual([expect.objectContaining({ status: 'pending', provider_refund_id: null })]);
    const [local] = await paymentsOf(armed, SUBSCRIBER);
    expect(local).toMatchObject({ provider: 'local', amount_cents: 59900, refunded_cents: 0 });
    localPaymentId = local!.id;
    const body = { amount_cents: 10000, reason: 'duplicate_payment', access: 'keep', request_id: localRequestId };
    await killedBy(armed, post(armed, `/api/admin/billing/payments/${localPaymentId}/refund`, await signInOn(armed, ADMIN), body));
  });

  it('after the restart the providers’ events complete both exactly once, and the retries are the same refunds', async () => {
    const restarted = await start();
    const admin = await signInOn(restarted, ADMIN);
    // Stripe's webhook for its refund: applied once, then a duplicate.
    const charged = event('charge.refunded', { id: 'ch_refund_crash', object: 'charge', payment_intent: intent, refunded: false });
    expect(await deliver(restarted, charged).then((r) => r.json())).toEqual({ received: true, outcome: 'applied' });
    expect(await deliver(restarted, charged).then((r) => r.json())).toEqual({ received: true, outcome: 'duplicate' });
    // The embedded provider's event job, queued with its refund, runs on the restarted server.
    await expect.poll(async () => (await paymentsOf(restarted, SUBSCRIBER))[0]!.refunded_cents, { timeout: 60_000, interval: 500 }).toBe(10000);

    const [stripePayment] = await paymentsOf(restarted, FREE_USER);
    expect(stripePayment).toMatchObject({ refunded_cents: 3450, pending_refund_cents: 0, remaining_cents: 3450 });
    expect(stripePayment!.refunds).toEqual([expect.objectContaining({ status: 'succeeded', provider_refund_id: [...stripe.refunds.values()].find((r) => r.payment_intent === intent)!.id })]);
    const [local] = await paymentsOf(restarted, SUBSCRIBER);
    expect(local).toMatchObject({ refunded_cents: 10000, remaining_cents: 49900 });
    expect(local!.refunds).toHaveLength(1);

    // The admin retries both requests: the same refunds, nothing more at either provider.
    const stripeRetry = await post(restarted, `/api/admin/billing/payments/${stripePaymentId}/refund`, admin, { amount_cents: 3450, reason: 'technical_fault', access: 'keep', request_id: stripeRequestId });
    expect(stripeRetry.status).toBe(200);
    expect(((await stripeRetry.json()) as Json).refund).toMatchObject({ id: stripePayment!.refunds[0].id, status: 'succeeded' });
    expect([...stripe.refunds.values()].filter((refund) => refund.payment_intent === intent)).toHaveLength(1);
    const localRetry = await post(restarted, `/api/admin/billing/payments/${localPaymentId}/refund`, admin, { amount_cents: 10000, reason: 'duplicate_payment', access: 'keep', request_id: localRequestId });
    expect(localRetry.status).toBe(200);
    expect(((await localRetry.json()) as Json).payment).toMatchObject({ refunded_cents: 10000, remaining_cents: 49900 });
    // One e-mail each.
    expect(await refundMails(restarted, FREE_USER)).toHaveLength(1);
    expect(await refundMails(restarted, SUBSCRIBER)).toHaveLength(1);
    await restarted.stop();
  });
});
