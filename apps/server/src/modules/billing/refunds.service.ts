import type { DbOrTx } from '@myeai/db';
import {
  AppError,
  isEntitledStatus,
  isPlanId,
  pendingRefundCents,
  refundableRemainder,
  refundAmountProblem,
  refundedCents,
  toProviderStatus,
  type AdminPayment,
  type AdminUserPayments,
  type PaymentProviderKind,
  type Refund,
  type RefundAccess,
  type RefundInput,
  type RefundLine,
  type RefundResult,
  type RefundStatus,
  type StoredRefundReason,
} from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import { recordAudit } from '../audit/index.ts';
import { enqueueJob } from '../jobs/index.ts';
import { applyBillingEvent } from './apply-billing-event.ts';
import { getSubscriptionRow, lockUser } from './billing.queries.ts';
import {
  insertRefund,
  selectMember,
  selectPayment,
  selectPaymentForUpdate,
  selectRefundByRequest,
  selectRefundForUpdate,
  selectRefundsOfPayments,
  selectRefundWithAdmin,
  selectUserPayments,
  updateRefund,
  type PaymentRow,
  type RefundRow,
  type RefundWithAdmin,
} from './billing-payments.queries.ts';
import { RefundRefusedError, refundProviderFor } from './refund-provider.ts';
import { paymentProviderFor } from './providers.ts';

/** Finishes an admin's refund the request could not (the server stopped, the provider was down): the provider call and the access change. */
export const REFUND_FINISH_JOB = 'billing.refund.finish';
/** The request finishes its refund itself; the job is the safety net, a few minutes later. */
const FINISH_SAFETY_DELAY_MS = 5 * 60_000;
export const PAYMENTS_LIST_MAX = 200;

export const lineOf = (refund: Pick<RefundRow, 'amountCents' | 'status'>): RefundLine => ({ amountCents: refund.amountCents, status: refund.status as RefundStatus });

export function toRefund(row: RefundWithAdmin): Refund {
  return {
    id: row.id,
    amount_cents: row.amountCents,
    reason: row.reason as StoredRefundReason,
    note: row.note,
    access: row.access as RefundAccess | null,
    status: row.status as RefundStatus,
    requested_by: row.requestedBy ? { id: row.requestedBy, name: row.requestedByName ?? 'A former admin' } : null,
    requested_at: row.requestedAt.toISOString(),
    settled_at: row.settledAt?.toISOString() ?? null,
    provider_refund_id: row.providerRefundId,
    failure_message: row.failureMessage,
    access_applied_at: row.accessAppliedAt?.toISOString() ?? null,
  };
}

export function paymentFields(row: PaymentRow, refunds: readonly RefundLine[]) {
  return {
    id: row.id,
    provider: row.provider as PaymentProviderKind,
    paid_at: row.paidAt.toISOString(),
    plan: isPlanId(row.plan) ? row.plan : null,
    amount_cents: row.amountCents,
    tax_cents: row.taxCents,
    refunded_cents: refundedCents(refunds),
    pending_refund_cents: pendingRefundCents(refunds),
    period_start: row.periodStart?.toISOString() ?? null,
    period_end: row.periodEnd?.toISOString() ?? null,
    reference: row.providerInvoiceId,
  };
}

function toAdminPayment(row: PaymentRow, refunds: readonly RefundWithAdmin[]): AdminPayment {
  const lines = refunds.map(lineOf);
  return {
    ...paymentFields(row, lines),
    provider_payment_ref: row.providerPaymentRef,
    remaining_cents: refundableRemainder(row.amountCents, lines),
    refunds: refunds.map(toRefund),
  };
}

function byPayment(refunds: readonly RefundWithAdmin[]): Map<string, RefundWithAdmin[]> {
  const map = new Map<string, RefundWithAdmin[]>();
  for (const refund of refunds) map.set(refund.paymentId, [...(map.get(refund.paymentId) ?? []), refund]);
  return map;
}

/** GET /api/admin/billing/users/:id/payments: every payment of the person, newest first, with its refunds. */
export async function listPaymentsForAdmin(db: DbOrTx, userId: string): Promise<AdminUserPayments> {
  const member = await selectMember(db, userId);
  if (!member) throw new AppError('NOT_FOUND', 'User not found.');
  const payments = await selectUserPayments(db, userId, PAYMENTS_LIST_MAX);
  const refunds = byPayment(await selectRefundsOfPayments(db, payments.map((payment) => payment.id)));
  return { user: member, items: payments.map((payment) => toAdminPayment(payment, refunds.get(payment.id) ?? [])) };
}

async function refundResult(db: DbOrTx, refundId: string): Promise<RefundResult> {
  const refund = await selectRefundWithAdmin(db, refundId);
  const payment = refund ? await selectPayment(db, refund.paymentId) : undefined;
  if (!refund || !payment) throw new AppError('NOT_FOUND', 'Refund not found.');
  return { refund: toRefund(refund), payment: toAdminPayment(payment, await selectRefundsOfPayments(db, [payment.id])) };
}

/**
 * POST /api/admin/billing/payments/:id/refund. One transaction decides and records the refund
 * (pending, at most what is left: 400 above it) with its safety-net job; then the provider is
 * asked, with our refund id as idempotency key, and its answer is applied as the provider event it
 * is. The provider's own event settles the refund too, whichever comes first: one refund either
 * way. A repeated request with the same request_id answers the first refund.
 */
export async function refundPayment(deps: AppDeps, adminId: string, paymentId: string, input: RefundInput): Promise<RefundResult> {
  const found = await selectPayment(deps.db, paymentId);
  if (!found) throw new AppError('NOT_FOUND', 'Payment not found.');
  const refundId = await deps.db.transaction(async (tx) => {
    // The member first, then the payment: the order the provider's events lock them in.
    if (found.userId) await lockUser(tx, found.userId);
    const payment = (await selectPaymentForUpdate(tx, paymentId))!;
    if (input.request_id) {
      const earlier = await selectRefundByRequest(tx, paymentId, input.request_id);
      if (earlier) return earlier.id;
    }
    if (!payment.userId) throw new AppError('CONFLICT', 'The account that made this payment was erased; refund it at the payment provider.');
    if (!payment.providerPaymentRef) {
      throw new AppError('CONFLICT', 'This payment was recorded before refunds were kept here: refund it in the payment provider’s dashboard, and its event will show the refund here.');
    }
    const refunds = await selectRefundsOfPayments(tx, [payment.id]);
    const problem = refundAmountProblem(input.amount_cents, refundableRemainder(payment.amountCents, refunds.map(lineOf)));
    if (problem) throw new AppError('VALIDATION', problem, [{ path: 'amount_cents', message: problem }]);
    const now = deps.clock.now();
    const refund = await insertRefund(tx, {
      paymentId: payment.id,
      provider: payment.provider,
      amountCents: input.amount_cents,
      reason: input.reason,
      note: input.note?.trim() || null,
      access: input.access,
      status: 'pending',
      requestId: input.request_id ?? null,
      requestedBy: adminId,
      requestedAt: now,
    });
    await enqueueJob(tx, deps.clock, { name: REFUND_FINISH_JOB, payload: { refundId: refund.id }, runAt: new Date(now.getTime() + FINISH_SAFETY_DELAY_MS), dedupeKey: `refund-finish:${refund.id}` });
    await recordAudit(tx, deps.clock, {
      actorId: adminId,
      action: 'billing.refund_requested',
      target: payment.userId,
      details: { payment_id: payment.id, refund_id: refund.id, amount_cents: input.amount_cents, payment_cents: payment.amountCents, reason: input.reason, note: refund.note, access: input.access },
    });
    return refund.id;
  });
  await finishRefund(deps, refundId, adminId);
  const result = await refundResult(deps.db, refundId);
  if (result.refund.status === 'failed' || result.refund.status === 'canceled') throw new AppError('CONFLICT', result.refund.failure_message ?? 'The payment provider refused the refund.');
  return result;
}

/**
 * What is left to do of an admin's refund: ask the provider (unless it answered already) and
 * apply its answer, then the access choice. Run by the request and, as a safety net, by its job;
 * each step is idempotent. A refusal by the provider marks the refund failed (its amount is
 * refundable again) and answers 409.
 */
export async function finishRefund(deps: AppDeps, refundId: string, actorId: string | null): Promise<void> {
  const row = await selectRefundWithAdmin(deps.db, refundId);
  const payment = row ? await selectPayment(deps.db, row.paymentId) : undefined;
  if (!row || !payment || row.requestedBy === null) return;
  let current: RefundRow = row;
  if (current.status === 'pending' && current.providerRefundId === null) {
    const provider = refundProviderFor(deps, payment.provider as PaymentProviderKind);
    try {
      const snapshot = await provider.createRefund({ refundId, paymentId: payment.id, paymentRef: payment.providerPaymentRef!, amountCents: current.amountCents, reason: current.reason as StoredRefundReason });
      await deps.db.transaction((tx) =>
        applyBillingEvent(tx, { clock: deps.clock, actorId }, { provider: provider.kind, id: `api:refund:${snapshot.providerRefundId}:${snapshot.status}`, type: 'refund.updated', occurredAt: deps.clock.now(), userId: payment.userId, refunds: [snapshot] }),
      );
    } catch (error) {
      if (!(error instanceof RefundRefusedError)) throw error;
      await markRefused(deps, refundId, actorId, error.message);
      return;
    }
    current = (await selectRefundWithAdmin(deps.db, refundId))!;
  }
  const accepted = current.providerRefundId !== null && (current.status === 'pending' || current.status === 'succeeded');
  if (accepted && current.access && current.accessAppliedAt === null) await applyAccessChoice(deps, current, payment, actorId);
}

async function markRefused(deps: AppDeps, refundId: string, actorId: string | null, message: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await selectRefundForUpdate(tx, refundId);
    if (!row || row.status !== 'pending' || row.providerRefundId !== null) return;
    await updateRefund(tx, refundId, { status: 'failed', failureMessage: message });
    const payment = await selectPayment(tx, row.paymentId);
    await recordAudit(tx, deps.clock, { actorId, action: 'billing.refund_failed', target: payment?.userId ?? null, details: { payment_id: row.paymentId, refund_id: refundId, message } });
  });
}

/**
 * The admin's choice of when access ends, on the subscription the payment paid for while it is
 * still the member's and entitled: ended now at the provider, or set to end at the period's end
 * (no renewal); "keep" changes nothing. Recorded once (access_applied_at), audited.
 */
async function applyAccessChoice(deps: AppDeps, refund: RefundRow, payment: PaymentRow, actorId: string | null): Promise<void> {
  if (!payment.userId) return;
  const userId = payment.userId;
  await deps.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const locked = await selectRefundForUpdate(tx, refund.id);
    if (!locked || locked.accessAppliedAt !== null) return;
    const subscription = await getSubscriptionRow(tx, userId);
    const kind = payment.provider as PaymentProviderKind;
    const paidFor =
      subscription !== undefined &&
      subscription.provider === payment.provider &&
      (payment.providerSubscriptionId === null || subscription.providerSubscriptionId === payment.providerSubscriptionId) &&
      isEntitledStatus(toProviderStatus(subscription.status));
    let changed = false;
    if (paidFor && locked.access === 'now') {
      const events = await refundProviderFor(deps, kind).cancelNow(tx, subscription.providerSubscriptionId);
      for (const event of events) await applyBillingEvent(tx, { clock: deps.clock, actorId }, event);
      changed = events.length > 0;
    } else if (paidFor && locked.access === 'period_end' && !subscription.cancelAtPeriodEnd) {
      const events = await paymentProviderFor(deps, kind).cancelAtPeriodEnd(tx, subscription.providerSubscriptionId);
      for (const event of events) await applyBillingEvent(tx, { clock: deps.clock, actorId }, event);
      changed = events.length > 0;
    }
    await updateRefund(tx, refund.id, { accessAppliedAt: deps.clock.now() });
    await recordAudit(tx, deps.clock, {
      actorId,
      action: 'billing.refund_access',
      target: userId,
      details: { payment_id: payment.id, refund_id: refund.id, access: locked.access, subscription: subscription?.providerSubscriptionId ?? null, changed },
    });
  });
}
