import Stripe from 'stripe';
import { AppError, stripeTransferKey } from '@myeai/domain';
import type { StripeSettings } from '../../env.ts';

const UNAVAILABLE_MESSAGE = 'Stripe could not be reached. Please try again in a moment.';

/** Stripe answered the transfer with a refusal (4xx: insufficient funds, an account that cannot receive transfers, ...): the payout failed, with this reason. */
export class StripeTransferRefused extends Error {}

/**
 * The calls Stripe Connect payouts make (decision 069), through the official SDK: an Express
 * account per payee (created once: the idempotency key is the user's), its onboarding link, the
 * account read back, and one transfer per payout item (the idempotency key is the item's, so a
 * retry, a second run or a restart after a crash makes one transfer). STRIPE_API_BASE points the
 * SDK at another origin (the tests' local Stripe-shaped server), as the payments adapter does.
 */
export class StripeConnectClient {
  readonly stripe: Stripe;

  constructor(settings: StripeSettings) {
    const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' } : {}),
    });
  }

  async createExpressAccount(user: { id: string; email: string }): Promise<Stripe.Account> {
    return this.call(() =>
      this.stripe.accounts.create(
        {
          type: 'express',
          email: user.email,
          capabilities: { transfers: { requested: true } },
          metadata: { user_id: user.id },
        },
        { idempotencyKey: `connect-account-${user.id}` },
      ),
    );
  }

  async createOnboardingLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }): Promise<string> {
    const link = await this.call(() => this.stripe.accountLinks.create({ account: accountId, type: 'account_onboarding', refresh_url: urls.refreshUrl, return_url: urls.returnUrl }));
    return link.url;
  }

  /** A verified Express account's own dashboard (bank details, Stripe's payouts to the bank), single-use. */
  async createDashboardLink(accountId: string): Promise<string> {
    const link = await this.call(() => this.stripe.accounts.createLoginLink(accountId));
    return link.url;
  }

  async retrieveAccount(accountId: string): Promise<Stripe.Account> {
    return this.call(() => this.stripe.accounts.retrieve(accountId));
  }

  /** One transfer for one payout item; a refusal is StripeTransferRefused, an outage a retryable 503. */
  async createTransfer(item: { id: string; batchId: string; accountId: string; amountCents: number }): Promise<Stripe.Transfer> {
    try {
      return await this.stripe.transfers.create(
        {
          amount: item.amountCents,
          currency: 'usd',
          destination: item.accountId,
          transfer_group: `payout-batch-${item.batchId}`,
          description: 'MYEAI payout',
          metadata: { payout_item_id: item.id, payout_batch_id: item.batchId },
        },
        { idempotencyKey: stripeTransferKey(item.id) },
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripePermissionError) {
        throw new StripeTransferRefused(error.message);
      }
      if (error instanceof Stripe.errors.StripeError) throw new AppError('UNAVAILABLE', UNAVAILABLE_MESSAGE);
      throw error;
    }
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

const clients = new WeakMap<StripeSettings, StripeConnectClient>();

/** The server's Connect client, or undefined when Connect is not configured (STRIPE_SECRET_KEY and STRIPE_CONNECT=1). */
export function stripeConnectClient(config: PayoutProviderConfig): StripeConnectClient | undefined {
  if (!config.stripeConnect || !config.stripe) return undefined;
  let client = clients.get(config.stripe);
  if (!client) {
    client = new StripeConnectClient(config.stripe);
    clients.set(config.stripe, client);
  }
  return client;
}

/** What the payout providers read of the server's configuration. */
export type PayoutProviderConfig = { payoutDetailsKey?: string | undefined; stripe?: StripeSettings | undefined; stripeConnect?: boolean | undefined };
