import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { DbOrTx } from '@myeai/db';
import { AppError, stripeRefundReason, type PaymentProviderKind, type RefundStatus, type StoredRefundReason } from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import type { Clock } from '../../clock.ts';
import { enqueueJob } from '../jobs/index.ts';
import type { BillingEvent, RefundSnapshot } from './billing-event.ts';
import { stripeRefundSnapshot } from './stripe-refund-snapshot.ts';
import { insertLocalRefund, selectLocalRefund, selectLocalRefundByKey, selectPaymentByRef, selectPaymentForUpdate, sumLocalRefunds, type LocalRefundRow } from './billing-payments.queries.ts';
import type { LocalPaymentProvider } from './local-provider.ts';
import { localPaymentProvider, stripePaymentProvider } from './providers.ts';
import type { StripePaymentProvider } from './stripe-provider.ts';

/** The job that delivers the embedded provider's refund event, as Stripe delivers charge.refunded. */
export const LOCAL_REFUND_EVENT_JOB = 'billing.local.refund-event';
const UNAVAILABLE_MESSAGE = 'The payment provider could not be reached. Please try again in a moment.';

export type RefundCall = { refundId: string; paymentId: string; paymentRef: string; amountCents: number; reason: StoredRefundReason };

/** The provider refused the refund for good (it will not succeed on a retry): the message says why. */
export class RefundRefusedError extends Error {}

/**
 * What refunds need of a provider beside PaymentProvider: refund a payment (idempotent on our
 * refund id), end a subscription at once (a refund with access "now"), and the page where the
 * member updates their card.
 */
export interface RefundProvider {
  readonly kind: PaymentProviderKind;
  createRefund(call: RefundCall): Promise<RefundSnapshot>;
  cancelNow(tx: DbOrTx, providerSubscriptionId: string): Promise<BillingEvent[]>;
  /** The provider's page for the member's card, or null when the provider keeps none. */
  paymentMethodUrl(customerId: string, returnUrl: string): Promise<string | null>;
}

export function refundProviderFor(deps: AppDeps, kind: PaymentProviderKind): RefundProvider {
  if (kind === 'local') return new LocalRefunds(deps, localPaymentProvider(deps));
  const stripe = stripePaymentProvider(deps);
  if (!stripe) throw new AppError('UNAVAILABLE', 'This payment was taken by Stripe, which is not configured on this server.');
  return new StripeRefunds(stripe, deps.clock);
}

/** Stripe: POST /v1/refunds with an idempotency key and our ids as metadata; cancel and portal through the SDK. */
class StripeRefunds implements RefundProvider {
  readonly kind = 'stripe' as const;
  constructor(
    private readonly provider: StripePaymentProvider,
    private readonly clock: Clock,
  ) {}

  async createRefund(call: RefundCall): Promise<RefundSnapshot> {
    const target = call.paymentRef.startsWith('pi_') ? { payment_intent: call.paymentRef } : { charge: call.paymentRef };
    try {
      const refund = await this.provider.stripe.refunds.create(
        { ...target, amount: call.amountCents, reason: stripeRefundReason(call.reason), metadata: { myeai_refund_id: call.refundId, myeai_payment_id: call.paymentId } },
        { idempotencyKey: `refund:${call.refundId}` },
      );
      return stripeRefundSnapshot(refund);
    } catch (error) {
      // A 4xx (already refunded, amount above what is left, no such charge) will not change on a retry.
      if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError) throw new RefundRefusedError(`Stripe refused the refund: ${error.message}`);
      if (error instanceof Stripe.errors.StripeError) throw new AppError('UNAVAILABLE', UNAVAILABLE_MESSAGE);
      throw error;
    }
  }

  async cancelNow(_tx: DbOrTx, providerSubscriptionId: string): Promise<BillingEvent[]> {
    const subscription = await this.call(() => this.provider.stripe.subscriptions.cancel(providerSubscriptionId, { prorate: false }, { idempotencyKey: `cancel-now:${providerSubscriptionId}` }));
    const snapshot = this.provider.snapshot(subscription, this.clock.now());
    return [{ provider: 'stripe', id: `api:cancel-now:${providerSubscriptionId}`, type: 'customer.subscription.deleted', occurredAt: snapshot.observedAt, userId: snapshot.userId, subscription: snapshot }];
  }

  async paymentMethodUrl(customerId: string, returnUrl: string): Promise<string | null> {
    const session = await this.call(() => this.provider.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }));
    return session.url;
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) throw new AppError('UNAVAILABLE', UNAVAILABLE_MESSAGE);
      throw error;
    }
  }
}

/**
 * The embedded provider: refunds are kept in its own books (local_billing_refunds), written in a
 * transaction of their own as a call to Stripe would be, one per idempotency key; the
 * charge.refunded event is delivered by a job queued with it, so it arrives even if our side
 * stops right after the call. Its charge of a payment is the payment's invoice.
 */
class LocalRefunds implements RefundProvider {
  readonly kind = 'local' as const;
  constructor(
    private readonly deps: AppDeps,
    private readonly provider: LocalPaymentProvider,
  ) {}

  async createRefund(call: RefundCall): Promise<RefundSnapshot> {
    const key = `refund:${call.refundId}`;
    const row = await this.deps.db.transaction(async (tx) => {
      const charge = await selectPaymentByRef(tx, 'local', [call.paymentRef]);
      if (!charge) throw new RefundRefusedError('The test checkout has no such charge.');
      await selectPaymentForUpdate(tx, charge.id);
      const existing = await selectLocalRefundByKey(tx, key);
      if (existing) return existing;
      const left = charge.amountCents - (await sumLocalRefunds(tx, call.paymentRef));
      if (call.amountCents > left) throw new RefundRefusedError('The test checkout refused the refund: it is more than what is left of the charge.');
      const now = this.deps.clock.now();
      const created = await insertLocalRefund(tx, {
        id: `re_local_${randomBytes(12).toString('hex')}`,
        paymentRef: call.paymentRef,
        amountCents: call.amountCents,
        idempotencyKey: key,
        metadata: { myeai_refund_id: call.refundId, myeai_payment_id: call.paymentId },
        status: 'succeeded',
        createdAt: now,
      });
      await enqueueJob(tx, this.deps.clock, { name: LOCAL_REFUND_EVENT_JOB, payload: { refundId: created.id }, dedupeKey: `local-refund-event:${created.id}` });
      return created;
    });
    return localRefundSnapshot(row);
  }

  cancelNow(tx: DbOrTx, providerSubscriptionId: string): Promise<BillingEvent[]> {
    return this.provider.cancelNow(tx, providerSubscriptionId);
  }

  async paymentMethodUrl(): Promise<string | null> {
    return null;
  }
}

function localRefundSnapshot(row: LocalRefundRow): RefundSnapshot {
  return {
    providerRefundId: row.id,
    paymentRefs: [row.paymentRef],
    amountCents: row.amountCents,
    status: row.status as RefundStatus,
    refundId: row.metadata.myeai_refund_id ?? null,
    failureReason: null,
  };
}

/** The embedded provider's charge.refunded event of one of its refunds (the job's delivery). */
export async function localRefundEvent(db: DbOrTx, refundId: string): Promise<BillingEvent | null> {
  const row = await selectLocalRefund(db, refundId);
  if (!row) return null;
  return { provider: 'local', id: `evt_${row.id}_refunded`, type: 'charge.refunded', occurredAt: row.createdAt, userId: null, refunds: [localRefundSnapshot(row)] };
}
