import type { DbOrTx } from '@myeai/db';
import { AppError, type PayoutMethodKind } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { enqueueJob } from '../jobs/index.ts';
import { stripeConnectClient, type PayoutProviderConfig } from './stripe-connect.client.ts';

/** The Stripe Connect provider's job: the transfers of one approved batch (decision 069). */
export const STRIPE_TRANSFERS_JOB = 'payouts.stripe-transfers';

export type ApprovedItem = { id: string; method: PayoutMethodKind; amountCents: number };

/**
 * A payout provider (issue 30 item 4): the seam between an approved batch and the money moving.
 * `manual` pays the methods a payee types (the admin downloads the files and records the
 * results); `stripe` pays connected accounts by transfer. PayPal Payouts or Wise would be a third
 * implementation of the same seam.
 */
export interface PayoutProvider {
  readonly kind: 'manual' | 'stripe';
  /** Whether this provider pays items of this method. */
  pays(method: PayoutMethodKind): boolean;
  /**
   * Called in the approval's transaction, with the batch approved and locked, for the items this
   * provider pays: whatever executing them needs, written with the approval (so a crash leaves
   * both or neither).
   */
  onApproved(tx: DbOrTx, context: { clock: Clock }, batchId: string, items: readonly ApprovedItem[]): Promise<void>;
}

/** The embedded default: approval releases the payout files (export) and the admin settles each item. Nothing to start. */
export const manualPayoutProvider: PayoutProvider = {
  kind: 'manual',
  pays: (method) => method !== 'stripe',
  onApproved: async () => undefined,
};

/**
 * Stripe Connect: approval queues the batch's transfers job (one per batch: the dedupe key), which
 * sends one transfer per item with the item's idempotency key; the webhooks settle the items.
 */
export const stripePayoutProvider: PayoutProvider = {
  kind: 'stripe',
  pays: (method) => method === 'stripe',
  onApproved: async (tx, { clock }, batchId) => {
    await enqueueJob(tx, clock, { name: STRIPE_TRANSFERS_JOB, payload: { batch_id: batchId }, dedupeKey: `payout-transfers:${batchId}`, maxAttempts: 10 });
  },
};

/** Whether the server pays through Stripe Connect (STRIPE_SECRET_KEY and STRIPE_CONNECT=1). */
export function stripeConnectConfigured(config: PayoutProviderConfig): boolean {
  return stripeConnectClient(config) !== undefined;
}

/** The provider paying items of this method; a Stripe item on a server without Connect cannot be paid (409). */
export function payoutProviderFor(config: PayoutProviderConfig, method: PayoutMethodKind): PayoutProvider {
  if (manualPayoutProvider.pays(method)) return manualPayoutProvider;
  if (!stripeConnectConfigured(config)) throw new AppError('CONFLICT', 'This batch pays Stripe accounts, but Stripe Connect is not configured on this server (STRIPE_CONNECT=1): cancel the batch, or configure Connect and approve again.');
  return stripePayoutProvider;
}

/** Hands each provider its items of an approved batch (inside the approval's transaction). */
export async function executeApprovedBatch(tx: DbOrTx, context: { clock: Clock; config: PayoutProviderConfig }, batchId: string, items: readonly ApprovedItem[]): Promise<void> {
  const byProvider = new Map<PayoutProvider, ApprovedItem[]>();
  for (const item of items) {
    const provider = payoutProviderFor(context.config, item.method);
    byProvider.set(provider, [...(byProvider.get(provider) ?? []), item]);
  }
  for (const [provider, own] of byProvider) await provider.onApproved(tx, context, batchId, own);
}
