import Stripe from 'stripe';
import type { DbOrTx } from '@myeai/db';
import { AppError, toWholeSeconds, type PlanId } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import type { BillingEvent } from './billing-event.ts';
import { CARD_DECLINED_ON_CHANGE_MESSAGE, type PlanChangedNow, type PlanChangeLater, type PlanChangeNow, type PlanChangeProvider } from './plan-change-types.ts';
import type { StripePaymentProvider } from './stripe-provider.ts';

const UNAVAILABLE_MESSAGE = 'The payment provider could not be reached. Please try again in a moment.';

/**
 * Stripe's plan changes through the SDK. An upgrade updates the subscription item's price with
 * proration at the previewed moment (proration_date), the billing cycle reset to the change and
 * the invoice paid at once (always_invoice, error_if_incomplete: a declined card changes
 * nothing). A change in the trial swaps the price without proration, the trial kept. A downgrade
 * is a subscription schedule: the current phase until the period end, then the new price
 * (released after, so the subscription runs on by itself); cancelling it releases the schedule.
 * Every write carries an idempotency key.
 */
export class StripePlanChanges implements PlanChangeProvider {
  readonly kind = 'stripe' as const;
  constructor(
    private readonly provider: StripePaymentProvider,
    private readonly prices: Record<PlanId, string>,
    private readonly clock: Clock,
  ) {}

  private get stripe(): Stripe {
    return this.provider.stripe;
  }

  async changePlanNow(_tx: DbOrTx, change: PlanChangeNow): Promise<PlanChangedNow> {
    const current = await this.call(() => this.stripe.subscriptions.retrieve(change.providerSubscriptionId));
    const item = current.items.data[0];
    if (!item) throw new AppError('CONFLICT', 'Your subscription has no plan to change at the payment provider.');
    const price = this.prices[change.to];
    const base = { items: [{ id: item.id, price }], metadata: { plan: change.to } };
    const params: Stripe.SubscriptionUpdateParams =
      change.mode === 'trial'
        ? { ...base, proration_behavior: 'none', ...(current.trial_end ? { trial_end: current.trial_end } : {}) }
        : {
            ...base,
            proration_behavior: 'always_invoice',
            proration_date: toWholeSeconds(change.proratedAt),
            billing_cycle_anchor: { type: 'now' },
            payment_behavior: 'error_if_incomplete',
            expand: ['latest_invoice'],
          };
    // A change Stripe made before our transaction was lost (a crash after the call) is not made twice.
    const updated = item.price.id === price ? current : await this.call(() => this.stripe.subscriptions.update(change.providerSubscriptionId, params, { idempotencyKey: change.key }));
    const invoice = change.mode === 'prorate' && updated.latest_invoice && typeof updated.latest_invoice === 'object' ? updated.latest_invoice : null;
    // The webhooks (customer.subscription.updated, invoice.paid with the payment) follow; applying the answer now shows the change at once.
    return { events: [this.updatedEvent(updated, `api:change-plan:${change.key}`)], chargedCents: invoice?.amount_paid ?? 0, invoiceId: invoice?.id ?? null };
  }

  async schedulePlanChange(_tx: DbOrTx, change: PlanChangeLater): Promise<string> {
    const schedule = await this.call(() => this.stripe.subscriptionSchedules.create({ from_subscription: change.providerSubscriptionId }, { idempotencyKey: `${change.key}:schedule` }));
    const phase = schedule.phases[0];
    if (!phase) throw new AppError('UNAVAILABLE', UNAVAILABLE_MESSAGE);
    await this.call(() =>
      this.stripe.subscriptionSchedules.update(
        schedule.id,
        {
          end_behavior: 'release',
          phases: [
            { items: [{ price: this.prices[change.from], quantity: 1 }], start_date: phase.start_date, end_date: phase.end_date },
            { items: [{ price: this.prices[change.to], quantity: 1 }], metadata: { plan: change.to, user_id: change.userId }, proration_behavior: 'none' },
          ],
        },
        { idempotencyKey: `${change.key}:phases` },
      ),
    );
    return schedule.id;
  }

  async cancelScheduledPlanChange(_tx: DbOrTx, _providerSubscriptionId: string, reference: string | null): Promise<void> {
    if (!reference) return;
    try {
      await this.stripe.subscriptionSchedules.release(reference, {}, { idempotencyKey: `release:${reference}` });
    } catch (error) {
      // Released or ended already (a schedule completes at the phase change): nothing scheduled is left.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
      if (error instanceof Stripe.errors.StripeError) throw new AppError('UNAVAILABLE', UNAVAILABLE_MESSAGE);
      throw error;
    }
  }

  /** Stripe moves the subscription to the new phase itself: its state now, to apply. */
  async applyScheduledPlanChange(_tx: DbOrTx, providerSubscriptionId: string, changeId: string): Promise<BillingEvent[]> {
    const subscription = await this.call(() => this.stripe.subscriptions.retrieve(providerSubscriptionId));
    return [this.updatedEvent(subscription, `api:plan-change:${changeId}`)];
  }

  private updatedEvent(subscription: Stripe.Subscription, id: string): BillingEvent {
    const snapshot = this.provider.snapshot(subscription, this.clock.now());
    return { provider: 'stripe', id, type: 'customer.subscription.updated', occurredAt: snapshot.observedAt, userId: snapshot.userId, subscription: snapshot };
  }

  /** A declined card is the buyer's to fix (400); other Stripe failures are a retryable 503. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) throw new AppError('VALIDATION', CARD_DECLINED_ON_CHANGE_MESSAGE);
      if (error instanceof Stripe.errors.StripeError) throw new AppError('UNAVAILABLE', UNAVAILABLE_MESSAGE);
      throw error;
    }
  }
}
