import type { PaymentProviderKind, PlanId, ProviderStatus } from '@myeai/domain';

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
};
