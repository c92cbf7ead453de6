import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, billingEvents, billingRefunds, commissionReversals, commissions, localBillingRefunds, mailOutbox, notifications, users } from '@myeai/db';
import { LOCAL_PAYMENT_METHOD_MESSAGE } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { createUser, getUserByEmail } from '../../auth/index.ts';
import { createCommission } from '../../commissions/index.ts';

const CONSENT = { terms_accepted: true, marketing_accepted: false };
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Refunds with the embedded provider (issue 31 items 1 and 5, decision 065): People Management
 * lists a member's payments and refunds one, in part or in whole, with the access choice; the
 * provider's event settles it once however often it comes; the member sees the refund, a
 * receipt and a refund request of their own.
 */
describe.each(testDatabaseKinds())('refunds and receipts with the embedded provider on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  /** A member who pays for `plan` at once (their free trial is used), with the local test card. */
  const payingMember = async (plan = '4weeks') => {
    seq += 1;
    const email = `refund-${seq}@example.test`;
    const user = await createUser(t.database.db, t.clock, { email, name: `Refund Member ${seq}`, roles: ['subscriber_free'], isDemo: true });
    await t.database.db.update(users).set({ freeTrialUsedAt: t.clock.now() }).where(eq(users.id, user.id));
    const cookie = await t.signIn(email);
    const started = await t.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', cookie, payload: { plan, consent: CONSENT } });
    expect(started.statusCode, started.body).toBe(200);
    const confirmed = await t.inject({ method: 'POST', url: `/api/billing/local/checkout-sessions/${started.json().session_id}/confirm`, cookie, payload: { card: 'succeeds' } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const payments = await t.inject({ method: 'GET', url: '/api/subscriptions/payments', cookie });
    expect(payments.statusCode, payments.body).toBe(200);
    return { user, cookie, email, payment: (payments.json() as Json).items[0] as Json };
  };
  const adminPayments = async (userId: string) => {
    const response = await t.inject({ method: 'GET', url: `/api/admin/billing/users/${userId}/payments`, cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Json;
  };
  const refund = (paymentId: string, body: Json) => t.inject({ method: 'POST', url: `/api/admin/billing/payments/${paymentId}/refund`, cookie: admin, payload: body });
  const status = async (cookie: string) => (await t.inject({ method: 'GET', url: '/api/subscription/status', cookie })).json() as Json;
  const refundMails = async (email: string) => t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'billing.refund')));
  const refundNotices = async (userId: string) => t.database.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.title, 'Refund issued')));

  it('lists the member’s payment for the admin and for the member, with a receipt', async () => {
    const { user, cookie, payment } = await payingMember();
    expect(payment).toMatchObject({ provider: 'local', plan: '4weeks', amount_cents: 6900, tax_cents: null, refunded_cents: 0, pending_refund_cents: 0, hosted_invoice_url: null });
    expect(payment.reference).toMatch(/^in_sub_local_/);
    expect(payment.period_start).toBe(t.clock.now().toISOString());
    expect(new Date(payment.period_end).getTime() - new Date(payment.period_start).getTime()).toBe(28 * 86_400_000);

    const listed = await adminPayments(user.id);
    expect(listed.user).toEqual({ id: user.id, name: user.name, email: user.email });
    expect(listed.items).toEqual([expect.objectContaining({ id: payment.id, amount_cents: 6900, remaining_cents: 6900, refunds: [], provider_payment_ref: payment.reference })]);

    const receipt = await t.inject({ method: 'GET', url: `/api/subscriptions/payments/${payment.id}`, cookie });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json()).toEqual({ seller: { name: 'MYEAI', details: [] }, customer: { name: user.name, email: user.email }, payment, plan_name: '4 Weeks', refunds: [] });
    // Another member's payment is no receipt of theirs: 404, as one that does not exist.
    const other = await payingMember('weekly');
    expect((await t.inject({ method: 'GET', url: `/api/subscriptions/payments/${payment.id}`, cookie: other.cookie })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/api/subscriptions/payments/${randomUUID()}`, cookie })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/api/admin/billing/users/${randomUUID()}/payments`, cookie: admin })).statusCode).toBe(404);
  });

  it('refunds half, settled once by the provider’s event however often it comes; the member is told the amount and 7-10 business days', async () => {
    const { user, cookie, email, payment } = await payingMember();
    const requestId = randomUUID();
    const body = { amount_cents: 3450, reason: 'technical_fault', note: 'The compass was down for two days.', access: 'keep', request_id: requestId };
    const refunded = await refund(payment.id, body);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const result = refunded.json() as Json;
    expect(result.refund).toMatchObject({ amount_cents: 3450, reason: 'technical_fault', note: 'The compass was down for two days.', access: 'keep', status: 'succeeded', requested_by: { name: 'Ada Admin' }, failure_message: null });
    expect(result.refund.provider_refund_id).toMatch(/^re_local_/);
    expect(result.refund.settled_at).toBe(t.clock.now().toISOString());
    expect(result.payment).toMatchObject({ id: payment.id, refunded_cents: 3450, pending_refund_cents: 0, remaining_cents: 3450 });

    // The member: one notification and one e-mail, with the amount and the policy's payout time.
    const notices = await refundNotices(user.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toContain('We refunded $34.50 of your $69.00 payment of');
    expect(notices[0]!.message).toContain('within 7-10 business days');
    const mails = await refundMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your refund of $34.50');
    expect(mails[0]!.textBody).toContain('within 7-10 business days');
    const mine = (await t.inject({ method: 'GET', url: '/api/subscriptions/payments', cookie })).json() as Json;
    expect(mine.items[0]).toMatchObject({ id: payment.id, refunded_cents: 3450 });
    // Access unchanged: the plan goes on.
    expect(await status(cookie)).toMatchObject({ status: 'active', has_access: true, cancel_at_period_end: false });

    // The same request again (a double click, a retry): the first refund, nothing new.
    const again = await refund(payment.id, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().refund.id).toBe(result.refund.id);
    // The provider's own event (its job), delivered twice: one refund, one e-mail still.
    expect(await t.runJobs()).toBeGreaterThan(0);
    const [delivered] = await t.database.db.select().from(billingEvents).where(eq(billingEvents.eventId, `evt_${result.refund.provider_refund_id}_refunded`));
    expect(delivered).toMatchObject({ type: 'charge.refunded', userId: user.id, amountCents: 3450 });
    expect(await t.database.db.select().from(billingRefunds).where(eq(billingRefunds.paymentId, payment.id))).toHaveLength(1);
    expect(await t.database.db.select().from(localBillingRefunds).where(eq(localBillingRefunds.paymentRef, payment.reference))).toHaveLength(1);
    expect(await refundMails(email)).toHaveLength(1);
    expect(await refundNotices(user.id)).toHaveLength(1);
    const audit = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.target, user.id), inArray(auditLog.action, ['billing.refund_requested', 'billing.refund_settled', 'billing.refund_access'])));
    expect(audit.map((row) => row.action).sort()).toEqual(['billing.refund_access', 'billing.refund_requested', 'billing.refund_settled']);

    // The receipt shows the refund.
    const receipt = (await t.inject({ method: 'GET', url: `/api/subscriptions/payments/${payment.id}`, cookie })).json() as Json;
    expect(receipt.refunds).toEqual([{ amount_cents: 3450, settled_at: result.refund.settled_at }]);
  });

  it('refuses more than what is left (400, nothing written), a goodwill refund without a note, and anything once refunded in full', async () => {
    const { user, cookie, payment } = await payingMember();
    const before = await t.database.db.select().from(billingRefunds).where(eq(billingRefunds.paymentId, payment.id));
    const above = await refund(payment.id, { amount_cents: 6901, reason: 'duplicate_payment', access: 'keep' });
    expect(above.statusCode).toBe(400);
    expect(above.json().error).toMatchObject({ code: 'VALIDATION', message: 'At most $69.00 of this payment can still be refunded.' });
    const goodwill = await refund(payment.id, { amount_cents: 100, reason: 'goodwill', note: ' ', access: 'keep' });
    expect(goodwill.statusCode).toBe(400);
    expect(goodwill.json().error.details).toEqual([{ path: 'note', message: 'Write a note: a goodwill refund needs one.' }]);
    for (const bad of [{ amount_cents: 0 }, { amount_cents: -5 }, { amount_cents: 12.5 }, { reason: 'changed_mind' }, { access: 'later' }]) {
      const refused = await refund(payment.id, { amount_cents: 100, reason: 'technical_fault', access: 'keep', ...bad });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await t.database.db.select().from(billingRefunds).where(eq(billingRefunds.paymentId, payment.id))).toEqual(before);
    expect((await refund(randomUUID(), { amount_cents: 100, reason: 'technical_fault', access: 'keep' })).statusCode).toBe(404);

    // A goodwill refund with its note, then the rest with access ending now.
    const first = await refund(payment.id, { amount_cents: 900, reason: 'goodwill', note: 'Sorry for the slow answer.', access: 'keep' });
    expect(first.statusCode, first.body).toBe(200);
    const overRest = await refund(payment.id, { amount_cents: 6001, reason: 'charged_after_cancelling', access: 'now' });
    expect(overRest.statusCode).toBe(400);
    expect(overRest.json().error.message).toBe('At most $60.00 of this payment can still be refunded.');
    const rest = await refund(payment.id, { amount_cents: 6000, reason: 'charged_after_cancelling', access: 'now' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().payment).toMatchObject({ refunded_cents: 6900, remaining_cents: 0 });
    expect(rest.json().refund.access_applied_at).toBe(t.clock.now().toISOString());
    // Access ended now: the subscription is over, and so is the subscriber role it gave.
    expect(await status(await t.signIn(user.email))).toMatchObject({ status: 'canceled', has_access: false });
    expect((await t.database.db.select({ roles: users.roles }).from(users).where(eq(users.id, user.id)))[0]!.roles).toEqual(['subscriber_free']);
    const full = await refund(payment.id, { amount_cents: 1, reason: 'technical_fault', access: 'keep' });
    expect(full.statusCode).toBe(400);
    expect(full.json().error.message).toBe('This payment is refunded in full already.');
    // Nothing left to ask for either.
    const asked = await t.inject({ method: 'POST', url: `/api/subscriptions/payments/${payment.id}/refund-request`, cookie, payload: { message: 'Please refund the rest of it.' } });
    expect(asked.statusCode).toBe(409);
  });

  it('reverses the commissions that came from the payment in the settlement, in proportion, once per refund (issue 31 item 2)', async () => {
    const { payment } = await payingMember();
    const affiliate = (await getUserByEmail(t.database.db, 'affiliate@demo.myeai.local'))!;
    const { commission } = await createCommission(t.database.db, t.clock, {
      userId: affiliate.id,
      productId: null,
      productName: '4 Weeks subscription',
      source: 'adjustment',
      sourceReference: `subscription-payment:${payment.id}`,
      amountCents: 690,
      rateBp: 1000,
      notify: false,
      paymentId: payment.id,
    });
    const half = await refund(payment.id, { amount_cents: 3450, reason: 'technical_fault', access: 'keep', request_id: randomUUID() });
    expect(half.statusCode, half.body).toBe(200);
    const lines = () => t.database.db.select().from(commissions).where(eq(commissions.reversesId, commission.id));
    expect((await lines()).map((line) => line.amountCents)).toEqual([-345]);
    const [reversal] = await t.database.db.select().from(commissionReversals).where(eq(commissionReversals.key, `refund:${half.json().refund.id}`));
    expect(reversal).toMatchObject({ kind: 'refund', subjectId: payment.id, revenueCents: 3450, baseCents: 6900, linesCents: -345 });
    // The provider's event for the same refund reverses nothing more; the rest of the payment reverses the rest, to the cent.
    await t.runJobs();
    expect((await lines()).map((line) => line.amountCents)).toEqual([-345]);
    const rest = await refund(payment.id, { amount_cents: 3450, reason: 'technical_fault', access: 'keep' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await lines()).reduce((sum, line) => sum + line.amountCents, 0)).toBe(-690);
  });

  it('ends access at the end of the paid period when chosen: cancelled, no renewal, access until then', async () => {
    const { cookie, payment } = await payingMember('weekly');
    const refunded = await refund(payment.id, { amount_cents: 2900, reason: 'charged_after_cancelling', access: 'period_end' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await status(cookie)).toMatchObject({ status: 'canceled', cancel_at_period_end: true, has_access: true, current_period_end: payment.period_end });
  });

  it('a member asks for a refund of a payment: a support request tagged with it, in the Support tab with the payment; one at a time', async () => {
    const { user, cookie, payment } = await payingMember('12weeks');
    const short = await t.inject({ method: 'POST', url: `/api/subscriptions/payments/${payment.id}/refund-request`, cookie, payload: { message: 'refund' } });
    expect(short.statusCode).toBe(400);
    const asked = await t.inject({ method: 'POST', url: `/api/subscriptions/payments/${payment.id}/refund-request`, cookie, payload: { message: 'I was charged twice for the same period.' } });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ payment_id: payment.id, status: 'open', message: 'I was charged twice for the same period.', priority: true });
    expect(asked.json().subject).toMatch(/^Refund request: \$179\.00 payment of /);
    const twice = await t.inject({ method: 'POST', url: `/api/subscriptions/payments/${payment.id}/refund-request`, cookie, payload: { message: 'Did you get my request?' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toContain('We review refund requests within 5 business days');
    const other = await payingMember('weekly');
    expect((await t.inject({ method: 'POST', url: `/api/subscriptions/payments/${payment.id}/refund-request`, cookie: other.cookie, payload: { message: 'Not my payment at all.' } })).statusCode).toBe(404);

    const queue = (await t.inject({ method: 'GET', url: '/api/admin/support/requests?status=open&limit=50', cookie: admin })).json() as Json;
    const listed = queue.items.find((item: Json) => item.id === asked.json().id);
    expect(listed).toMatchObject({ user: { id: user.id }, payment: { id: payment.id, amount_cents: 17900, plan: '12weeks', paid_at: payment.paid_at }, payment_id: payment.id });
    const mine = (await t.inject({ method: 'GET', url: '/api/support/requests', cookie })).json() as Json;
    expect(mine.items[0]).toMatchObject({ id: asked.json().id, payment_id: payment.id });
  });

  it('“Update payment method” with the test checkout says what to do instead', async () => {
    const { cookie } = await payingMember('weekly');
    const answer = await t.inject({ method: 'POST', url: '/api/subscriptions/payment-method', cookie });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toBe(LOCAL_PAYMENT_METHOD_MESSAGE);
    const none = await t.inject({ method: 'POST', url: '/api/subscriptions/payment-method', cookie: await t.signIn('newcomer@demo.myeai.local') });
    expect(none.statusCode).toBe(404);
  });
});
