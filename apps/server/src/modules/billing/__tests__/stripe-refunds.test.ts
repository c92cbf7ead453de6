import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingRefunds, mailOutbox, notifications, users } from '@myeai/db';
import type { StripeSettings } from '../../../env.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { createUser } from '../../auth/index.ts';
import { FakeStripeServer } from './fake-stripe-server.ts';

const SECRET = 'whsec_refunds_secret';
const DAY_S = 86_400;
const PRICES = { weekly: 'price_weekly', '4weeks': 'price_4weeks', '12weeks': 'price_12weeks', '52weeks': 'price_52weeks' } as const;
const signer = new Stripe('sk_test_signer');
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Refunds through Stripe (decision 065), the real SDK against the local Stripe-shaped server:
 * POST /v1/refunds with an idempotency key and our ids as metadata, settled by charge.refunded /
 * refund.updated whichever comes first (even before the refund request has its answer), a refund
 * made in Stripe's dashboard reflected, Stripe's refusals and outages, access ended at Stripe,
 * receipts with the hosted invoice and the customer portal.
 */
describe.each(testDatabaseKinds())('refunds through a Stripe-shaped server on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripeServer;
  let admin: string;
  let seq = 0;

  beforeAll(async () => {
    fake = new FakeStripeServer();
    const apiBase = await fake.start();
    const stripe: StripeSettings = { secretKey: 'sk_test_refunds', webhookSecret: SECRET, publishableKey: undefined, prices: { ...PRICES }, apiBase };
    t = await createTestApp(kind, { stripe });
    admin = await t.signInAs('admin');
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const nowS = () => Math.floor(t.clock.now().getTime() / 1000);
  const event = (type: string, object: unknown) => ({ id: fake.nextId('evt'), object: 'event', type, created: nowS(), livemode: false, api_version: '2026-10-28.endive', data: { object: JSON.parse(JSON.stringify(object)) } });
  const deliver = (payload: unknown) => {
    const body = JSON.stringify(payload);
    const header = signer.webhooks.generateTestHeaderString({ payload: body, secret: SECRET, timestamp: nowS() });
    return t.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload: body });
  };
  const chargeRefunded = (intent: string) => event('charge.refunded', { id: fake.paymentIntents.get(intent)!.charge, object: 'charge', payment_intent: intent, refunded: true });
  const refund = (paymentId: string, body: Json) => t.inject({ method: 'POST', url: `/api/admin/billing/payments/${paymentId}/refund`, cookie: admin, payload: body });
  const refundsAtStripe = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
  const refundMails = (email: string) => t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'billing.refund')));
  const rows = (paymentId: string) => t.database.db.select().from(billingRefunds).where(eq(billingRefunds.paymentId, paymentId));

  /** A member whose active 4-week Stripe subscription has one paid invoice of $69.00 ($5.52 of it tax). */
  const stripeMember = async (options: { paymentsInWebhook?: boolean } = {}) => {
    seq += 1;
    const email = `stripe-refund-${seq}@example.test`;
    const user = await createUser(t.database.db, t.clock, { email, name: `Stripe Member ${seq}`, roles: ['subscriber_free'], isDemo: true });
    const start = nowS();
    const subscription = {
      id: fake.nextId('sub'),
      object: 'subscription',
      customer: `cus_refund_${seq}`,
      status: 'active',
      metadata: { user_id: user.id, plan: '4weeks' },
      trial_end: null,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      created: start,
      livemode: false,
      items: { object: 'list', data: [{ id: `si_${seq}`, object: 'subscription_item', price: { id: PRICES['4weeks'] }, current_period_start: start, current_period_end: start + 28 * DAY_S }] },
    };
    fake.subscriptions.set(subscription.id, subscription);
    const intent = `pi_refund_${seq}`;
    fake.paymentIntents.set(intent, { amount: 6900, charge: `ch_refund_${seq}` });
    const invoice = {
      id: `in_refund_${seq}`,
      object: 'invoice',
      amount_paid: 6900,
      amount_due: 6900,
      hosted_invoice_url: `https://invoice.stripe.test/i/in_refund_${seq}`,
      total_taxes: [{ amount: 552, tax_behavior: 'inclusive', taxability_reason: 'standard_rated', taxable_amount: 6348, tax_rate_details: null, type: 'tax_rate_details' }],
      lines: { object: 'list', data: [{ id: `il_${seq}`, period: { start, end: start + 28 * DAY_S } }] },
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      payments: { object: 'list', data: [{ id: `inpay_${seq}`, object: 'invoice_payment', status: 'paid', payment: { type: 'payment_intent', payment_intent: intent } }] },
    };
    fake.invoices.set(invoice.id, invoice);
    expect((await deliver(event('customer.subscription.created', subscription))).json().outcome).toBe('applied');
    const webhookInvoice = options.paymentsInWebhook === false ? { ...invoice, payments: undefined } : invoice;
    expect((await deliver(event('invoice.paid', webhookInvoice))).json().outcome).toBe('applied');
    const cookie = await t.signIn(email);
    const payments = (await t.inject({ method: 'GET', url: '/api/subscriptions/payments', cookie })).json() as Json;
    return { user, email, cookie, subscription, intent, invoice, payment: payments.items[0] as Json };
  };

  it('records the payment with its tax line, period and hosted invoice (fetched with its payments when the webhook lacks them)', async () => {
    for (const paymentsInWebhook of [true, false]) {
      const { user, payment, invoice, intent, subscription } = await stripeMember({ paymentsInWebhook });
      expect(payment).toMatchObject({ provider: 'stripe', plan: '4weeks', amount_cents: 6900, tax_cents: 552, reference: invoice.id, hosted_invoice_url: invoice.hosted_invoice_url, refunded_cents: 0 });
      expect(payment.period_end).toBe(new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString());
      const fetched = fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/invoices/${invoice.id}`);
      expect(fetched).toBe(!paymentsInWebhook);
      const listed = (await t.inject({ method: 'GET', url: `/api/admin/billing/users/${user.id}/payments`, cookie: admin })).json() as Json;
      expect(listed.items[0]).toMatchObject({ provider_payment_ref: intent, remaining_cents: 6900 });
    }
  });

  it('refunds half at Stripe with an idempotency key and our ids; charge.refunded then changes nothing; replays are one refund', async () => {
    const { user, email, payment, intent } = await stripeMember();
    const requestId = randomUUID();
    const body = { amount_cents: 3450, reason: 'duplicate_payment', access: 'keep', request_id: requestId };
    const refunded = await refund(payment.id, body);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const result = refunded.json() as Json;
    expect(result.refund).toMatchObject({ status: 'succeeded', amount_cents: 3450 });
    expect(result.payment).toMatchObject({ refunded_cents: 3450, remaining_cents: 3450 });
    const calls = refundsAtStripe().filter((r) => r.params.payment_intent === intent);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      idempotencyKey: `refund:${result.refund.id}`,
      params: { payment_intent: intent, amount: '3450', reason: 'duplicate', 'metadata[myeai_refund_id]': result.refund.id, 'metadata[myeai_payment_id]': payment.id },
    });
    expect(result.refund.provider_refund_id).toBe(fake.refunds.get(result.refund.provider_refund_id)!.id);

    // Stripe's events for the same refund, twice each: nothing more.
    const charged = chargeRefunded(intent);
    expect((await deliver(charged)).json().outcome).toBe('ignored');
    expect((await deliver(charged)).json().outcome).toBe('duplicate');
    expect((await deliver(event('refund.updated', fake.refunds.get(result.refund.provider_refund_id)!))).statusCode).toBe(200);
    // The admin's request again: its first answer (Stripe is asked with the same key, nothing new).
    const again = await refund(payment.id, body);
    expect(again.json().refund.id).toBe(result.refund.id);
    expect(await rows(payment.id)).toHaveLength(1);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intent)).toHaveLength(1);
    expect(await refundMails(email)).toHaveLength(1);
    expect(await t.database.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.title, 'Refund issued')))).toHaveLength(1);
  });

  it('a webhook that arrives before the refund request has its answer: one refund, settled once', async () => {
    const { email, payment, intent } = await stripeMember();
    const webhooks: Promise<unknown>[] = [];
    fake.beforeAnswer = async (request) => {
      if (request.method !== 'POST' || request.path !== '/v1/refunds') return;
      fake.beforeAnswer = null;
      // Stripe has the refund now: its charge.refunded reaches us before our request has the answer.
      const [created] = [...fake.refunds.values()].filter((r) => r.payment_intent === intent);
      expect(created).toBeDefined();
      const answer = await deliver(chargeRefunded(intent));
      webhooks.push(Promise.resolve(answer.json()));
    };
    const refunded = await refund(payment.id, { amount_cents: 6900, reason: 'technical_fault', access: 'keep' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await Promise.all(webhooks)).toEqual([{ received: true, outcome: 'applied' }]);
    const stored = await rows(payment.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: 'succeeded', amountCents: 6900, reason: 'technical_fault' });
    expect(refunded.json().payment).toMatchObject({ refunded_cents: 6900, remaining_cents: 0 });
    expect(await refundMails(email)).toHaveLength(1);
  });

  it('a refund made in Stripe’s dashboard is reflected by its event, and what is left shrinks', async () => {
    const { user, email, payment, intent } = await stripeMember();
    fake.addRefund(intent, 1000);
    expect((await deliver(chargeRefunded(intent))).json().outcome).toBe('applied');
    const listed = (await t.inject({ method: 'GET', url: `/api/admin/billing/users/${user.id}/payments`, cookie: admin })).json() as Json;
    expect(listed.items[0]).toMatchObject({ refunded_cents: 1000, remaining_cents: 5900 });
    expect(listed.items[0].refunds).toEqual([expect.objectContaining({ reason: 'provider', amount_cents: 1000, status: 'succeeded', requested_by: null, access: null })]);
    expect((await refundMails(email))[0]!.subject).toBe('Your refund of $10.00');
    const above = await refund(payment.id, { amount_cents: 5901, reason: 'technical_fault', access: 'keep' });
    expect(above.statusCode).toBe(400);
    expect(above.json().error.message).toBe('At most $59.00 of this payment can still be refunded.');
  });

  it('Stripe refusing the refund answers 409 and frees the amount; an outage answers 503 and the retry refunds once', async () => {
    const { payment, intent } = await stripeMember();
    // A dashboard refund we have not heard of yet: Stripe refuses more than what is left.
    fake.addRefund(intent, 6000);
    const refused = await refund(payment.id, { amount_cents: 3000, reason: 'technical_fault', access: 'keep' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('Stripe refused the refund');
    expect((await rows(payment.id)).map((row) => row.status)).toEqual(['failed']);

    const { payment: second } = await stripeMember();
    const requestId = randomUUID();
    fake.failures = { status: 500, remaining: 10 };
    const down = await refund(second.id, { amount_cents: 2000, reason: 'technical_fault', access: 'keep', request_id: requestId });
    fake.failures = null;
    expect(down.statusCode).toBe(503);
    expect((await rows(second.id)).map((row) => row.status)).toEqual(['pending']);
    const keys = new Set(refundsAtStripe().filter((r) => r.idempotencyKey?.startsWith('refund:')).slice(-3).map((r) => r.idempotencyKey));
    expect(keys.size).toBe(1);
    const retried = await refund(second.id, { amount_cents: 2000, reason: 'technical_fault', access: 'keep', request_id: requestId });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().refund).toMatchObject({ status: 'succeeded', id: (await rows(second.id))[0]!.id });
    expect(await rows(second.id)).toHaveLength(1);
  });

  it('access ending now cancels the subscription at Stripe at once; the member’s card is updated in Stripe’s portal', async () => {
    const { user, cookie, payment, subscription } = await stripeMember();
    const portal = await t.inject({ method: 'POST', url: '/api/subscriptions/payment-method', cookie });
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!.params).toEqual({ customer: subscription.customer, return_url: 'http://localhost:80/trading-subscription' });

    const refunded = await refund(payment.id, { amount_cents: 6900, reason: 'charged_after_cancelling', access: 'now' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const cancel = fake.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscription.id}`);
    expect(cancel).toHaveLength(1);
    expect(cancel[0]!.idempotencyKey).toBe(`cancel-now:${subscription.id}`);
    const status = (await t.inject({ method: 'GET', url: '/api/subscription/status', cookie: await t.signIn(user.email) })).json() as Json;
    expect(status).toMatchObject({ status: 'canceled', has_access: false });
    expect((await t.database.db.select({ roles: users.roles }).from(users).where(eq(users.id, user.id)))[0]!.roles).toEqual(['subscriber_free']);
  });
});
