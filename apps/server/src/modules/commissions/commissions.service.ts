import type { DbOrTx } from '@myeai/db';
import {
  AppError,
  COMMISSION_HELD_MESSAGE,
  COMMISSION_PROCESSING_BY_BATCH_MESSAGE,
  COMMISSION_STATUS_LABELS,
  COMMISSION_WITHHELD_MESSAGE,
  PAYOUT_POLICY,
  canTransitionCommission,
  cellPayoutsNotificationText,
  commissionInPayoutBatchMessage,
  commissionNotificationText,
  commissionsCsv,
  formatDollarsAndCents,
  meetsPayoutMinimum,
  nextPayoutDate,
  payoutArrivalWindow,
  summariseCommissions,
  type AdminCommissionPage,
  type Commission,
  type CommissionPage,
  type CommissionSource,
  type CommissionStatus,
  type CommissionStatusFilter,
  type CommissionSummaryResponse,
  type ListCommissionsQuery,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { decodeTimeCursor, encodeTimeCursor } from '../../paging.ts';
import { recordAudit } from '../audit/index.ts';
import { settleLedgerGoals } from '../goals/index.ts';
import { createNotification, createNotifications, type NewNotification } from '../notifications/index.ts';
import {
  countCommissions,
  insertCommissionsOnce,
  selectAllCommissionPage,
  selectCommissionsBySources,
  selectCommissionForUpdate,
  selectCommissionOwner,
  selectCommissionTotalsByStatus,
  selectOriginAttributionStatus,
  selectHeldCommissionIds,
  selectHeldTotals,
  selectOpenPayoutBatches,
  selectUserCommissionPage,
  selectUserCommissions,
  updateCommissionStatus,
  withholdFromOrigin,
  type CommissionRow,
} from './commissions.queries.ts';

export function toCommission(row: CommissionRow): Commission {
  return {
    id: row.id,
    product_id: row.productId,
    product_name: row.productName,
    amount_cents: row.amountCents,
    currency: row.currency,
    status: row.status as CommissionStatus,
    source: row.source as CommissionSource,
    rate_bp: row.rateBp,
    earned_at: row.earnedAt.toISOString(),
    processing_at: row.processingAt?.toISOString() ?? null,
    paid_at: row.paidAt?.toISOString() ?? null,
    ...(row.reversesId ? { reverses_id: row.reversesId, reason: row.reason ?? '' } : {}),
  };
}

export type NewCommission = {
  userId: string;
  productId: string | null;
  productName: string;
  source: CommissionSource;
  /** With source, makes the entry idempotent: the same event never creates a second commission. */
  sourceReference: string;
  amountCents: number;
  rateBp: number | null;
  /** Tell the user (default true); the demo seed writes history without notifying. */
  notify?: boolean;
  /** The member this commission arose from (the buyer of a conversion), when stored data names one (decision 43). */
  originUserId?: string | null;
  /** A commission-cell payout: its revenue run and the seat position or override level that explains it. */
  cell?: { runId: string; seatPosition: number | null; overrideLevel: number | null };
  /** The subscription payment it came from, if any: a refund of that payment reverses it (decision 066). */
  paymentId?: string | null;
};

/** What tells `userId` their commission is in this status (idempotent by commission and status). */
function statusNotification(userId: string, commission: Commission): NewNotification {
  const text = commissionNotificationText(commission.status, formatDollarsAndCents(commission.amount_cents), commission.product_name, commission.source);
  return {
    userId,
    type: 'commission',
    title: text.title,
    message: text.message,
    data: { commission_id: commission.id, status: commission.status, amount_cents: commission.amount_cents },
    sourceKey: `commission:${commission.id}:${commission.status}`,
  };
}

/**
 * One notification per owner for the entries created together (decision 039): an owner with one
 * entry is told exactly as statusNotification does; an owner with several (the cell payouts of a
 * processing chunk) gets one pending notification with their count and total, idempotent by the
 * first of them.
 */
function ownerNotifications(created: ReadonlyArray<{ userId: string; commission: Commission }>): NewNotification[] {
  const byOwner = new Map<string, Commission[]>();
  for (const { userId, commission } of created) {
    const owned = byOwner.get(userId);
    if (owned) owned.push(commission);
    else byOwner.set(userId, [commission]);
  }
  return [...byOwner].map(([userId, owned]) => {
    if (owned.length === 1) return statusNotification(userId, owned[0]!);
    const totalCents = owned.reduce((sum, commission) => sum + commission.amount_cents, 0);
    const text = cellPayoutsNotificationText(owned.length, formatDollarsAndCents(totalCents));
    return {
      userId,
      type: 'commission',
      title: text.title,
      message: text.message,
      data: { commission_ids: owned.map((commission) => commission.id), status: 'pending', amount_cents: totalCents, count: owned.length },
      sourceKey: `commissions:${owned[0]!.id}:pending`,
    };
  });
}

async function notifyStatus(db: DbOrTx, clock: Clock, commission: Commission): Promise<void> {
  const userId = await selectCommissionOwner(db, commission.id);
  if (!userId) return;
  await createNotification(db, clock, statusNotification(userId, commission));
}

/**
 * Writes one pending entry to the ledger, in the caller's transaction, and tells its owner.
 * The one way any feature (conversions now, commission cells later) adds a commission.
 */
export async function createCommission(db: DbOrTx, clock: Clock, input: NewCommission): Promise<{ commission: Commission; created: boolean }> {
  const [answer] = await createCommissions(db, clock, [input]);
  return answer!;
}

/**
 * createCommission for many entries at once (the payouts of a commission-cell run), set-based and
 * in the caller's transaction: one INSERT of the ledger lines (an entry whose source and reference
 * are in the ledger already is answered, not written again), then the owners' notifications
 * through createNotifications (one INSERT each of notifications, live events, mails); with
 * notify 'per_owner', one notification per owner for this call's entries. Answers per input, in
 * order, as createCommission does.
 */
export async function createCommissions(
  db: DbOrTx,
  clock: Clock,
  inputs: readonly NewCommission[],
  options: {
    /** 'each' (default): one notification per entry; 'per_owner': one per owner for all entries of this call (cell runs, decision 039). */
    notify?: 'each' | 'per_owner';
  } = {},
): Promise<Array<{ commission: Commission; created: boolean }>> {
  if (inputs.length === 0) return [];
  const earnedAt = clock.now();
  const rows = await insertCommissionsOnce(
    db,
    inputs.map((input) => ({
      userId: input.userId,
      productId: input.productId,
      productName: input.productName,
      source: input.source,
      sourceReference: input.sourceReference,
      amountCents: input.amountCents,
      rateBp: input.rateBp,
      status: 'pending',
      earnedAt,
      originUserId: input.originUserId ?? null,
      paymentId: input.paymentId ?? null,
      ...(input.cell ? { cellRunId: input.cell.runId, cellSeatPosition: input.cell.seatPosition, cellOverrideLevel: input.cell.overrideLevel } : {}),
    })),
  );
  const key = (source: string, reference: string) => `${source}|${reference}`;
  const inserted = new Map(rows.map((row) => [key(row.source, row.sourceReference), row]));
  const missing = inputs.filter((input) => !inserted.has(key(input.source, input.sourceReference)));
  const existing = new Map<string, CommissionRow>();
  for (const source of new Set(missing.map((input) => input.source))) {
    const found = await selectCommissionsBySources(db, source, missing.filter((input) => input.source === source).map((input) => input.sourceReference));
    for (const row of found) existing.set(key(row.source, row.sourceReference), row);
  }
  const answers = inputs.map((input) => {
    const k = key(input.source, input.sourceReference);
    const row = inserted.get(k);
    if (row) {
      inserted.delete(k); // the same reference twice in one call: the second is the first's answer
      return { input, commission: toCommission(row), created: true };
    }
    const earlier = existing.get(k) ?? rows.find((candidate) => key(candidate.source, candidate.sourceReference) === k);
    if (!earlier) throw new AppError('CONFLICT', 'This commission is being recorded. Please try again.');
    return { input, commission: toCommission(earlier), created: false };
  });
  const told = answers.filter((answer) => answer.created && answer.input.notify !== false);
  await createNotifications(
    db,
    clock,
    options.notify === 'per_owner'
      ? ownerNotifications(told.map((answer) => ({ userId: answer.input.userId, commission: answer.commission })))
      : told.map((answer) => statusNotification(answer.input.userId, answer.commission)),
  );
  // A monetary goal the new entries bring to target completes with them (decision 048).
  await settleLedgerGoals(db, clock, answers.filter((answer) => answer.created).map((answer) => answer.input.userId));
  return answers.map(({ commission, created }) => ({ commission, created }));
}


/** The signed-in user's own ledger, newest first, paged by cursor. */
export async function listCommissions(db: DbOrTx, userId: string, query: ListCommissionsQuery): Promise<CommissionPage> {
  const before = query.cursor ? decodeTimeCursor(query.cursor) : undefined;
  const [rows, total] = await Promise.all([
    selectUserCommissionPage(db, userId, query.status, before, query.limit + 1),
    countCommissions(db, userId, query.status),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const held = await selectHeldCommissionIds(db, page.filter((row) => row.status === 'pending' && row.originUserId).map((row) => row.id));
  return {
    items: page.map((row) => ({ ...toCommission(row), on_hold: held.has(row.id) })),
    total,
    next_cursor: rows.length > query.limit && last ? encodeTimeCursor(last.earnedAt, last.id) : null,
  };
}

/** Every user's commissions (admins), newest first, with the owner's name and e-mail. */
export async function listAllCommissions(db: DbOrTx, query: ListCommissionsQuery): Promise<AdminCommissionPage> {
  const before = query.cursor ? decodeTimeCursor(query.cursor) : undefined;
  const [rows, total] = await Promise.all([
    selectAllCommissionPage(db, query.status, before, query.limit + 1),
    countCommissions(db, null, query.status),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1)?.commission;
  const [held, batches] = await Promise.all([
    selectHeldCommissionIds(db, page.filter((row) => row.commission.status === 'pending' && row.commission.originUserId).map((row) => row.commission.id)),
    selectOpenPayoutBatches(db, page.filter((row) => row.commission.status === 'processing').map((row) => row.commission.id)),
  ]);
  return {
    items: page.map((row) => {
      const batch = batches.get(row.commission.id);
      return {
        ...toCommission(row.commission),
        on_hold: held.has(row.commission.id),
        user: row.user,
        payout_batch: batch ? { id: batch.id, created_at: batch.createdAt.toISOString() } : null,
      };
    }),
    total,
    next_cursor: rows.length > query.limit && last ? encodeTimeCursor(last.earnedAt, last.id) : null,
  };
}

/** The three cards, from one aggregate per status of the user's ledger, and the payout schedule. */
export async function getCommissionSummary(db: DbOrTx, clock: Clock, userId: string): Promise<CommissionSummaryResponse> {
  const [totals, held] = await Promise.all([selectCommissionTotalsByStatus(db, userId), selectHeldTotals(db, userId)]);
  const summary = summariseCommissions(totals);
  const payoutDate = nextPayoutDate(clock.now());
  return {
    currency: 'USD',
    ...summary,
    held_cents: held.cents,
    held_count: held.count,
    next_payout_date: payoutDate,
    arrival_window: payoutArrivalWindow(payoutDate),
    // What is on hold cannot be paid in the next run (decision 046).
    meets_minimum: meetsPayoutMinimum(summary.pending_cents - held.cents),
    payout_policy: { ...PAYOUT_POLICY, methods: [...PAYOUT_POLICY.methods], processing_business_days: { ...PAYOUT_POLICY.processing_business_days } },
  };
}

/** The Export Report file of the user's ledger (the current status filter), formula-safe. */
export async function exportCommissionsCsv(db: DbOrTx, userId: string, status: CommissionStatusFilter): Promise<string> {
  const rows = await selectUserCommissions(db, userId, status);
  return commissionsCsv(rows.map(toCommission));
}

/**
 * A commission arising from a member whose sign-up with its earner is flagged (self-referral, burst)
 * is held: it does not move towards payment while the flag is open, and never once an admin
 * confirmed it (the confirmation removes the credit, and what it earned). Decision record 046.
 */
async function refuseHeldCommission(db: DbOrTx, row: CommissionRow): Promise<void> {
  if (!row.originUserId) return;
  const flag = await selectOriginAttributionStatus(db, row.originUserId, row.userId);
  if (flag === 'open') throw new AppError('CONFLICT', COMMISSION_HELD_MESSAGE);
  if (flag === 'confirmed') throw new AppError('CONFLICT', COMMISSION_WITHHELD_MESSAGE);
}

/**
 * An admin confirmed the flag on `originUserId`'s sign-up with `earnerId`: the credit is removed, and
 * so is what it earned. The earner's unpaid commissions from that member (pending, or processing when
 * the flag was raised after the move: it could never be paid either) become 'withheld' (terminal,
 * counted in no total), each audited and notified to the earner, in the caller's transaction. Paid
 * ones stay paid. Decision 046.
 */
export async function withholdCommissionsFromOrigin(
  tx: DbOrTx,
  clock: Clock,
  actorId: string,
  earnerId: string,
  originUserId: string,
): Promise<number> {
  const withheld: Commission[] = [];
  for (const from of ['pending', 'processing'] as const) {
    const rows = await withholdFromOrigin(tx, earnerId, originUserId, from);
    withheld.push(...rows.map(toCommission));
    for (const row of rows) {
      await recordAudit(tx, clock, {
        actorId,
        action: 'commission.status',
        target: row.id,
        details: { from, to: 'withheld', user_id: row.userId, amount_cents: row.amountCents, currency: row.currency, origin_user_id: originUserId },
      });
    }
  }
  // The earner learns why money they were shown as earned will not be paid ("Commission withheld").
  await createNotifications(tx, clock, withheld.map((commission) => statusNotification(earnerId, commission)));
  return withheld.length;
}

/**
 * An admin moves a commission one step by hand, audited, and its owner is told. Nobody changes
 * their own commission (segregation of duties); a repeated or skipped step is refused with 409, so
 * a transition is resolved at most once even when two admins click. Payout batches are the way a
 * line is paid (decision 060): a line whose payout item is processing is refused whatever the step
 * (its item settles it; a move by hand would pay it twice or leave the item out of step), and so
 * is a move to processing (the line would be in no batch). What is left by hand is marking paid a
 * line moved to processing before payouts existed. `history` (the demo seed's past, written as
 * the admin moved lines before payouts) skips the payout rules. No route calls it any more: an
 * admin pays a single line through a one-item payout batch ("pay this one now", decision 070).
 */
export async function changeCommissionStatus(
  db: DbOrTx,
  clock: Clock,
  actorId: string | null,
  id: string,
  to: CommissionStatus,
  options: { notify?: boolean; history?: boolean } = {},
): Promise<Commission> {
  return db.transaction(async (tx) => {
    const row = await selectCommissionForUpdate(tx, id);
    if (!row) throw new AppError('NOT_FOUND', 'Commission not found.');
    if (actorId !== null && row.userId === actorId) throw new AppError('FORBIDDEN', 'You cannot change the status of your own commission.');
    const from = row.status as CommissionStatus;
    if (!options.history) {
      // The line is locked: batch preparation and item settlement write it too, so they wait for this transaction.
      const batch = (await selectOpenPayoutBatches(tx, [id])).get(id);
      if (batch) throw new AppError('CONFLICT', commissionInPayoutBatchMessage({ id: batch.id, created_at: batch.createdAt.toISOString() }));
    }
    if (!canTransitionCommission(from, to)) {
      throw new AppError('CONFLICT', `A ${COMMISSION_STATUS_LABELS[from].toLowerCase()} commission cannot become ${COMMISSION_STATUS_LABELS[to].toLowerCase()}.`);
    }
    await refuseHeldCommission(tx, row);
    if (!options.history && to === 'processing') throw new AppError('CONFLICT', COMMISSION_PROCESSING_BY_BATCH_MESSAGE);
    const now = clock.now();
    const updated = await updateCommissionStatus(tx, id, {
      status: to,
      ...(to === 'processing' ? { processingAt: now } : {}),
      ...(to === 'paid' ? { paidAt: now } : {}),
    });
    await recordAudit(tx, clock, {
      actorId,
      action: 'commission.status',
      target: id,
      details: { from, to, user_id: row.userId, amount_cents: row.amountCents, currency: row.currency },
    });
    const commission = toCommission(updated!);
    if (options.notify !== false) await notifyStatus(tx, clock, commission);
    return commission;
  });
}
