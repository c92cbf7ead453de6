import { randomBytes } from 'node:crypto';
import type { Database } from '@myeai/db';
import type { RefundReason } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { applyBillingEvent } from './apply-billing-event.ts';
import { lockUser } from './billing.queries.ts';
import { insertLocalRefund, insertRefund, selectPaymentForUpdate, selectRefundsOfPayments, selectUserPayments } from './billing-payments.queries.ts';

const DAY_MS = 86_400_000;

/**
 * Demo seed (decision 065): an admin's partial refund of a member's latest payment with the
 * embedded provider, made the way the refund route makes one (the admin's pending refund, the
 * provider's refund in its books, its charge.refunded event applied by applyBillingEvent, which
 * settles it: notification, e-mail, audit), dated `daysAgo` before `clock`'s now. Access is kept.
 * Idempotent: a payment with any refund is left as it is.
 */
export async function seedDemoRefund(
  db: Database,
  clock: Clock,
  input: { userId: string; adminId: string; amountCents: number; reason: RefundReason; note: string; daysAgo: number },
): Promise<void> {
  const at = new Date(clock.now().getTime() - input.daysAgo * DAY_MS);
  const then: Clock = { now: () => at };
  await db.transaction(async (tx) => {
    await lockUser(tx, input.userId);
    const [latest] = await selectUserPayments(tx, input.userId, 1);
    if (!latest || latest.provider !== 'local' || !latest.providerPaymentRef) return;
    const payment = (await selectPaymentForUpdate(tx, latest.id))!;
    if ((await selectRefundsOfPayments(tx, [payment.id])).length > 0) return;
    const amountCents = Math.min(input.amountCents, payment.amountCents);
    const refund = await insertRefund(tx, {
      paymentId: payment.id,
      provider: 'local',
      amountCents,
      reason: input.reason,
      note: input.note,
      access: 'keep',
      status: 'pending',
      requestedBy: input.adminId,
      requestedAt: at,
      accessAppliedAt: at,
    });
    await recordAudit(tx, then, {
      actorId: input.adminId,
      action: 'billing.refund_requested',
      target: input.userId,
      details: { payment_id: payment.id, refund_id: refund.id, amount_cents: amountCents, payment_cents: payment.amountCents, reason: input.reason, note: input.note, access: 'keep' },
    });
    const booked = await insertLocalRefund(tx, {
      id: `re_local_${randomBytes(12).toString('hex')}`,
      paymentRef: payment.providerPaymentRef!,
      amountCents,
      idempotencyKey: `refund:${refund.id}`,
      metadata: { myeai_refund_id: refund.id, myeai_payment_id: payment.id },
      status: 'succeeded',
      createdAt: at,
    });
    await applyBillingEvent(tx, { clock: then, actorId: input.adminId }, {
      provider: 'local',
      id: `evt_${booked.id}_refunded`,
      type: 'charge.refunded',
      occurredAt: at,
      userId: input.userId,
      refunds: [{ providerRefundId: booked.id, paymentRefs: [booked.paymentRef], amountCents, status: 'succeeded', refundId: refund.id, failureReason: null }],
    });
  });
}
