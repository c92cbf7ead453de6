import Stripe from 'stripe';
import type { DbOrTx } from '@myeai/db';
import { AppError, isPlanId, PLAN_IDS, toProviderStatus, type PaymentConfig, type PlanId } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import type { StripeSettings } from '../../env.ts';
import type { BillingEvent, PaymentDetails, SubscriptionSnapshot } from './billing-event.ts';
import { stripeRefundSnapshot } from './stripe-refund-snapshot.ts';
import type { CheckoutRequest, CreatedCheckout, PaymentProvider } from './payment-provider.ts';

/** Stripe Checkout refuses a subscription_data.trial_end less than 48 hours ahead. */
const STRIPE_MIN_TRIAL_END_MS = 48 * 3_600_000;
const UNAVAILABLE_MESSAGE = 'The payment provider could not be reached. Please try again in a moment.';
const fromUnix = (seconds: number | null | undefined): Date | null => (typeof seconds === 'number' ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * Stripe through the official SDK: Checkout Sessions in subscription mode (7-day trial when the
 * user still has their free trial), cancel at period end, signed webhooks. Every write carries an
 * idempotency key. STRIPE_API_BASE points the SDK at another origin (the tests' local Stripe-shaped server).
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  readonly stripe: Stripe;
  private readonly isLive: boolean;

  constructor(
    private readonly settings: StripeSettings,
    private readonly clock: Clock,
  ) {
    const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' } : {}),
    });
    this.isLive = settings.secretKey.startsWith('sk_live_') || settings.secretKey.startsWith('rk_live_');
  }

  publicConfig(): PaymentConfig {
    return { provider: 'stripe', publishable_key: this.settings.publishableKey ?? null, test_mode: !this.isLive };
  }

  async createCheckoutSession(request: CheckoutRequest): Promise<CreatedCheckout> {
    const metadata = { user_id: request.userId, plan: request.plan };
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [{ price: this.settings.prices[request.plan], quantity: 1 }],
          client_reference_id: request.userId,
          ...(request.customerId ? { customer: request.customerId } : { customer_email: request.email }),
          metadata,
          subscription_data: { metadata, ...this.trialParams(request.trial) },
          success_url: `${request.baseUrl}/subscription-success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${request.baseUrl}/trading-subscription`,
        },
        { idempotencyKey: `checkout:${request.checkoutId}` },
      ),
    );
    if (!session.url) throw new AppError('UNAVAILABLE', UNAVAILABLE_MESSAGE);
    return { providerSessionId: session.id, url: session.url, expiresAt: fromUnix(session.expires_at) ?? new Date(this.clock.now().getTime() + 86_400_000) };
  }

  /**
   * The full trial is 7 trial days. The rest of a platform trial ends exactly when it does
   * (trial_end), except that Checkout needs a trial_end at least 48 hours ahead: with less left
   * it gets the remaining time rounded up to whole days, so the first charge never comes early.
   */
  private trialParams(trial: CheckoutRequest['trial']): Pick<Stripe.Checkout.SessionCreateParams.SubscriptionData, 'trial_period_days' | 'trial_end'> {
    if (trial.kind === 'none' || trial.days <= 0) return {};
    if (trial.kind === 'rest_of_trial' && trial.endsAt && trial.endsAt.getTime() - this.clock.now().getTime() >= STRIPE_MIN_TRIAL_END_MS) {
      return { trial_end: Math.floor(trial.endsAt.getTime() / 1000) };
    }
    return { trial_period_days: trial.days };
  }

  async expireCheckoutSession(providerSessionId: string): Promise<void> {
    // A session already completed or expired cannot be expired; nothing to do then.
    await this.stripe.checkout.sessions.expire(providerSessionId, {}, { idempotencyKey: `expire:${providerSessionId}` }).catch(() => undefined);
  }

  async cancelAtPeriodEnd(_tx: DbOrTx, providerSubscriptionId: string): Promise<BillingEvent[]> {
    const subscription = await this.call(() =>
      this.stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true }, { idempotencyKey: `cancel:${providerSubscriptionId}` }),
    );
    // The webhook customer.subscription.updated follows; applying the answer now shows the change at once.
    const snapshot = this.snapshot(subscription, this.clock.now());
    return [{ provider: 'stripe', id: `api:cancel:${providerSubscriptionId}`, type: 'customer.subscription.updated', occurredAt: snapshot.observedAt, userId: snapshot.userId, subscription: snapshot }];
  }

  /**
   * Verifies the Stripe-Signature header over the raw body (5-minute tolerance); throws when it does
   * not match. With Connect, the endpoint of connected accounts' events signs with its own secret
   * (STRIPE_CONNECT_WEBHOOK_SECRET, decision 069): either secret is accepted.
   */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!signature) throw new Error('missing Stripe-Signature header');
    const verify = (secret: string) => this.stripe.webhooks.constructEvent(rawBody, signature, secret, undefined, undefined, this.clock.now().getTime());
    try {
      return verify(this.settings.webhookSecret);
    } catch (error) {
      if (!this.settings.connectWebhookSecret) throw error;
      return verify(this.settings.connectWebhookSecret);
    }
  }

  /**
   * A verified webhook event as a BillingEvent. Events that only name the subscription (checkout
   * completed, invoices) fetch its current state from Stripe, so arrival order does not matter.
   */
  async toBillingEvent(event: Stripe.Event): Promise<BillingEvent> {
    const base = { provider: 'stripe' as const, id: event.id, type: event.type, occurredAt: new Date(event.created * 1000), userId: null };
    if (event.livemode !== this.isLive) return { ...base, type: `ignored.livemode_mismatch.${event.type}` };
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        if (session.mode !== 'subscription') return base;
        const subscriptionId = idOf(session.subscription);
        return {
          ...base,
          userId: session.client_reference_id ?? session.metadata?.user_id ?? null,
          checkoutSessionId: session.id,
          subscription: subscriptionId ? await this.fetchSnapshot(subscriptionId) : null,
        };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const snapshot = this.snapshot(event.data.object, base.occurredAt);
        return { ...base, userId: snapshot.userId, subscription: snapshot };
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription ?? null);
        if (!subscriptionId) return base;
        const snapshot = await this.fetchSnapshot(subscriptionId);
        const amountCents = event.type === 'invoice.paid' ? invoice.amount_paid : invoice.amount_due;
        const payment = event.type === 'invoice.paid' && amountCents > 0 ? await this.paymentDetails(invoice) : null;
        return { ...base, userId: snapshot.userId, subscription: snapshot, invoice: { id: invoice.id ?? event.id, amountCents }, payment };
      }
      // Refunds (decision 065): the refunds of the charge as Stripe lists them now, so an event
      // arriving late or twice settles each refund once; a refund made in the dashboard shows too.
      case 'charge.refunded': {
        const charge = event.data.object;
        const paymentIntent = idOf(charge.payment_intent);
        const refunds = await this.call(() => this.stripe.refunds.list(paymentIntent ? { payment_intent: paymentIntent, limit: 100 } : { charge: charge.id, limit: 100 }));
        return { ...base, refunds: refunds.data.map(stripeRefundSnapshot) };
      }
      case 'refund.created':
      case 'refund.updated':
      case 'refund.failed':
        return { ...base, refunds: [stripeRefundSnapshot(event.data.object)] };
      default:
        return base;
    }
  }

  /**
   * What a receipt shows of a paid invoice and what a refund is made against (its payment intent).
   * A webhook's invoice may not carry its payments: the invoice is fetched with them then.
   */
  private async paymentDetails(invoice: Stripe.Invoice): Promise<PaymentDetails> {
    const full = invoice.payments?.data?.length || !invoice.id ? invoice : await this.invoiceWithPayments(invoice);
    const paid = full.payments?.data?.find((entry) => entry.status === 'paid') ?? full.payments?.data?.[0];
    const line = full.lines?.data?.[0];
    const taxes = full.total_taxes ?? [];
    return {
      paymentRef: idOf(paid?.payment?.payment_intent ?? null) ?? idOf(paid?.payment?.charge ?? null),
      taxCents: taxes.length > 0 ? taxes.reduce((sum, tax) => sum + tax.amount, 0) : null,
      periodStart: fromUnix(line?.period?.start),
      periodEnd: fromUnix(line?.period?.end),
      hostedInvoiceUrl: full.hosted_invoice_url ?? null,
    };
  }

  /** The invoice with its payments; one Stripe no longer has (a 4xx) is taken as the event gave it, without a payment reference. */
  private async invoiceWithPayments(invoice: Stripe.Invoice): Promise<Stripe.Invoice> {
    try {
      return await this.stripe.invoices.retrieve(invoice.id!, { expand: ['payments'] });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return invoice;
      if (error instanceof Stripe.errors.StripeError) throw new AppError('UNAVAILABLE', UNAVAILABLE_MESSAGE);
      throw error;
    }
  }

  private async fetchSnapshot(subscriptionId: string): Promise<SubscriptionSnapshot> {
    const subscription = await this.call(() => this.stripe.subscriptions.retrieve(subscriptionId));
    return this.snapshot(subscription, this.clock.now());
  }

  snapshot(subscription: Stripe.Subscription, observedAt: Date): SubscriptionSnapshot {
    const item = subscription.items?.data?.[0];
    const metadataPlan = subscription.metadata?.plan;
    return {
      providerSubscriptionId: subscription.id,
      providerCustomerId: idOf(subscription.customer),
      userId: subscription.metadata?.user_id ?? null,
      plan: isPlanId(metadataPlan) ? metadataPlan : this.planForPrice(item?.price?.id),
      status: toProviderStatus(subscription.status),
      trialEnd: fromUnix(subscription.trial_end),
      currentPeriodStart: fromUnix(item?.current_period_start),
      currentPeriodEnd: fromUnix(item?.current_period_end),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      canceledAt: fromUnix(subscription.canceled_at),
      endedAt: fromUnix(subscription.ended_at),
      createdAt: fromUnix(subscription.created) ?? observedAt,
      observedAt,
    };
  }

  private planForPrice(priceId: string | undefined): PlanId | null {
    return PLAN_IDS.find((plan) => this.settings.prices[plan] === priceId) ?? null;
  }

  /** Stripe failures (down, 5xx, 429, timeouts) become a retryable 503; our own mistakes stay 500. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) throw new AppError('UNAVAILABLE', UNAVAILABLE_MESSAGE);
      throw error;
    }
  }
}
