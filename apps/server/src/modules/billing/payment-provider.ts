import type { DbOrTx } from '@myeai/db';
import type { CheckoutTrial, PaymentConfig, PaymentProviderKind, PlanId } from '@myeai/domain';
import type { BillingEvent } from './billing-event.ts';

export type CheckoutRequest = {
  /** Our checkout_sessions id: the idempotency key of the provider call. */
  checkoutId: string;
  userId: string;
  email: string;
  /** The provider's customer of an earlier subscription, reused. */
  customerId: string | null;
  plan: PlanId;
  /** The free days the subscription gets (checkoutTrialFor): the full 7, the rest of a running platform trial, or none. */
  trial: CheckoutTrial;
  /** Origin the provider sends the browser back to. */
  baseUrl: string;
};

export type CreatedCheckout = { providerSessionId: string; url: string; expiresAt: Date };

/** A payment provider: the embedded local one or Stripe, chosen by configuration. */
export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  publicConfig(): PaymentConfig;
  createCheckoutSession(request: CheckoutRequest): Promise<CreatedCheckout>;
  /** Makes an unfinished checkout unusable (a newer one replaced it). */
  expireCheckoutSession(providerSessionId: string): Promise<void>;
  /** Asks the provider to cancel at period end; returns the events describing the result, to apply. */
  cancelAtPeriodEnd(tx: DbOrTx, providerSubscriptionId: string): Promise<BillingEvent[]>;
}
