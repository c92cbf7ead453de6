type StripeObject = Record<string, unknown>;
type Answer = { status: number; body: unknown };

/**
 * The Connect part of the Stripe-shaped test server (decision 069), following Stripe's API shape:
 * POST /v1/accounts (an Express account, onboarding not submitted: no transfers yet), GET
 * /v1/accounts/:id, POST /v1/account_links (a single-use onboarding URL carrying the refresh and
 * return URLs), POST /v1/transfers (to a connected account whose transfers capability is active,
 * else 400 as Stripe answers; the platform balance can run out: 400 balance_insufficient).
 * `finishOnboarding` / `restrict` play the payee at Stripe and Stripe's review.
 */
export class FakeStripeConnect {
  readonly accounts = new Map<string, StripeObject>();
  readonly accountLinks: StripeObject[] = [];
  readonly transfers = new Map<string, StripeObject>();
  /** The platform's available balance in cents; a transfer above it is refused. */
  balanceCents = Number.MAX_SAFE_INTEGER;

  constructor(private readonly nextId: (prefix: string) => string) {}

  route(method: string, path: string, params: Record<string, string>): Answer | null {
    if (method === 'POST' && path === '/v1/accounts') {
      const id = this.nextId('acct');
      const account: StripeObject = {
        id,
        object: 'account',
        type: params.type ?? 'standard',
        email: params.email ?? null,
        country: 'US',
        default_currency: 'usd',
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        capabilities: { transfers: 'inactive' },
        requirements: { currently_due: ['external_account', 'individual.dob.day', 'tos_acceptance.date'], past_due: ['external_account'], eventually_due: [], pending_verification: [], disabled_reason: 'requirements.past_due' },
        metadata: metadataOf(params),
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      this.accounts.set(account.id as string, account);
      return { status: 200, body: account };
    }
    let match = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (match && method === 'GET') {
      const account = this.accounts.get(match[1]!);
      return account ? { status: 200, body: account } : missing('account');
    }
    match = /^\/v1\/accounts\/([^/]+)\/login_links$/.exec(path);
    if (match && method === 'POST') {
      const account = this.accounts.get(match[1]!);
      if (!account) return missing('account');
      // Stripe gives a login link only to an Express account that finished onboarding.
      if (account.type !== 'express' || !account.details_submitted) return invalid('Cannot create a login link for an account that has not completed onboarding.');
      return { status: 200, body: { object: 'login_link', created: Math.floor(Date.now() / 1000), url: `https://connect.stripe.test/express/${match[1]}/${this.nextId('login')}` } };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      if (!this.accounts.has(params.account ?? '')) return missing('account');
      if (params.type !== 'account_onboarding' && params.type !== 'account_update') return invalid('Invalid type: must be one of account_onboarding or account_update');
      const link = {
        object: 'account_link',
        created: Math.floor(Date.now() / 1000),
        expires_at: Math.floor(Date.now() / 1000) + 300,
        url: `https://connect.stripe.test/setup/e/${params.account}/${this.nextId('link')}`,
        refresh_url: params.refresh_url,
        return_url: params.return_url,
      };
      this.accountLinks.push(link);
      return { status: 200, body: link };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const account = this.accounts.get(params.destination ?? '');
      if (!account) return missing('account');
      if ((account.capabilities as { transfers: string }).transfers !== 'active') {
        return invalid('Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments', 'insufficient_capabilities_for_transfer');
      }
      const amount = Number(params.amount);
      if (amount > this.balanceCents) return invalid('You have insufficient available funds in your Stripe account.', 'balance_insufficient');
      this.balanceCents -= amount;
      const transfer: StripeObject = {
        id: this.nextId('tr'),
        object: 'transfer',
        amount,
        amount_reversed: 0,
        reversed: false,
        currency: params.currency,
        destination: params.destination,
        transfer_group: params.transfer_group ?? null,
        description: params.description ?? null,
        metadata: metadataOf(params),
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      this.transfers.set(transfer.id as string, transfer);
      return { status: 200, body: transfer };
    }
    match = /^\/v1\/transfers\/([^/]+)$/.exec(path);
    if (match && method === 'GET') {
      const transfer = this.transfers.get(match[1]!);
      return transfer ? { status: 200, body: transfer } : missing('transfer');
    }
    return null;
  }

  /** The payee finished onboarding and Stripe verified them: transfers and payouts on. */
  finishOnboarding(accountId: string): StripeObject {
    const account = this.accounts.get(accountId)!;
    Object.assign(account, {
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      capabilities: { transfers: 'active' },
      requirements: { currently_due: [], past_due: [], eventually_due: [], pending_verification: [], disabled_reason: null },
    });
    return account;
  }

  /** Stripe restricted the account (a requirement past due): no transfers. */
  restrict(accountId: string): StripeObject {
    const account = this.accounts.get(accountId)!;
    Object.assign(account, {
      details_submitted: true,
      payouts_enabled: false,
      capabilities: { transfers: 'inactive' },
      requirements: { currently_due: ['individual.verification.document'], past_due: ['individual.verification.document'], eventually_due: [], pending_verification: [], disabled_reason: 'requirements.past_due' },
    });
    return account;
  }

  /** The whole transfer reversed (as the dashboard or POST /v1/transfers/:id/reversals does). */
  reverse(transferId: string): StripeObject {
    const transfer = this.transfers.get(transferId)!;
    Object.assign(transfer, { amount_reversed: transfer.amount, reversed: true });
    return transfer;
  }
}

function metadataOf(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).flatMap(([key, value]) => (key.startsWith('metadata[') ? [[key.slice(9, -1), value]] : [])));
}

function missing(what: string): Answer {
  return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } } };
}

function invalid(message: string, code?: string): Answer {
  return { status: 400, body: { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } } };
}
