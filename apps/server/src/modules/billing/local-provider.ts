import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '@myeai/db';
import { AppError, getPlan, isPlanId, toProviderStatus, type LocalTestCard, type PaymentConfig, type PlanId } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { enqueueJob } from '../jobs/index.ts';
import type { BillingEvent, SubscriptionSnapshot } from './billing-event.ts';
import {
  insertLocalSubscription,
  selectLocalSubscriptionForUpdate,
  setLocalSubscriptionCard,
  updateLocalSubscription,
  type LocalBillingRow as LocalRow,
} from './billing.queries.ts';
import type { CheckoutRequest, CreatedCheckout, PaymentProvider } from './payment-provider.ts';

export const LOCAL_CYCLE_JOB = 'billing.local.cycle';
const DAY_MS = 86_400_000;
const CHECKOUT_LIFETIME_MS = DAY_MS;
/** A failed charge is retried every 2 days; after 4 failed attempts the provider gives up and the subscription is canceled. */
export const LOCAL_RETRY_DAYS = 2;
export const LOCAL_MAX_PAYMENT_ATTEMPTS = 4;

const randomId = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

/**
 * The embedded payment provider (`npm start` without Stripe keys): a test checkout page in our
 * own app, and books of its own (local_billing_subscriptions) from which it emits the same events
 * Stripe would send, to the same applyBillingEvent. No money moves.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly kind = 'local' as const;
  constructor(private readonly clock: Clock) {}

  publicConfig(): PaymentConfig {
    return { provider: 'local', publishable_key: null, test_mode: true };
  }

  async createCheckoutSession(request: CheckoutRequest): Promise<CreatedCheckout> {
    const id = randomId('cs_local_');
    return { providerSessionId: id, url: `${request.baseUrl}/checkout/local/${id}`, expiresAt: new Date(this.clock.now().getTime() + CHECKOUT_LIFETIME_MS) };
  }

  async expireCheckoutSession(): Promise<void> {
    // Nothing outside our database: the caller marks the session expired.
  }

  /** The buyer confirmed on the test checkout page: the subscription starts (trial or first payment). */
  async completeCheckout(
    tx: DbOrTx,
    session: { providerSessionId: string; userId: string; plan: PlanId; trialEnd: Date | null },
    card: LocalTestCard,
  ): Promise<BillingEvent[]> {
    const now = this.clock.now();
    const plan = getPlan(session.plan);
    const trialEnd = session.trialEnd && session.trialEnd.getTime() > now.getTime() ? session.trialEnd : null;
    const hasTrial = trialEnd !== null;
    if (!hasTrial && card === 'declines') throw new AppError('VALIDATION', 'Your card was declined. Choose the test card that succeeds, or cancel.');
    const periodEnd = trialEnd ?? new Date(now.getTime() + plan.duration_days * DAY_MS);
    const sub = await insertLocalSubscription(tx, {
      id: randomId('sub_local_'),
      userId: session.userId,
      checkoutSessionId: session.providerSessionId,
      plan: plan.id,
      status: hasTrial ? 'trialing' : 'active',
      card,
      trialEnd,
      currentPeriodStart: now,
      currentPeriodEnd: periodEnd,
      invoiceCount: 1,
      nextActionAt: periodEnd,
      eventCount: 3,
      createdAt: now,
    });
    await this.schedule(tx, sub);
    const snapshot = this.snapshot(sub);
    return [
      this.event(sub, 1, 'checkout.session.completed', { checkoutSessionId: session.providerSessionId, subscription: snapshot }),
      this.event(sub, 2, 'customer.subscription.created', { subscription: snapshot }),
      this.event(sub, 3, 'invoice.paid', { subscription: snapshot, invoice: { id: `in_${sub.id}_1`, amountCents: hasTrial ? 0 : plan.price_cents } }),
    ];
  }

  async cancelAtPeriodEnd(tx: DbOrTx, providerSubscriptionId: string): Promise<BillingEvent[]> {
    const sub = await this.lock(tx, providerSubscriptionId);
    if (!sub || sub.status === 'canceled') throw new AppError('NOT_FOUND', 'No active subscription found to cancel.');
    if (sub.cancelAtPeriodEnd) return [];
    const updated = await this.save(tx, sub, { cancelAtPeriodEnd: true, canceledAt: this.clock.now() }, 1);
    return [this.event(updated, updated.eventCount, 'customer.subscription.updated', { subscription: this.snapshot(updated) })];
  }

  /** Ends the subscription at once (a refund with access "now", decision 065): nothing more is charged. */
  async cancelNow(tx: DbOrTx, providerSubscriptionId: string): Promise<BillingEvent[]> {
    const sub = await this.lock(tx, providerSubscriptionId);
    if (!sub || sub.status === 'canceled') return [];
    const now = this.clock.now();
    const ended = await this.save(tx, sub, { status: 'canceled', canceledAt: sub.canceledAt ?? now, endedAt: now, nextActionAt: null }, 1);
    return [this.event(ended, ended.eventCount, 'customer.subscription.deleted', { subscription: this.snapshot(ended) })];
  }

  /** Test hook (and the "card" of the checkout page): whether later charges succeed. */
  async setCard(tx: DbOrTx, providerSubscriptionId: string, card: LocalTestCard): Promise<void> {
    await setLocalSubscriptionCard(tx, providerSubscriptionId, card);
  }

  /**
   * What the provider does when the trial or the period ends, or a payment retry is due: end a
   * subscription cancelled at period end, or charge the next period (active, or past_due with a
   * retry in 2 days; canceled after the last failed attempt).
   */
  async runCycle(tx: DbOrTx, providerSubscriptionId: string): Promise<BillingEvent[]> {
    const now = this.clock.now();
    const sub = await this.lock(tx, providerSubscriptionId);
    if (!sub || sub.status === 'canceled' || !sub.nextActionAt || now.getTime() < sub.nextActionAt.getTime()) return [];
    // A downgrade scheduled for the renewal (decision 064): the next period runs on, and is charged at, the scheduled plan.
    const renewsOn = sub.status !== 'past_due' && isPlanId(sub.scheduledPlan) ? sub.scheduledPlan : sub.plan;
    const plan = getPlan(isPlanId(renewsOn) ? renewsOn : 'weekly');
    if (sub.cancelAtPeriodEnd) {
      // Normally at the period end; a past_due subscription cancelled meanwhile ends at its next retry, unpaid.
      const endedAt = now.getTime() < sub.currentPeriodEnd.getTime() ? now : sub.currentPeriodEnd;
      const ended = await this.save(tx, sub, { status: 'canceled', endedAt, nextActionAt: null }, 1);
      return [this.event(ended, ended.eventCount, 'customer.subscription.deleted', { subscription: this.snapshot(ended) })];
    }
    const advancing = sub.status !== 'past_due';
    const period = advancing
      ? { plan: plan.id, scheduledPlan: null, currentPeriodStart: sub.currentPeriodEnd, currentPeriodEnd: new Date(sub.currentPeriodEnd.getTime() + plan.duration_days * DAY_MS), invoiceCount: sub.invoiceCount + 1, failedAttempts: 0 }
      : { invoiceCount: sub.invoiceCount, failedAttempts: sub.failedAttempts };
    const invoice = { id: `in_${sub.id}_${period.invoiceCount}`, amountCents: plan.price_cents };
    if (sub.card === 'succeeds') {
      const paid = await this.save(tx, sub, { ...period, status: 'active', failedAttempts: 0, nextActionAt: period.currentPeriodEnd ?? sub.currentPeriodEnd }, 2);
      await this.schedule(tx, paid);
      const snapshot = this.snapshot(paid);
      return [
        this.event(paid, paid.eventCount - 1, 'invoice.paid', { subscription: snapshot, invoice }),
        this.event(paid, paid.eventCount, 'customer.subscription.updated', { subscription: snapshot }),
      ];
    }
    const attempts = period.failedAttempts + 1;
    if (attempts >= LOCAL_MAX_PAYMENT_ATTEMPTS) {
      const ended = await this.save(tx, sub, { ...period, status: 'canceled', failedAttempts: attempts, canceledAt: now, endedAt: now, nextActionAt: null }, 2);
      const snapshot = this.snapshot(ended);
      return [
        this.event(ended, ended.eventCount - 1, 'invoice.payment_failed', { subscription: snapshot, invoice }),
        this.event(ended, ended.eventCount, 'customer.subscription.deleted', { subscription: snapshot }),
      ];
    }
    const pastDue = await this.save(tx, sub, { ...period, status: 'past_due', failedAttempts: attempts, nextActionAt: new Date(now.getTime() + LOCAL_RETRY_DAYS * DAY_MS) }, 2);
    await this.schedule(tx, pastDue);
    const snapshot = this.snapshot(pastDue);
    return [
      this.event(pastDue, pastDue.eventCount - 1, 'invoice.payment_failed', { subscription: snapshot, invoice }),
      this.event(pastDue, pastDue.eventCount, 'customer.subscription.updated', { subscription: snapshot }),
    ];
  }

  private async lock(tx: DbOrTx, id: string): Promise<LocalRow | undefined> {
    return selectLocalSubscriptionForUpdate(tx, id);
  }

  private async save(tx: DbOrTx, sub: LocalRow, changes: Partial<LocalRow>, events: number): Promise<LocalRow> {
    return updateLocalSubscription(tx, sub.id, changes, events);
  }

  async schedule(tx: DbOrTx, sub: LocalRow): Promise<void> {
    if (!sub.nextActionAt) return;
    await enqueueJob(tx, this.clock, {
      name: LOCAL_CYCLE_JOB,
      payload: { subscriptionId: sub.id },
      runAt: sub.nextActionAt,
      dedupeKey: `billing-local:${sub.id}:${sub.nextActionAt.getTime()}`,
    });
  }

  snapshot(sub: LocalRow): SubscriptionSnapshot {
    return {
      providerSubscriptionId: sub.id,
      providerCustomerId: `cus_local_${sub.userId}`,
      userId: sub.userId,
      plan: isPlanId(sub.plan) ? sub.plan : null,
      status: toProviderStatus(sub.status),
      trialEnd: sub.trialEnd,
      currentPeriodStart: sub.currentPeriodStart,
      currentPeriodEnd: sub.currentPeriodEnd,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      canceledAt: sub.canceledAt,
      endedAt: sub.endedAt,
      createdAt: sub.createdAt,
      observedAt: this.clock.now(),
    };
  }

  event(sub: LocalRow, sequence: number, type: string, extra: Partial<BillingEvent>): BillingEvent {
    return { provider: 'local', id: `evt_${sub.id}_${sequence}`, type, occurredAt: this.clock.now(), userId: sub.userId, ...extra };
  }
}
