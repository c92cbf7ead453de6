import type { DbOrTx } from '@myeai/db';
import type { PaymentProviderKind, PlanId } from '@myeai/domain';
import type { BillingEvent } from './billing-event.ts';

export const CARD_DECLINED_ON_CHANGE_MESSAGE = 'Your card was declined, so your plan was not changed. Update your payment method and try again.';

/** A change that takes effect now: an upgrade prorated at `proratedAt`, or any change of a plan in its free trial (nothing charged). */
export type PlanChangeNow = {
  providerSubscriptionId: string;
  from: PlanId;
  to: PlanId;
  mode: 'prorate' | 'trial';
  /** The proration moment (whole second); the new period starts at the change. */
  proratedAt: Date;
  /** Idempotency key of the provider call: a retry after a crash gets the provider's first answer. */
  key: string;
};

export type PlanChangedNow = {
  /** The provider's events describing the result, to apply (the subscription on its new plan; the embedded provider's invoice). */
  events: BillingEvent[];
  /** What the provider charged for the change (0 in a trial). */
  chargedCents: number;
  /** The provider's invoice of the charge, if any. */
  invoiceId: string | null;
};

/** A downgrade at the end of the paid period, kept by the provider until then (a Stripe subscription schedule). */
export type PlanChangeLater = { providerSubscriptionId: string; userId: string; from: PlanId; to: PlanId; at: Date; key: string };

/**
 * What plan changes need of a payment provider beside PaymentProvider (decision 064): one rule
 * for both (the domain's proration), Stripe asked for its own proration of the same moment.
 */
export interface PlanChangeProvider {
  readonly kind: PaymentProviderKind;
  changePlanNow(tx: DbOrTx, change: PlanChangeNow): Promise<PlanChangedNow>;
  /** Schedules a downgrade for the end of the period; returns the provider's reference of the schedule. */
  schedulePlanChange(tx: DbOrTx, change: PlanChangeLater): Promise<string | null>;
  /** Cancels a scheduled downgrade: the plan renews as it is. */
  cancelScheduledPlanChange(tx: DbOrTx, providerSubscriptionId: string, reference: string | null): Promise<void>;
  /**
   * At the scheduled moment: what the provider holds now (the embedded provider renews on the new
   * plan if its own job has not yet), as events to apply.
   */
  applyScheduledPlanChange(tx: DbOrTx, providerSubscriptionId: string, changeId: string): Promise<BillingEvent[]>;
}
