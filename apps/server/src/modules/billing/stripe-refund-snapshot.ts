import type Stripe from 'stripe';
import type { RefundStatus } from '@myeai/domain';
import type { RefundSnapshot } from './billing-event.ts';

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

function stripeRefundStatus(status: string | null | undefined): RefundStatus {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed') return 'failed';
  if (status === 'canceled') return 'canceled';
  return 'pending';
}

/** A Stripe refund as our snapshot (refund.* events, charge.refunded's list, the answer to our create). */
export function stripeRefundSnapshot(refund: Stripe.Refund): RefundSnapshot {
  return {
    providerRefundId: refund.id,
    paymentRefs: [idOf(refund.payment_intent), idOf(refund.charge)].filter((ref): ref is string => ref !== null),
    amountCents: refund.amount,
    status: stripeRefundStatus(refund.status),
    refundId: refund.metadata?.myeai_refund_id ?? null,
    failureReason: refund.failure_reason ?? null,
  };
}

