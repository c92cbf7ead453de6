import type { DbOrTx } from '@myeai/db';
import { AppError, quotePlanChange, toWholeSeconds } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import type { BillingEvent } from './billing-event.ts';
import { selectLocalSubscriptionForUpdate, updateLocalSubscription } from './billing.queries.ts';
import type { LocalPaymentProvider } from './local-provider.ts';
import { CARD_DECLINED_ON_CHANGE_MESSAGE, type PlanChangedNow, type PlanChangeLater, type PlanChangeNow, type PlanChangeProvider } from './plan-change-types.ts';

const CHANGED_MEANWHILE_MESSAGE = 'Your subscription changed meanwhile. Reload the page and try again.';

/**
 * The embedded provider's plan changes, on its own books: an upgrade charges the domain's
 * proration at once (its invoice.paid) and starts the new plan's period; a downgrade is its
 * scheduled_plan, which its renewal at the period end switches to (runCycle).
 */
export class LocalPlanChanges implements PlanChangeProvider {
  readonly kind = 'local' as const;
  constructor(
    private readonly provider: LocalPaymentProvider,
    private readonly clock: Clock,
  ) {}

  async changePlanNow(tx: DbOrTx, change: PlanChangeNow): Promise<PlanChangedNow> {
    const sub = await selectLocalSubscriptionForUpdate(tx, change.providerSubscriptionId);
    const expected = change.mode === 'trial' ? 'trialing' : 'active';
    if (!sub || sub.status !== expected || sub.plan !== change.from || sub.cancelAtPeriodEnd) throw new AppError('CONFLICT', CHANGED_MEANWHILE_MESSAGE);
    if (change.mode === 'trial') {
      const updated = await updateLocalSubscription(tx, sub.id, { plan: change.to, scheduledPlan: null }, 1);
      return { events: [this.updatedEvent(updated)], chargedCents: 0, invoiceId: null };
    }
    if (sub.card === 'declines') throw new AppError('VALIDATION', CARD_DECLINED_ON_CHANGE_MESSAGE);
    const now = this.clock.now();
    const quote = quotePlanChange(
      { plan: change.from, trialing: false, trialEnd: null, currentPeriodStart: sub.currentPeriodStart, currentPeriodEnd: sub.currentPeriodEnd },
      change.to,
      now,
      change.proratedAt,
    );
    // The new plan's first period starts at the change (whole second) and is charged whole, less the credit.
    const periodStart = new Date(toWholeSeconds(now) * 1000);
    const periodEnd = quote.nextChargeAt;
    const invoiceCount = sub.invoiceCount + 1;
    const updated = await updateLocalSubscription(
      tx,
      sub.id,
      { plan: change.to, scheduledPlan: null, currentPeriodStart: periodStart, currentPeriodEnd: periodEnd, invoiceCount, failedAttempts: 0, nextActionAt: periodEnd },
      2,
    );
    // The renewal at the old period's end finds nothing due; the next one is at the new period's end.
    await this.provider.schedule(tx, updated);
    const invoice = { id: `in_${sub.id}_${invoiceCount}`, amountCents: quote.amountDueCents };
    const snapshot = this.provider.snapshot(updated);
    return {
      events: [
        this.provider.event(updated, updated.eventCount - 1, 'invoice.paid', { subscription: snapshot, invoice }),
        this.provider.event(updated, updated.eventCount, 'customer.subscription.updated', { subscription: snapshot }),
      ],
      chargedCents: quote.amountDueCents,
      invoiceId: invoice.id,
    };
  }

  async schedulePlanChange(tx: DbOrTx, change: PlanChangeLater): Promise<string | null> {
    const sub = await selectLocalSubscriptionForUpdate(tx, change.providerSubscriptionId);
    if (!sub || sub.status !== 'active' || sub.plan !== change.from || sub.cancelAtPeriodEnd) throw new AppError('CONFLICT', CHANGED_MEANWHILE_MESSAGE);
    await updateLocalSubscription(tx, sub.id, { scheduledPlan: change.to }, 0);
    return null;
  }

  async cancelScheduledPlanChange(tx: DbOrTx, providerSubscriptionId: string): Promise<void> {
    const sub = await selectLocalSubscriptionForUpdate(tx, providerSubscriptionId);
    if (sub?.scheduledPlan) await updateLocalSubscription(tx, sub.id, { scheduledPlan: null }, 0);
  }

  /** The renewal on the new plan, unless the provider's own cycle job made it already (then nothing is due). */
  async applyScheduledPlanChange(tx: DbOrTx, providerSubscriptionId: string): Promise<BillingEvent[]> {
    return this.provider.runCycle(tx, providerSubscriptionId);
  }

  private updatedEvent(sub: Parameters<LocalPaymentProvider['snapshot']>[0]): BillingEvent {
    return this.provider.event(sub, sub.eventCount, 'customer.subscription.updated', { subscription: this.provider.snapshot(sub) });
  }
}
