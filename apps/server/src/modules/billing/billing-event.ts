import type { PaymentProviderKind, PlanId, ProviderStatus, RefundStatus } from '@myeai/domain';

/** A provider subscription as the provider reports it at `observedAt`. */
export type SubscriptionSnapshot = {
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  /** Our user id, as we gave it to the provider (metadata / client_reference_id). */
  userId: string | null;
  plan: PlanId | null;
  status: ProviderStatus;
  trialEnd: Date | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  endedAt: Date | null;
  /** When the provider created this subscription: a newer subscription replaces an older one, never the reverse. */
  createdAt: Date;
  /** Provider time of this state: the event's time, or when it was fetched from the provider. */
  observedAt: Date;
};

/** What the provider says of a paid invoice beyond its amount: what a receipt shows and a refund is made against. */
export type PaymentDetails = {
  /** Stripe's payment intent (or charge); null when the provider did not say. */
  paymentRef: string | null;
  taxCents: number | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  hostedInvoiceUrl: string | null;
};

/** A refund as the provider reports it (its answer to our request, or its event). */
export type RefundSnapshot = {
  providerRefundId: string;
  /** The provider's references of the payment refunded (payment intent, charge): one of them is the stored payment's. */
  paymentRefs: string[];
  amountCents: number;
  status: RefundStatus;
  /** Our refund's id, which we gave the provider as metadata; null for a refund made at the provider. */
  refundId: string | null;
  failureReason: string | null;
};

/**
 * One provider event, normalised. Stripe webhooks and the embedded provider both end up here and
 * go through the same applyBillingEvent.
 */
export type BillingEvent = {
  provider: PaymentProviderKind;
  /** The provider's event id: the idempotency key. */
  id: string;
  /** checkout.session.completed, customer.subscription.created/updated/deleted, invoice.paid, invoice.payment_failed; anything else is recorded and ignored. */
  type: string;
  occurredAt: Date;
  userId: string | null;
  checkoutSessionId?: string | null;
  subscription?: SubscriptionSnapshot | null;
  invoice?: { id: string; amountCents: number } | null;
  /** invoice.paid: the payment's details (the embedded provider's charge is its invoice). */
  payment?: PaymentDetails | null;
  /** charge.refunded, refund.created/updated/failed: the refunds of one payment (decision 065). */
  refunds?: RefundSnapshot[] | null;
};
