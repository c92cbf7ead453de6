import { z } from 'zod';
import type { PayoutMethodKind } from './payout-settings.ts';

/**
 * Stripe Connect as a payout provider (issue 30 item 4, decision 069). The manual methods
 * (PAYOUT_METHODS) are the ones a payee types and an admin enables; `stripe` (PAYOUT_METHOD_KINDS)
 * is a payee's connected Express account, offered when the server has STRIPE_SECRET_KEY and
 * STRIPE_CONNECT=1.
 */

/** What a payee's connected account can do for a payout: pending (onboarding or verification unfinished), verified (transfers and payouts on), restricted (Stripe holds it back). */
export const CONNECT_ACCOUNT_STATES = ['pending', 'verified', 'restricted'] as const;
export type ConnectAccountState = (typeof CONNECT_ACCOUNT_STATES)[number];

/** The fields of a Stripe Account object the state is read from (GET /v1/accounts/:id or the account.updated event). */
export type ConnectAccountFacts = {
  details_submitted?: boolean | null;
  payouts_enabled?: boolean | null;
  capabilities?: { transfers?: string | null } | null;
  requirements?: { disabled_reason?: string | null; past_due?: readonly string[] | null } | null;
};

/**
 * The account's state, one rule for the return from onboarding and for account.updated:
 * - verified: onboarding submitted, payouts enabled and the transfers capability active (without a
 *   capabilities field, payouts_enabled decides), and nothing past due;
 * - pending: onboarding not submitted yet, or submitted and Stripe still verifying it
 *   (disabled_reason requirements.pending_verification, or none given);
 * - restricted: submitted, but Stripe disabled it (past-due requirements, rejected, under review, ...).
 */
export function connectAccountState(account: ConnectAccountFacts): ConnectAccountState {
  const transfers = account.capabilities?.transfers ?? (account.payouts_enabled ? 'active' : 'inactive');
  const pastDue = account.requirements?.past_due ?? [];
  const disabled = account.requirements?.disabled_reason ?? null;
  if (account.details_submitted && account.payouts_enabled && transfers === 'active' && pastDue.length === 0) return 'verified';
  if (!account.details_submitted) return 'pending';
  if (disabled === null || disabled === 'requirements.pending_verification') return pastDue.length > 0 ? 'restricted' : 'pending';
  return 'restricted';
}

export const CONNECT_ACCOUNT_STATE_LABELS: Record<ConnectAccountState, string> = {
  pending: 'Pending: finish onboarding with Stripe, or Stripe is verifying your details',
  verified: 'Verified: payouts go to your Stripe account',
  restricted: 'Restricted: Stripe needs more information before it pays you',
};

/** The connected account, masked as every method is: "Stripe account ••••1234" (the last 4 of its id). */
export function maskStripeAccount(accountId: string): string {
  return `Stripe account ••••${accountId.slice(-4)}`;
}

/** The Idempotency-Key of the one transfer that pays a payout item: a retry, a second job run or a restart after a crash sends the same key, so Stripe makes one transfer. */
export function stripeTransferKey(itemId: string): string {
  return `payout-item-${itemId}`;
}

/**
 * What an admin may record by hand (Mark paid / Mark failed, a result file): everything of the
 * manual methods; of a Stripe payout only "paid" (when its webhook never came). A Stripe payout's
 * transfer may have left already, so "failed" by hand could pay its lines twice: a transfer is
 * reversed at Stripe, and its webhook fails the payout (decision 069).
 */
export function canSettleByHand(method: PayoutMethodKind, status: 'paid' | 'failed'): boolean {
  return method !== 'stripe' || status === 'paid';
}

export const STRIPE_FAIL_BY_HAND_MESSAGE =
  'This payout is paid by a Stripe transfer, which may have left already: reverse the transfer at Stripe, and its webhook marks the payout failed (its lines return to the payee).';

/** A connected account id as Stripe writes them. */
export const StripeAccountIdSchema = z.string().regex(/^acct_[A-Za-z0-9]+$/, 'Not a Stripe account id.');

/** The sealed details of a `stripe` payout method and the snapshot of its items. */
export const StripePayoutDetailsSchema = z.object({ method: z.literal('stripe'), account_id: StripeAccountIdSchema });
export type StripePayoutDetails = z.infer<typeof StripePayoutDetailsSchema>;

/**
 * What a transfer event means for the payout item it pays (decision 069): transfer.created, the
 * money is in the payee's Stripe balance, paid; transfer.reversed or transfer.updated with the whole
 * amount reversed, failed (a partial reversal is not a failed payout); anything else changes nothing.
 */
export function transferEventOutcome(type: string, transfer: { amount: number; amount_reversed?: number | null; reversed?: boolean | null }): 'paid' | 'failed' | null {
  if (type === 'transfer.created') return transfer.reversed ? 'failed' : 'paid';
  // transfer.reversed is sent for a partial reversal too: only the whole amount back fails the payout.
  if ((type === 'transfer.reversed' || type === 'transfer.updated') && (transfer.reversed || (transfer.amount_reversed ?? 0) >= transfer.amount)) return 'failed';
  return null;
}
