import type { DbOrTx } from '@myeai/db';
import { formatDollarsAndCents, getPlan, isPlanId, REFUND_REASON_LABELS, refundNoticeText, type RefundStatus, type StoredRefundReason } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { reverseCommissionsForRefund } from '../commissions/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { createNotification } from '../notifications/index.ts';
import type { BillingEvent, RefundSnapshot } from './billing-event.ts';
import {
  insertPaymentOnce,
  insertRefund,
  selectPaymentByRef,
  selectPaymentForUpdate,
  selectRefundByProviderIdForUpdate,
  selectRefundForUpdate,
  updateRefund,
  type PaymentRow,
  type RefundRow,
} from './billing-payments.queries.ts';

type Member = { id: string; name: string; email: string };
type SettleContext = { clock: Clock; actorId?: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const paidOnFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * invoice.paid with an amount: the payment is recorded once (the provider's invoice id is unique),
 * with what the receipt shows. The embedded provider's charge is its invoice.
 */
export async function recordPayment(tx: DbOrTx, clock: Clock, userId: string, event: BillingEvent): Promise<void> {
  const invoice = event.invoice;
  if (!invoice || invoice.amountCents <= 0) return;
  const snapshot = event.subscription ?? null;
  const details = event.payment ?? null;
  await insertPaymentOnce(tx, {
    userId,
    provider: event.provider,
    providerInvoiceId: invoice.id,
    providerPaymentRef: details?.paymentRef ?? (event.provider === 'local' ? invoice.id : null),
    providerSubscriptionId: snapshot?.providerSubscriptionId ?? null,
    plan: snapshot?.plan ?? null,
    amountCents: invoice.amountCents,
    taxCents: details?.taxCents ?? null,
    periodStart: details?.periodStart ?? snapshot?.currentPeriodStart ?? null,
    periodEnd: details?.periodEnd ?? snapshot?.currentPeriodEnd ?? null,
    hostedInvoiceUrl: details?.hostedInvoiceUrl ?? null,
    paidAt: event.occurredAt,
    createdAt: clock.now(),
  });
}

/** The user a refund event is about: the owner of the payment it refunds. */
export async function refundEventOwner(tx: DbOrTx, event: BillingEvent): Promise<string | null> {
  for (const refund of event.refunds ?? []) {
    const payment = await selectPaymentByRef(tx, event.provider, refund.paymentRefs);
    if (payment?.userId) return payment.userId;
  }
  return null;
}

/**
 * The provider's word on refunds (its event, or its answer to our request applied as one): each
 * refund is matched to ours by the provider's refund id or the refund id we gave it as metadata;
 * one we never asked for (made in the provider's dashboard) is recorded as such. A refund is
 * settled once, when it first reaches succeeded, however many events say so and in whatever order
 * they come: the member is told, the settlement audited. Runs in applyBillingEvent's transaction,
 * after the member's row is locked.
 */
export async function settleRefunds(tx: DbOrTx, context: SettleContext, member: Member, event: BillingEvent): Promise<boolean> {
  let changed = false;
  for (const snapshot of event.refunds ?? []) {
    if (await settleRefund(tx, context, member, event, snapshot)) changed = true;
  }
  return changed;
}

async function settleRefund(tx: DbOrTx, context: SettleContext, member: Member, event: BillingEvent, snapshot: RefundSnapshot): Promise<boolean> {
  const found = await selectPaymentByRef(tx, event.provider, snapshot.paymentRefs);
  if (!found || found.userId !== member.id) return false;
  const payment = (await selectPaymentForUpdate(tx, found.id))!;
  const now = context.clock.now();

  let row = await selectRefundByProviderIdForUpdate(tx, event.provider, snapshot.providerRefundId);
  if (!row && snapshot.refundId && UUID.test(snapshot.refundId)) {
    const ours = await selectRefundForUpdate(tx, snapshot.refundId);
    if (ours && ours.paymentId === payment.id && ours.providerRefundId === null) row = ours;
  }
  let changed = false;
  if (!row) {
    row = await insertRefund(tx, {
      paymentId: payment.id,
      provider: event.provider,
      providerRefundId: snapshot.providerRefundId,
      amountCents: snapshot.amountCents,
      reason: 'provider',
      status: 'pending',
      requestedAt: event.occurredAt,
      submittedAt: now,
    });
    await recordAudit(tx, context.clock, {
      actorId: null,
      action: 'billing.refund_recorded',
      target: member.id,
      details: { payment_id: payment.id, refund_id: row.id, provider_refund_id: snapshot.providerRefundId, amount_cents: snapshot.amountCents, event_id: event.id },
    });
    changed = true;
  } else if (row.providerRefundId === null) {
    row = await updateRefund(tx, row.id, { providerRefundId: snapshot.providerRefundId, submittedAt: row.submittedAt ?? now });
    changed = true;
  }
  return (await moveTo(tx, context, member, payment, row, snapshot, event)) || changed;
}

/** A refund's status follows the provider's; reaching succeeded the first time settles it. */
async function moveTo(tx: DbOrTx, context: SettleContext, member: Member, payment: PaymentRow, row: RefundRow, snapshot: RefundSnapshot, event: BillingEvent): Promise<boolean> {
  const next: RefundStatus = snapshot.status;
  if (next === row.status || next === 'pending') return false;
  const now = context.clock.now();
  if (next === 'succeeded') {
    // The provider's amount is the one refunded (it equals ours unless the refund was made elsewhere).
    const settled = await updateRefund(tx, row.id, { status: 'succeeded', amountCents: snapshot.amountCents, settledAt: now, failureMessage: null });
    await onSettled(tx, context, member, payment, settled, event);
    return true;
  }
  await updateRefund(tx, row.id, { status: next, failureMessage: snapshot.failureReason ?? `The provider reported the refund ${next}.` });
  await recordAudit(tx, context.clock, {
    actorId: null,
    action: 'billing.refund_failed',
    target: member.id,
    details: { payment_id: payment.id, refund_id: row.id, provider_refund_id: snapshot.providerRefundId, status: next, previous_status: row.status, reason: snapshot.failureReason, event_id: event.id },
  });
  return true;
}

async function onSettled(tx: DbOrTx, context: SettleContext, member: Member, payment: PaymentRow, refund: RefundRow, event: BillingEvent): Promise<void> {
  const planName = isPlanId(payment.plan) ? getPlan(payment.plan).name : null;
  const message = refundNoticeText({ amountCents: refund.amountCents, paymentCents: payment.amountCents, paidOn: paidOnFormat.format(payment.paidAt), planName });
  await recordAudit(tx, context.clock, {
    actorId: context.actorId ?? null,
    action: 'billing.refund_settled',
    target: member.id,
    details: {
      payment_id: payment.id,
      refund_id: refund.id,
      provider: refund.provider,
      provider_refund_id: refund.providerRefundId,
      amount_cents: refund.amountCents,
      payment_cents: payment.amountCents,
      reason: refund.reason,
      event_id: event.id,
    },
  });
  // The commissions that came from this payment are reversed in proportion, in this transaction (issue 31 item 2).
  await reverseCommissionsForRefund(tx, {
    paymentId: payment.id,
    refundId: refund.id,
    refundedCents: Math.min(refund.amountCents, payment.amountCents),
    paymentCents: payment.amountCents,
    reason: `Refund of a subscription payment: ${REFUND_REASON_LABELS[refund.reason as StoredRefundReason] ?? refund.reason}`,
    clock: context.clock,
    actorId: context.actorId ?? null,
  });
  await createNotification(tx, context.clock, {
    userId: member.id,
    type: 'system',
    title: 'Refund issued',
    message,
    data: { payment_id: payment.id, refund_id: refund.id, link: '/trading-subscription' },
    sourceKey: `refund:${refund.id}:settled`,
    // The e-mail below is sent whatever the notification settings: it is the record of money returned.
    email: false,
  });
  await enqueueMail(tx, context.clock, {
    userId: member.id,
    kind: 'billing.refund',
    to: member.email,
    subject: `Your refund of ${formatDollarsAndCents(refund.amountCents)}`,
    text: `Hello ${member.name},\n\n${message}\n\nYour receipts and refunds are listed on your subscription page.\n`,
  });
}
