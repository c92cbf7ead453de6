import type Stripe from 'stripe';
import { z } from 'zod';
import type { DbOrTx } from '@myeai/db';
import {
  AppError,
  connectAccountState,
  CONNECT_ACCOUNT_STATE_LABELS,
  detailsHoldUntil,
  formatDollarsAndCents,
  maskStripeAccount,
  stripeTransferKey,
  transferEventOutcome,
  type ConnectAccountState,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { assertEmailVerified } from '../auth/index.ts';
import { insertBillingEventOnce, setBillingEventOutcome } from '../billing/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { createNotification } from '../notifications/index.ts';
import { openDetails, sealDetails } from './payout-details-seal.ts';
import { selectPayees, selectPayoutBatch, selectPayoutItem, selectPayoutSettings, upsertPayoutMethod } from './payouts.queries.ts';
import { settleItemIn } from './payouts.service.ts';
import { stripeConnectClient, StripeTransferRefused, type PayoutProviderConfig, type StripeConnectClient } from './stripe-connect.client.ts';
import {
  insertStripeAccount,
  selectItemByTransfer,
  selectItemsToTransfer,
  selectStripeAccount,
  selectStripeAccountById,
  setItemTransfer,
  stripeConnectView,
  updateStripeAccountState,
} from './stripe-connect.queries.ts';

/** Stripe Connect payouts (issue 30 item 4, decision 069): onboarding, the account's state, transfers, webhooks. */
export type ConnectDeps = { db: DbOrTx; clock: Clock; config: PayoutProviderConfig };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function clientOf(deps: ConnectDeps): StripeConnectClient {
  const client = stripeConnectClient(deps.config);
  if (!client) throw new AppError('NOT_FOUND', 'Stripe Connect is not configured on this server.');
  return client;
}

/** Where Stripe sends the browser back: the page the payee started from (traders and members earn on /earnings). */
export type ConnectReturnPage = 'commissions' | 'earnings';
function returnUrls(baseUrl: string, page: ConnectReturnPage): { refreshUrl: string; returnUrl: string } {
  const path = page === 'earnings' ? `${baseUrl}/earnings?stripe=` : `${baseUrl}/commissions?tab=payouts&stripe=`;
  return { refreshUrl: `${path}refresh`, returnUrl: `${path}return` };
}

/**
 * "Connect with Stripe": the payee's Express account (created on the first call, with an
 * idempotency key per user, and stored; every later call reuses it) and a fresh onboarding link
 * (Account Links are single-use and expire within minutes, so each click gets a new one). Once the
 * account is verified, the link opens the payee's Express dashboard instead (a login link), where
 * Stripe lets them change their bank details.
 */
export async function startStripeOnboarding(deps: ConnectDeps, user: { id: string; email: string }, page: ConnectReturnPage, baseUrl: string): Promise<{ url: string }> {
  const client = clientOf(deps);
  await assertEmailVerified(deps.db, user.id);
  let row = await selectStripeAccount(deps.db, user.id);
  if (!row) {
    const account = await client.createExpressAccount(user);
    const now = deps.clock.now();
    row = await deps.db.transaction(async (tx) => {
      const inserted = await insertStripeAccount(tx, { userId: user.id, accountId: account.id, state: connectAccountState(account), createdAt: now, updatedAt: now });
      if (inserted) {
        await recordAudit(tx, deps.clock, { actorId: user.id, action: 'payout.stripe.account', target: inserted.id, details: { account: maskStripeAccount(account.id), state: inserted.state } });
      }
      return inserted ?? (await selectStripeAccount(tx, user.id));
    });
    if (!row) throw new AppError('CONFLICT', 'Your Stripe account could not be stored. Please try again.');
  }
  const dashboard = row.state === 'verified';
  const url = dashboard ? await client.createDashboardLink(row.accountId) : await client.createOnboardingLink(row.accountId, returnUrls(baseUrl, page));
  await recordAudit(deps.db, deps.clock, { actorId: user.id, action: dashboard ? 'payout.stripe.dashboard_link' : 'payout.stripe.onboarding_link', target: row.id, details: { account: maskStripeAccount(row.accountId), page } });
  return { url };
}

/** On the return from onboarding: the account read from Stripe now, its state stored. */
export async function refreshStripeAccount(deps: ConnectDeps, userId: string) {
  const client = clientOf(deps);
  const row = await selectStripeAccount(deps.db, userId);
  if (!row) return { account: null };
  const account = await client.retrieveAccount(row.accountId);
  await deps.db.transaction((tx) => applyAccountState(tx, deps, row.accountId, account, { via: 'return', actorId: userId }));
  return { account: await stripeConnectView(deps.db, userId) };
}

/**
 * Stores what Stripe says of a connected account (the return from onboarding, account.updated).
 * A change of state is audited and told to the payee; the first time it becomes verified, the
 * account becomes the payee's payout method, with the details hold and the e-mail of any change
 * (a takeover connecting the attacker's own account is caught the same way). Later events with
 * the same state change nothing, and a payee who chose another method since is not switched back.
 */
async function applyAccountState(tx: DbOrTx, deps: ConnectDeps, accountId: string, account: Stripe.Account, how: { via: 'return' | 'webhook'; actorId: string | null }): Promise<'applied' | 'duplicate' | 'ignored'> {
  const row = await selectStripeAccountById(tx, accountId, { forUpdate: true });
  if (!row) return 'ignored';
  const state: ConnectAccountState = connectAccountState(account);
  if (state === row.state) return 'duplicate';
  const now = deps.clock.now();
  await updateStripeAccountState(tx, row.id, state, now);
  await recordAudit(tx, deps.clock, { actorId: how.actorId, action: 'payout.stripe.account_state', target: row.id, details: { account: maskStripeAccount(accountId), from: row.state, to: state, via: how.via, user_id: row.userId } });
  await createNotification(tx, deps.clock, {
    userId: row.userId,
    type: 'commission',
    title: state === 'verified' ? 'Stripe account verified' : state === 'restricted' ? 'Stripe account restricted' : 'Stripe account pending',
    message: `${maskStripeAccount(accountId)}: ${CONNECT_ACCOUNT_STATE_LABELS[state]}.`,
    data: { stripe_account_state: state },
    sourceKey: `stripe-account:${accountId}:${state}:${now.toISOString()}`,
  });
  if (state === 'verified' && row.state !== 'verified') await makeStripeThePayoutMethod(tx, deps, row.userId, accountId, how.actorId);
  return 'applied';
}

async function makeStripeThePayoutMethod(tx: DbOrTx, deps: ConnectDeps, userId: string, accountId: string, actorId: string | null): Promise<void> {
  const [payee] = await selectPayees(tx, [userId]);
  if (!payee || (payee.method?.method === 'stripe' && payee.method.summary === maskStripeAccount(accountId))) return;
  const settings = await selectPayoutSettings(tx);
  const now = deps.clock.now();
  const summary = maskStripeAccount(accountId);
  const holdUntil = detailsHoldUntil(now, settings.detailsHoldHours);
  const saved = await upsertPayoutMethod(tx, {
    userId,
    method: 'stripe',
    details: sealDetails({ method: 'stripe', account_id: accountId }, deps.config.payoutDetailsKey),
    summary,
    network: null,
    createdAt: now,
    updatedAt: now,
    holdUntil,
  });
  await recordAudit(tx, deps.clock, { actorId, action: 'payout.method.change', target: saved.id, details: { method: 'stripe', summary, hold_until: holdUntil.toISOString(), via: 'stripe_connect', user_id: userId } });
  await enqueueMail(tx, deps.clock, {
    userId,
    kind: 'payout_method_changed',
    to: payee.email,
    subject: 'Your payout details were changed',
    text: `Your payout method is now: ${summary} (Stripe verified it).\n\n${
      settings.detailsHoldHours > 0 ? `For your security, payouts use it from ${holdUntil.toISOString().replace('T', ' ').slice(0, 16)} UTC (${settings.detailsHoldHours} hours from now).` : 'Payouts may use it from now on.'
    }\n\nIf you did not make this change, change your password and contact support at once.`,
  });
}

/** The webhook events Stripe Connect payouts read; every other event goes to the payments adapter. */
export function isStripePayoutEvent(type: string): boolean {
  return type === 'account.updated' || type.startsWith('transfer.') || type.startsWith('payout.');
}

export type PayoutEventOutcome = 'applied' | 'ignored' | 'duplicate';

/**
 * A verified Stripe event about payouts (the existing /api/stripe/webhook and its signature check
 * hand it here). Each event is recorded once (billing_events, as every Stripe event): a repeated
 * delivery is a no-op. account.updated: the account is read from Stripe (so the order of
 * delivery does not matter) and its state stored. transfer.*: the item named by the transfer's
 * metadata (or its transfer id) is settled, paid or failed. payout.* (the connected account's
 * payout of its Stripe balance to the payee's bank): the payee is told; the payout item was paid
 * when the transfer reached their account.
 */
export async function applyStripePayoutEvent(deps: ConnectDeps, event: Stripe.Event): Promise<PayoutEventOutcome> {
  const client = stripeConnectClient(deps.config);
  if (!client) return 'ignored';
  const object = event.data.object as unknown as Record<string, unknown>;
  // An account of ours is read from Stripe now (arrival order does not matter); another one is only recorded.
  const ours = event.type === 'account.updated' && typeof object.id === 'string' ? await selectStripeAccountById(deps.db, object.id) : undefined;
  const fresh = ours ? await client.retrieveAccount(ours.accountId) : null;
  return deps.db.transaction(async (tx) => {
    const recorded = await insertBillingEventOnce(tx, {
      provider: 'stripe',
      eventId: event.id,
      type: event.type,
      userId: null,
      providerSubscriptionId: null,
      occurredAt: new Date(event.created * 1000),
      receivedAt: deps.clock.now(),
      outcome: 'ignored',
      plan: null,
      amountCents: typeof object.amount === 'number' ? object.amount : null,
      details: { object_id: object.id ?? null, account: event.account ?? null },
    });
    if (!recorded) return 'duplicate';
    let outcome: PayoutEventOutcome = 'ignored';
    if (fresh) outcome = await applyAccountState(tx, deps, fresh.id, fresh, { via: 'webhook', actorId: null });
    else if (event.type.startsWith('transfer.')) outcome = await applyTransferEvent(tx, deps, event.type, object as unknown as Stripe.Transfer, event.id);
    else if (event.type === 'payout.paid' || event.type === 'payout.failed') outcome = await applyBankPayoutEvent(tx, deps, event.type, object as unknown as Stripe.Payout, event.account ?? null);
    // A state repeated by a new event id is no change: recorded, with nothing applied.
    await setBillingEventOutcome(tx, 'stripe', event.id, outcome === 'applied' ? 'applied' : 'ignored', null);
    return outcome;
  });
}

async function applyTransferEvent(tx: DbOrTx, deps: ConnectDeps, type: string, transfer: Stripe.Transfer, eventId: string): Promise<PayoutEventOutcome> {
  const named = transfer.metadata?.payout_item_id;
  const itemId = named && UUID.test(named) ? named : await selectItemByTransfer(tx, transfer.id);
  if (!itemId) return 'ignored';
  const item = await selectPayoutItem(tx, itemId, { forUpdate: true });
  if (!item || item.method !== 'stripe') return 'ignored';
  await selectPayoutBatch(tx, item.batchId, { forUpdate: true });
  // The webhook may come before the job stored Stripe's answer: the transfer id is recorded here too.
  const linked = await setItemTransfer(tx, item.id, transfer.id);
  const result = transferEventOutcome(type, transfer);
  if (result === null) return linked ? 'applied' : 'ignored';
  if (item.status === 'processing') {
    const input = result === 'paid' ? { status: 'paid' as const } : { status: 'failed' as const, reason: 'The transfer was reversed at Stripe' };
    await settleItemIn(tx, deps, null, item, input, 'stripe', { transfer_id: transfer.id, event_id: eventId, event: type });
    return 'applied';
  }
  if (item.status === result) return 'duplicate';
  // A transfer reversed after its payout was recorded paid: the money is back with us; an admin decides (decision 069, left for later).
  await recordAudit(tx, deps.clock, { actorId: null, action: 'payout.item.stripe_conflict', target: item.id, details: { status: item.status, event: type, transfer_id: transfer.id, event_id: eventId } });
  return 'ignored';
}

async function applyBankPayoutEvent(tx: DbOrTx, deps: ConnectDeps, type: 'payout.paid' | 'payout.failed', payout: Stripe.Payout, accountId: string | null): Promise<PayoutEventOutcome> {
  if (!accountId) return 'ignored';
  const row = await selectStripeAccountById(tx, accountId);
  if (!row) return 'ignored';
  const failed = type === 'payout.failed';
  await recordAudit(tx, deps.clock, {
    actorId: null,
    action: 'payout.stripe.bank_payout',
    target: row.id,
    details: { account: maskStripeAccount(accountId), status: failed ? 'failed' : 'paid', amount_cents: payout.amount, payout_id: payout.id, failure_code: payout.failure_code ?? null, user_id: row.userId },
  });
  await createNotification(tx, deps.clock, {
    userId: row.userId,
    type: 'commission',
    title: failed ? 'Stripe could not pay your bank' : 'Stripe paid your bank',
    message: failed
      ? `Stripe could not pay ${formatDollarsAndCents(payout.amount)} from your Stripe balance to your bank: ${payout.failure_message ?? 'no reason given'}. The money stays in your Stripe balance; update your bank details with Stripe.`
      : `Stripe paid ${formatDollarsAndCents(payout.amount)} from your Stripe balance to your bank.`,
    data: { stripe_payout_id: payout.id, status: failed ? 'failed' : 'paid', amount_cents: payout.amount },
    sourceKey: `stripe-payout:${payout.id}:${failed ? 'failed' : 'paid'}`,
  });
  return 'applied';
}

const TransfersPayloadSchema = z.object({ batch_id: z.uuid() });

/**
 * The transfers job of an approved batch: for each Stripe item still processing without a
 * transfer, one POST /v1/transfers to the payee's connected account (the snapshot's account) with
 * the key payout-item-<id>. A refusal fails the item with Stripe's reason (its lines are available
 * again); an outage throws, and the job runs again later with the same keys, as it does after a
 * crash: Stripe answers a repeated key with the transfer it made, so no item is paid twice.
 */
export async function runStripeTransfers(deps: ConnectDeps, payload: unknown): Promise<void> {
  const { batch_id: batchId } = TransfersPayloadSchema.parse(payload);
  const client = stripeConnectClient(deps.config);
  if (!client) throw new Error(`Stripe Connect is not configured: the transfers of payout batch ${batchId} wait until it is`);
  for (const item of await selectItemsToTransfer(deps.db, batchId)) {
    const details = openDetails(item.details, deps.config);
    if (details.method !== 'stripe') continue;
    const key = stripeTransferKey(item.id);
    let transfer: Stripe.Transfer;
    try {
      transfer = await client.createTransfer({ id: item.id, batchId, accountId: details.account_id, amountCents: item.amountCents });
    } catch (error) {
      if (!(error instanceof StripeTransferRefused)) throw error;
      await deps.db.transaction(async (tx) => {
        const locked = await selectPayoutItem(tx, item.id, { forUpdate: true });
        await selectPayoutBatch(tx, batchId, { forUpdate: true });
        if (locked?.status === 'processing' && !locked.providerTransferId) {
          await settleItemIn(tx, deps, null, locked, { status: 'failed', reason: `Stripe refused the transfer: ${error.message}` }, 'stripe', { idempotency_key: key });
        }
      });
      continue;
    }
    await deps.db.transaction(async (tx) => {
      if (await setItemTransfer(tx, item.id, transfer.id)) {
        await recordAudit(tx, deps.clock, {
          actorId: null,
          action: 'payout.item.transfer',
          target: item.id,
          details: { transfer_id: transfer.id, account: maskStripeAccount(details.account_id), amount_cents: item.amountCents, idempotency_key: key, batch_id: batchId },
        });
      }
    });
  }
}
