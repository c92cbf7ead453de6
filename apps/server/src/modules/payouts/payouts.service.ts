import type { DbOrTx } from '@myeai/db';
import {
  AppError,
  canSettleByHand,
  STRIPE_FAIL_BY_HAND_MESSAGE,
  detailsHoldUntil,
  formatDollarsAndCents,
  holdingCutoff,
  maskPayoutDetails,
  nextPayoutAt,
  payoutExportCsv,
  PAYOUT_METHOD_LABELS,
  type PayoutBalance,
  type PayoutBatchResponse,
  type PayoutBatchStatus,
  type PayoutDetails,
  type PayoutMethod,
  type ConnectAccountState,
  type PayoutMethodKind,
  type PayoutMethodResponse,
  type PayoutSettings,
  type PayoutSkipReason,
  type PayoutStatementList,
  type PayoutPeriodStatement,
  type PayoutResultRowStatus,
  type PayoutResultsResponse,
  type PayoutStatement,
  type PayoutStatementQuery,
  PAYOUT_RESULT_ROW_STATUSES,
  readPayoutResultCsv,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { assertEmailVerified } from '../auth/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { createNotification } from '../notifications/index.ts';
import { availableByPayee } from './payout-allocation.ts';
import type { LineRef } from './payout-allocation.queries.ts';
import { openDetails, sealDetails } from './payout-details-seal.ts';
import {
  cancelBatchItems,
  countOpenItems,
  releaseBatchLines,
  selectBatchItemsForUpdate,
  insertPayoutBatch,
  insertPayoutItems,
  reserveLines,
  selectBalanceSplit,
  selectBatchItems,
  selectPayees,
  selectPayoutBatch,
  selectPayoutBatches,
  selectPayoutItem,
  selectPayoutMethod,
  selectPayoutSettings,
  selectStatements,
  settleItemLines,
  updatePayoutBatch,
  updatePayoutItem,
  updatePayoutSettings,
  upsertPayoutMethod,
  type BatchItemRow,
  type PayoutBatchRow,
  type PayoutItemRow,
  type PayoutSettingsRow,
  type Payee,
} from './payouts.queries.ts';
import { queueNextPayoutSlot } from './payout-schedule-queue.ts';
import { executeApprovedBatch, stripeConnectConfigured } from './payout-provider.ts';
import type { PayoutProviderConfig } from './stripe-connect.client.ts';
import { selectStripeAccountStates, stripeConnectView } from './stripe-connect.queries.ts';

export type PayoutDeps = { db: DbOrTx; clock: Clock; config: PayoutProviderConfig };

export function toSettings(row: PayoutSettingsRow): PayoutSettings {
  return {
    schedule_weekday: row.scheduleWeekday,
    schedule_minute_utc: row.scheduleMinuteUtc,
    minimum_cents: row.minimumCents,
    holding_days: row.holdingDays,
    details_hold_hours: row.detailsHoldHours,
    wire_threshold_cents: row.wireThresholdCents,
    methods_enabled: [...row.methodsEnabled],
  };
}

export async function getPayoutSettings(db: DbOrTx): Promise<PayoutSettings> {
  return toSettings(await selectPayoutSettings(db));
}

export async function savePayoutSettings(deps: PayoutDeps, actorId: string, input: PayoutSettings): Promise<PayoutSettings> {
  return deps.db.transaction(async (tx) => {
    const before = toSettings(await selectPayoutSettings(tx, { forUpdate: true }));
    const row = await updatePayoutSettings(tx, {
      scheduleWeekday: input.schedule_weekday,
      scheduleMinuteUtc: input.schedule_minute_utc,
      minimumCents: input.minimum_cents,
      holdingDays: input.holding_days,
      detailsHoldHours: input.details_hold_hours,
      wireThresholdCents: input.wire_threshold_cents,
      methodsEnabled: [...new Set(input.methods_enabled)],
      updatedAt: deps.clock.now(),
      updatedBy: actorId,
    });
    await recordAudit(tx, deps.clock, { actorId, action: 'payout.settings', target: 'payout settings', details: { before, after: toSettings(row) } });
    // The weekly schedule follows the new weekday and time (a job queued for the old time prepares nothing, decision 063).
    await queueNextPayoutSlot(tx, deps.clock, toSettings(row));
    return toSettings(row);
  });
}

export async function getPayoutMethod(deps: PayoutDeps, userId: string): Promise<PayoutMethodResponse> {
  const [row, settings] = await Promise.all([selectPayoutMethod(deps.db, userId), getPayoutSettings(deps.db)]);
  const now = deps.clock.now();
  // Reading one's payout details is access-logged, as every read of them is (issue 30 item 1).
  if (row) await recordAudit(deps.db, deps.clock, { actorId: userId, action: 'payout.method.read', target: row.id, details: { summary: row.summary } });
  return {
    method: row
      ? {
          method: row.method,
          summary: row.summary,
          network: row.network as 'BTC' | 'ETH' | 'USDT_ERC20' | null,
          updated_at: row.updatedAt.toISOString(),
          hold_until: row.holdUntil.toISOString(),
          on_hold: row.holdUntil.getTime() > now.getTime(),
        }
      : null,
    details_hold_hours: settings.details_hold_hours,
    methods_enabled: settings.methods_enabled,
    stripe_connect: stripeConnectConfigured(deps.config) ? { account: await stripeConnectView(deps.db, userId) } : null,
  };
}

/**
 * Saves the payee's method (validated by the route's schema), sealed, with a hold before any
 * payout may use it, and tells the account's address: a change nobody expected is an account
 * takeover's sign. A batch already prepared keeps the snapshot it took.
 */
export async function savePayoutMethod(deps: PayoutDeps, user: { id: string; email: string }, details: PayoutDetails): Promise<PayoutMethodResponse> {
  await deps.db.transaction(async (tx) => {
    // An account earns and holds payout details only once its address is confirmed (decision 057).
    await assertEmailVerified(tx, user.id);
    const settings = toSettings(await selectPayoutSettings(tx));
    if (!settings.methods_enabled.includes(details.method)) {
      throw new AppError('VALIDATION', `${PAYOUT_METHOD_LABELS[details.method]} payouts are not offered at the moment.`, [{ path: 'method', message: 'This method is not enabled.' }]);
    }
    const now = deps.clock.now();
    const summary = maskPayoutDetails(details);
    const holdUntil = detailsHoldUntil(now, settings.details_hold_hours);
    const saved = await upsertPayoutMethod(tx, {
      userId: user.id,
      method: details.method,
      details: sealDetails(details, deps.config.payoutDetailsKey),
      summary,
      network: details.method === 'crypto' ? details.network : null,
      createdAt: now,
      updatedAt: now,
      holdUntil,
    });
    await recordAudit(tx, deps.clock, { actorId: user.id, action: 'payout.method.change', target: saved.id, details: { method: details.method, summary, hold_until: holdUntil.toISOString() } });
    const holdText =
      settings.details_hold_hours > 0
        ? `For your security, payouts use them from ${holdUntil.toISOString().replace('T', ' ').slice(0, 16)} UTC (${settings.details_hold_hours} hours from now).`
        : 'Payouts may use them from now on.';
    await enqueueMail(tx, deps.clock, {
      userId: user.id,
      kind: 'payout_method_changed',
      to: user.email,
      subject: 'Your payout details were changed',
      text: `Your payout method is now: ${summary}.\n\n${holdText}\n\nIf you did not make this change, change your password and contact support at once.`,
    });
  });
  return getPayoutMethod(deps, user.id);
}

export async function getPayoutBalance(deps: PayoutDeps, userId: string): Promise<PayoutBalance> {
  const settings = await getPayoutSettings(deps.db);
  const now = deps.clock.now();
  const split = await selectBalanceSplit(deps.db, userId, holdingCutoff(now, settings.holding_days));
  return {
    currency: 'USD',
    ...split,
    next_payout_at: nextPayoutAt(now, settings).toISOString(),
    minimum_cents: settings.minimum_cents,
    wire_threshold_cents: settings.wire_threshold_cents,
    holding_days: settings.holding_days,
  };
}

type StatementRow = Awaited<ReturnType<typeof selectStatements>>[number];

function statementView({ item, lines }: StatementRow): PayoutStatement {
  return {
    id: item.id,
    batch_id: item.batchId,
    created_at: item.createdAt.toISOString(),
    method: item.method,
    method_summary: item.summary,
    amount_cents: item.amountCents,
    status: item.status as PayoutStatement['status'],
    reason: item.reason,
    settled_at: item.settledAt?.toISOString() ?? null,
    lines: lines.map(({ line, commission }) => ({
      commission_id: commission.id,
      product_name: commission.productName,
      source: commission.source,
      amount_cents: line.amountCents,
      earned_at: commission.earnedAt.toISOString(),
      cell_seat_position: commission.cellSeatPosition,
      cell_override_level: commission.cellOverrideLevel,
    })),
  };
}

export async function listStatements(deps: PayoutDeps, userId: string): Promise<PayoutStatementList> {
  const rows = await selectStatements(deps.db, userId, { limit: 100 });
  return { items: rows.map(statementView) };
}

type BatchView = PayoutBatchResponse['batch'];
type ItemView = BatchView['items'][number];

function totalsByMethod(items: readonly ItemView[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const item of items) totals[item.method] = (totals[item.method] ?? 0) + item.amount_cents;
  return totals;
}

function itemView(row: BatchItemRow): ItemView {
  return {
    id: row.id,
    user_id: row.userId,
    user_name: row.userName,
    method: row.method,
    method_summary: row.summary,
    amount_cents: row.amountCents,
    line_count: row.lineCount,
    status: row.status as ItemView['status'],
    reason: row.reason,
  };
}

function batchView(batch: PayoutBatchRow, items: readonly ItemView[], skipped: BatchView['skipped'] = []): BatchView {
  return {
    id: batch.id,
    status: batch.status as BatchView['status'],
    created_at: batch.createdAt.toISOString(),
    approved_at: batch.approvedAt?.toISOString() ?? null,
    scheduled_week: batch.scheduledWeek,
    cancelled_at: batch.cancelledAt?.toISOString() ?? null,
    cancel_reason: batch.cancelReason,
    total_cents: items.reduce((sum, item) => sum + item.amount_cents, 0),
    totals_by_method: totalsByMethod(items),
    items: [...items],
    skipped,
  };
}

/**
 * Why a payee is not paid whatever their lines (the batch's rules, decisions 060 and 069), or null:
 * suspended, no payout method, details on hold, the method not enabled (Stripe: Connect not
 * configured), a Stripe account not verified. A batch and "pay this one now" (decision 070) both ask it.
 */
export function payeeSkipReason(
  payee: Payee,
  settings: PayoutSettings,
  now: Date,
  stripe: { connectOn: boolean; state: ConnectAccountState | undefined },
): Extract<PayoutSkipReason, 'suspended' | 'no_details' | 'details_on_hold' | 'method_disabled' | 'stripe_not_ready'> | null {
  const method = payee.method;
  if (payee.status !== 'active') return 'suspended';
  if (!method) return 'no_details';
  if (method.holdUntil.getTime() > now.getTime()) return 'details_on_hold';
  if (method.method === 'stripe' ? !stripe.connectOn : !settings.methods_enabled.includes(method.method)) return 'method_disabled';
  if (method.method === 'stripe' && stripe.state !== 'verified') return 'stripe_not_ready';
  return null;
}

/** An item's maximum by the payee's method: the wire threshold, except for wire and Stripe (a Stripe transfer has none: "wire for amounts over $1,000" is about the manual methods). */
export function itemMaximum(method: PayoutMethodKind, settings: PayoutSettings): { maximum_cents?: number } {
  return method === 'wire' || method === 'stripe' ? {} : { maximum_cents: settings.wire_threshold_cents };
}

/**
 * Prepares a batch (issue 30 item 3): one item per payee whose available lines reach the minimum
 * and whose details are valid and out of their hold, the oldest lines first and whole
 * (allocateLines); everyone else is listed with the reason and carried. The settings row is
 * locked first, so two preparations run one after the other and a line is never in two batches.
 * A dry run writes nothing. Otherwise the batch, its items (each with a snapshot of the details),
 * the item lines and the lines' move to processing are one transaction.
 */
export async function preparePayoutBatch(deps: PayoutDeps, actorId: string, options: { dryRun: boolean }): Promise<PayoutBatchResponse> {
  return deps.db.transaction((tx) => prepareBatchIn(tx, deps, actorId, { dryRun: options.dryRun, scheduledWeek: null }));
}

/**
 * The preparation inside the caller's transaction: an admin's (actor, no week) or the weekly
 * schedule's (no actor, the payout week it is for, decision 063).
 */
export async function prepareBatchIn(tx: DbOrTx, deps: PayoutDeps, actorId: string | null, options: { dryRun: boolean; scheduledWeek: string | null }): Promise<PayoutBatchResponse> {
  const settings = toSettings(await selectPayoutSettings(tx, { forUpdate: true }));
  const now = deps.clock.now();
  // The allocation in SQL for payees whose lines do not net, allocateLines for the others (decision 070).
  const available = new Map((await availableByPayee(tx, holdingCutoff(now, settings.holding_days), settings.wire_threshold_cents, { lock: !options.dryRun })).map((payee) => [payee.user_id, payee]));
  const payees = await selectPayees(tx, [...available.keys()]);
  // Stripe Connect (decision 069): a connected account is paid only while Connect is configured and Stripe says it is verified.
  const connectOn = stripeConnectConfigured(deps.config);
  const stripeStates = await selectStripeAccountStates(tx, payees.filter((payee) => payee.method?.method === 'stripe').map((payee) => payee.id));
  const planned: { payee: (typeof payees)[number]; method: PayoutMethodKind; details: string; amount: number; lineCount: number; lines: LineRef[] }[] = [];
  const skipped: BatchView['skipped'] = [];
  for (const payee of payees.sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const own = available.get(payee.id)!;
    const skip = (reason: PayoutSkipReason) => skipped.push({ user_id: payee.id, user_name: payee.name, reason, available_cents: own.available_cents });
    const reason = payeeSkipReason(payee, settings, now, { connectOn, state: stripeStates.get(payee.id) });
    if (reason) skip(reason);
    else {
      const method = payee.method!;
      const allocation = own.allocate({ minimum_cents: settings.minimum_cents, ...itemMaximum(method.method, settings) });
      if (!allocation.ok) skip(allocation.reason);
      else planned.push({ payee, method: method.method, details: method.details, amount: allocation.amount_cents, lineCount: allocation.line_count, lines: allocation.lines });
    }
  }
  if (options.dryRun) {
    const items = planned.map((plan) => ({
      id: null,
      user_id: plan.payee.id,
      user_name: plan.payee.name,
      method: plan.method,
      method_summary: plan.payee.method!.summary,
      amount_cents: plan.amount,
      line_count: plan.lineCount,
      status: 'processing' as const,
      reason: null,
    }));
    return { batch: { id: null, status: 'preview' as const, created_at: now.toISOString(), approved_at: null, scheduled_week: options.scheduledWeek, cancelled_at: null, cancel_reason: null, total_cents: items.reduce((s, i) => s + i.amount_cents, 0), totals_by_method: totalsByMethod(items), items, skipped } };
  }
  // An empty batch has nothing to approve: it is complete as soon as it is written.
  const batch = await insertPayoutBatch(tx, {
    status: planned.length === 0 ? 'completed' : 'prepared',
    createdAt: now,
    createdBy: actorId,
    completedAt: planned.length === 0 ? now : null,
    scheduledWeek: options.scheduledWeek,
  });
  const items = await insertPayoutItems(
    tx,
    planned.map((plan) => ({
      batchId: batch.id,
      userId: plan.payee.id,
      method: plan.method,
      details: plan.details,
      summary: plan.payee.method!.summary,
      amountCents: plan.amount,
      status: 'processing',
      createdAt: now,
    })),
  );
  const itemOf = new Map(items.map((item) => [item.userId, item.id]));
  const links = planned.flatMap((plan) => plan.lines.map((line) => ({ itemId: itemOf.get(plan.payee.id)!, commissionId: line.id, amountCents: line.amount_cents })));
  const moved = await reserveLines(tx, links, now);
  if (moved !== links.length) throw new AppError('CONFLICT', 'The ledger changed while the batch was prepared. Please prepare it again.');
  await recordAudit(tx, deps.clock, {
    actorId,
    action: 'payout.batch.prepare',
    target: batch.id,
    details: { items: items.length, lines: links.length, total_cents: items.reduce((sum, item) => sum + item.amountCents, 0), skipped: skipped.length, scheduled_week: options.scheduledWeek },
  });
  const names = new Map(planned.map((plan) => [plan.payee.id, plan.payee.name]));
  const lineCounts = new Map<string, number>();
  for (const link of links) lineCounts.set(link.itemId, (lineCounts.get(link.itemId) ?? 0) + 1);
  const views = items.map((item) => itemView({ ...item, userName: names.get(item.userId)!, lineCount: lineCounts.get(item.id) ?? 0 }));
  return { batch: batchView(batch, views, skipped) };
}

export async function getPayoutBatch(db: DbOrTx, id: string): Promise<PayoutBatchResponse> {
  const batch = await selectPayoutBatch(db, id);
  if (!batch) throw new AppError('NOT_FOUND', 'Payout batch not found.');
  return { batch: batchView(batch, (await selectBatchItems(db, id)).map(itemView)) };
}

/**
 * Approves a prepared batch. The batch row is locked, so of two admins approving at once one
 * approves and the other is told it is approved already: the batch is paid once. With the manual
 * provider, approval releases the payout files; each payee is told their payout is on its way.
 */
export async function approvePayoutBatch(deps: PayoutDeps, actorId: string, id: string): Promise<PayoutBatchResponse> {
  return deps.db.transaction(async (tx) => {
    const batch = await selectPayoutBatch(tx, id, { forUpdate: true });
    if (!batch) throw new AppError('NOT_FOUND', 'Payout batch not found.');
    if (batch.status === 'cancelled') throw new AppError('CONFLICT', 'This payout batch was cancelled: prepare a new one.');
    if (batch.status !== 'prepared') throw new AppError('CONFLICT', 'This payout batch is approved already.');
    const now = deps.clock.now();
    await updatePayoutBatch(tx, id, { status: 'approved', approvedAt: now, approvedBy: actorId });
    const items = await selectBatchItems(tx, id);
    // The provider seam (decision 069): manual releases the files; Stripe Connect queues the transfers, with the approval.
    await executeApprovedBatch(tx, deps, id, items);
    await recordAudit(tx, deps.clock, { actorId, action: 'payout.batch.approve', target: id, details: { items: items.length, total_cents: items.reduce((sum, item) => sum + item.amountCents, 0) } });
    for (const item of items) {
      await createNotification(tx, deps.clock, {
        userId: item.userId,
        type: 'commission',
        title: 'Payout sent',
        message: `A payout of ${formatDollarsAndCents(item.amountCents)} to ${item.summary} is on its way.`,
        data: { payout_item_id: item.id, status: 'processing', amount_cents: item.amountCents },
        sourceKey: `payout:${item.id}:processing`,
      });
    }
    return { batch: batchView({ ...batch, status: 'approved', approvedAt: now, approvedBy: actorId }, items.map(itemView)) };
  });
}

/** The manual provider's file for one method of an approved batch: the only place full details appear, so it is access-logged. */
export async function exportPayoutBatch(deps: PayoutDeps, actorId: string, id: string, method: PayoutMethod): Promise<string> {
  const batch = await selectPayoutBatch(deps.db, id);
  if (!batch) throw new AppError('NOT_FOUND', 'Payout batch not found.');
  if (batch.status === 'prepared') throw new AppError('CONFLICT', 'Approve the batch before downloading its payout files.');
  if (batch.status === 'cancelled') throw new AppError('CONFLICT', 'This payout batch was cancelled: it has no payout files.');
  const items = (await selectBatchItems(deps.db, id, method)).filter((item) => item.status !== 'failed');
  await recordAudit(deps.db, deps.clock, { actorId, action: 'payout.batch.export', target: id, details: { method, items: items.length } });
  return payoutExportCsv(
    method,
    items.flatMap((item) => {
      const details = openDetails(item.details, deps.config);
      return details.method === 'stripe' ? [] : [{ item_id: item.id, amount_cents: item.amountCents, details }];
    }),
  );
}

/**
 * The admin records the provider's result for one item: paid moves its lines to paid; failed
 * returns them to pending (available to the next batch) with the reason. Once no item of the
 * batch is processing, the batch is complete. One transaction, the item row locked.
 */
export async function settlePayoutItem(deps: PayoutDeps, actorId: string, id: string, input: { status: 'paid' | 'failed'; reason?: string | undefined }) {
  return deps.db.transaction(async (tx) => {
    const item = await selectPayoutItem(tx, id, { forUpdate: true });
    if (!item) throw new AppError('NOT_FOUND', 'Payout item not found.');
    const batch = await selectPayoutBatch(tx, item.batchId, { forUpdate: true });
    if (batch!.status === 'prepared') throw new AppError('CONFLICT', 'Approve the batch before recording its payouts.');
    if (item.status !== 'processing') throw new AppError('CONFLICT', `This payout is ${item.status} already.`);
    if (!canSettleByHand(item.method, input.status)) throw new AppError('CONFLICT', STRIPE_FAIL_BY_HAND_MESSAGE);
    const { updated, lines } = await settleItemIn(tx, deps, actorId, item, input.status === 'paid' ? { status: 'paid' } : { status: 'failed', reason: input.reason ?? '' });
    const [row] = (await selectBatchItems(tx, item.batchId)).filter((candidate) => candidate.id === id);
    return { item: { ...itemView(row ?? { ...updated, userName: '', lineCount: lines }), id } };
  });
}

/**
 * One processing item settled inside the caller's transaction (item and batch rows locked by the
 * caller): the item's status, its lines moved, the batch completed once no item is processing,
 * the audit entry and the payee told. Shared by the single PATCH and the result file.
 */
export async function settleItemIn(
  tx: DbOrTx,
  deps: Pick<PayoutDeps, 'clock'>,
  actorId: string | null,
  item: PayoutItemRow,
  input: { status: 'paid' } | { status: 'failed'; reason: string },
  via: 'single' | 'result_file' | 'stripe' = 'single',
  extra: Record<string, unknown> = {},
) {
  const now = deps.clock.now();
  const reason = input.status === 'failed' ? input.reason : null;
  const updated = await updatePayoutItem(tx, item.id, { status: input.status, reason, settledAt: now, settledBy: actorId });
  const lines = await settleItemLines(tx, item.id, input.status === 'paid' ? 'paid' : 'pending', now);
  if ((await countOpenItems(tx, item.batchId)) === 0) await updatePayoutBatch(tx, item.batchId, { status: 'completed', completedAt: now });
  await recordAudit(tx, deps.clock, { actorId, action: 'payout.item.settle', target: item.id, details: { status: input.status, reason, user_id: item.userId, amount_cents: item.amountCents, lines, via, ...extra } });
  await createNotification(tx, deps.clock, {
    userId: item.userId,
    type: 'commission',
    title: input.status === 'paid' ? 'Payout paid' : 'Payout failed',
    message:
      input.status === 'paid'
        ? `Your payout of ${formatDollarsAndCents(item.amountCents)} to ${item.summary} was paid.`
        : `Your payout of ${formatDollarsAndCents(item.amountCents)} to ${item.summary} failed: ${reason}. The amount is available again for the next payout.`,
    data: { payout_item_id: item.id, status: input.status, amount_cents: item.amountCents },
    sourceKey: `payout:${item.id}:${input.status}`,
  });
  return { updated, lines };
}

/**
 * Cancels a prepared batch (issue 30 item 3, decision 063): before approval only (an approved batch
 * may have been paid already: its items are settled one by one). The items become cancelled, their
 * lines go back to pending (available to the next batch), the batch is cancelled with who, when and
 * why, audited. Payees were not told of a prepared batch, so nobody is notified. The batch row is
 * locked, so a cancel racing an approval loses or wins whole.
 */
export async function cancelPayoutBatch(deps: PayoutDeps, actorId: string, id: string, input: { reason?: string | undefined }): Promise<PayoutBatchResponse> {
  return deps.db.transaction(async (tx) => {
    const batch = await selectPayoutBatch(tx, id, { forUpdate: true });
    if (!batch) throw new AppError('NOT_FOUND', 'Payout batch not found.');
    if (batch.status === 'cancelled') throw new AppError('CONFLICT', 'This payout batch is cancelled already.');
    if (batch.status !== 'prepared') throw new AppError('CONFLICT', 'Only a batch that is not approved yet can be cancelled: mark its payouts paid or failed instead.');
    const now = deps.clock.now();
    const reason = input.reason && input.reason.length > 0 ? input.reason : null;
    const items = await selectBatchItems(tx, id);
    const lines = await releaseBatchLines(tx, id);
    const expected = items.reduce((sum, item) => sum + item.lineCount, 0);
    if (lines !== expected) throw new AppError('CONFLICT', 'The ledger changed while the batch was cancelled. Please try again.');
    await cancelBatchItems(tx, id, now, actorId, reason);
    await updatePayoutBatch(tx, id, { status: 'cancelled', cancelledAt: now, cancelledBy: actorId, cancelReason: reason });
    await recordAudit(tx, deps.clock, {
      actorId,
      action: 'payout.batch.cancel',
      target: id,
      details: { reason, items: items.length, lines, total_cents: items.reduce((sum, item) => sum + item.amountCents, 0), scheduled_week: batch.scheduledWeek },
    });
    return getPayoutBatch(tx, id);
  });
}

/**
 * The provider's result file for an approved batch (decision 063): each row names a payout by the
 * reference of the payout file (the item id) and says paid or failed. A row for a payout still
 * processing settles it exactly as Mark paid / Mark failed does; a row repeating the payout's
 * current result changes nothing (so a file uploaded twice is harmless); every other row is
 * reported with the reason and changes nothing. A dry run reports what each row would do. One
 * transaction with the batch row and every item of the batch locked.
 */
export async function applyPayoutResults(deps: PayoutDeps, actorId: string, id: string, input: { csv: string; dry_run: boolean }): Promise<PayoutResultsResponse> {
  const read = readPayoutResultCsv(input.csv);
  if (!read.ok) throw new AppError('VALIDATION', read.message, [{ path: 'csv', message: read.message }]);
  return deps.db.transaction(async (tx) => {
    const batch = await selectPayoutBatch(tx, id, { forUpdate: true });
    if (!batch) throw new AppError('NOT_FOUND', 'Payout batch not found.');
    if (batch.status === 'prepared') throw new AppError('CONFLICT', 'Approve the batch before recording its payouts.');
    if (batch.status === 'cancelled') throw new AppError('CONFLICT', 'This payout batch was cancelled: nothing of it was paid.');
    const items = await selectBatchItemsForUpdate(tx, id);
    const byId = new Map(items.map((item) => [item.id.toLowerCase(), item]));
    const rows: PayoutResultsResponse['rows'] = [];
    for (const line of read.rows) {
      if (!line.ok) {
        rows.push({ row: line.row, reference: line.reference, status: 'error', message: line.message, user_name: null, amount_cents: null });
        continue;
      }
      const item = byId.get(line.reference.toLowerCase());
      const report = (status: PayoutResultRowStatus, message: string) =>
        rows.push({ row: line.row, reference: line.reference, status, message, user_name: item?.userName ?? null, amount_cents: item?.amountCents ?? null });
      if (!item) {
        report('error', 'No payout of this batch has this reference.');
        continue;
      }
      if (line.amount_cents !== null && line.amount_cents !== item.amountCents) {
        report('error', `The file says ${formatDollarsAndCents(line.amount_cents)}; this payout is ${formatDollarsAndCents(item.amountCents)}. Nothing was recorded for it.`);
        continue;
      }
      if (item.status === line.status) {
        report('unchanged', `Marked ${line.status} already.`);
        continue;
      }
      if (item.status === 'processing' && !canSettleByHand(item.method, line.status)) {
        report('error', `${STRIPE_FAIL_BY_HAND_MESSAGE} Nothing was recorded for it.`);
        continue;
      }
      if (item.status !== 'processing') {
        report('error', `This payout is ${item.status} already; the file says ${line.status}. Nothing was recorded for it.`);
        continue;
      }
      if (!input.dry_run) {
        await settleItemIn(tx, deps, actorId, item, line.status === 'paid' ? { status: 'paid' } : { status: 'failed', reason: line.reason ?? 'Failed at the provider' }, 'result_file');
        item.status = line.status;
      }
      report(line.status, line.status === 'paid' ? (input.dry_run ? 'Would be marked paid.' : 'Marked paid.') : `${input.dry_run ? 'Would be marked failed' : 'Marked failed'}: ${line.reason}.`);
    }
    const counts = Object.fromEntries(PAYOUT_RESULT_ROW_STATUSES.map((status) => [status, rows.filter((row) => row.status === status).length])) as PayoutResultsResponse['counts'];
    if (!input.dry_run) {
      await recordAudit(tx, deps.clock, { actorId, action: 'payout.batch.results', target: id, details: { rows: rows.length, ...counts } });
    }
    return { dry_run: input.dry_run, rows, counts };
  });
}

/**
 * The payee's statement for a period (decision 063): the payouts prepared from `from` to `to`
 * (UTC dates, both included), each with the lines it paid, and the totals by status.
 */
export async function getPeriodStatement(deps: PayoutDeps, user: { id: string; name: string; email: string }, query: PayoutStatementQuery): Promise<PayoutPeriodStatement> {
  const from = new Date(`${query.from}T00:00:00.000Z`);
  const to = new Date(new Date(`${query.to}T00:00:00.000Z`).getTime() + 86_400_000);
  const rows = await selectStatements(deps.db, user.id, { limit: 1000, from, to });
  const items = rows.map(statementView);
  const total = (status: string) => items.filter((item) => item.status === status).reduce((sum, item) => sum + item.amount_cents, 0);
  return {
    payee: { name: user.name, email: user.email },
    from: query.from,
    to: query.to,
    generated_at: deps.clock.now().toISOString(),
    items,
    totals: { paid_cents: total('paid'), processing_cents: total('processing'), failed_cents: total('failed') },
  };
}

export async function listPayoutBatches(db: DbOrTx) {
  const rows = await selectPayoutBatches(db, 50);
  return { items: rows.map((row) => ({ ...row, status: row.status as PayoutBatchStatus, created_at: row.created_at.toISOString() })) };
}
