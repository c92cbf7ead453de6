import type { DbOrTx } from '@myeai/db';
import {
  AppError,
  formatDollarsAndCents,
  reversalAmounts,
  reversalLineReason,
  reversalNotificationText,
  type CommissionReversal,
  type CommissionReversalKind,
  type CommissionStatus,
  type ReversalResponse,
  type ReversiblePart,
  type RevenueRunList,
} from '@myeai/domain';
import { systemClock, type Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { createNotifications, type NewNotification } from '../notifications/index.ts';
import {
  insertReversalLines,
  insertReversalOnce,
  insertReversalRuns,
  selectPaymentLinesForUpdate,
  selectPaymentRunsForUpdate,
  selectConversionLineForUpdate,
  selectLatestLineReversal,
  selectRunForUpdate,
  selectRunLinesForUpdate,
  selectReversalById,
  selectReversalByKey,
  selectReversalLines,
  selectReversedByLine,
  selectReversedUnallocated,
  selectRecentRuns,
  selectSubjectRevenueReversed,
  type ReversalRow,
  type RevenueRunRow,
} from './commission-reversals.queries.ts';
import type { CommissionRow } from './commissions.queries.ts';

/**
 * Commission reversals and clawbacks (issue 31, decision record 066). A reversal never edits a
 * line: it writes a negative line of its own, linked to the line it reverses (reverses_id) and to
 * the reversal (reversal_id), with the reason. The negative line is pending (withheld when its
 * original is withheld, which no total counts), so the payout balance nets it: against its
 * original while that is unpaid (the pair is paid together or waits together), or against the
 * payee's next payout once the original is paid, a negative balance carrying forward.
 */

/** What one reversal writes: the lines' negative amounts and the runs' unallocated revenue taken back. */
export type ReversalPlan = {
  kind: CommissionReversalKind;
  key: string;
  subjectId: string;
  reason: string;
  revenueCents: number;
  baseCents: number;
  actorId: string | null;
  lines: ReadonlyArray<{ original: CommissionRow; cents: number }>;
  runs: ReadonlyArray<{ runId: string; cents: number }>;
};

export function toReversal(row: ReversalRow, lines: readonly CommissionRow[]): CommissionReversal {
  return {
    id: row.id,
    kind: row.kind as CommissionReversalKind,
    subject_id: row.subjectId,
    reason: row.reason,
    revenue_cents: row.revenueCents,
    base_cents: row.baseCents,
    lines_cents: row.linesCents,
    unallocated_cents: row.unallocatedCents,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    lines: lines.map((line) => ({
      id: line.id,
      user_id: line.userId,
      reverses_id: line.reversesId!,
      amount_cents: line.amountCents,
      status: line.status as CommissionStatus,
      product_name: line.productName,
    })),
  };
}

/** The stored reversal with its lines: the answer of a replay. */
export async function loadReversal(db: DbOrTx, row: ReversalRow): Promise<CommissionReversal> {
  return toReversal(row, await selectReversalLines(db, row.id));
}

export async function getReversal(db: DbOrTx, id: string): Promise<CommissionReversal> {
  const row = await selectReversalById(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Reversal not found.');
  return loadReversal(db, row);
}

/** The answer to a key already used: the first reversal, nothing written. */
export async function replayOf(db: DbOrTx, key: string): Promise<ReversalResponse | undefined> {
  const row = await selectReversalByKey(db, key);
  return row ? { status: 'already_reversed', reversal: await loadReversal(db, row) } : undefined;
}

/**
 * Writes one reversal in the caller's transaction: claims its key (a replay, or a concurrent twin
 * that committed first, answers the first reversal and writes nothing), then the negative lines,
 * the runs' unallocated revenue taken back, the audit entry (before and after) and one
 * notification per payee. The caller has locked the lines and runs it reverses and computed the
 * amounts under those locks.
 */
export async function writeReversal(tx: DbOrTx, clock: Clock, plan: ReversalPlan, audit: { before: unknown; action: string; target: string }): Promise<ReversalResponse> {
  const now = clock.now();
  const lines = plan.lines.filter((line) => line.cents > 0);
  const runs = plan.runs.filter((run) => run.cents > 0);
  const linesCents = -lines.reduce((sum, line) => sum + line.cents, 0);
  const unallocatedCents = runs.reduce((sum, run) => sum + run.cents, 0);
  const row = await insertReversalOnce(tx, {
    kind: plan.kind,
    key: plan.key,
    subjectId: plan.subjectId,
    reason: plan.reason,
    revenueCents: plan.revenueCents,
    baseCents: plan.baseCents,
    linesCents,
    unallocatedCents,
    createdBy: plan.actorId,
    createdAt: now,
  });
  if (!row) {
    const replay = await replayOf(tx, plan.key);
    if (!replay) throw new AppError('CONFLICT', 'This reversal is being recorded. Please try again.');
    return replay;
  }
  const reason = reversalLineReason(plan.kind, plan.reason);
  const written = await insertReversalLines(
    tx,
    lines.map(({ original, cents }) => ({
      userId: original.userId,
      productId: original.productId,
      source: 'reversal',
      sourceReference: `${plan.key}:${original.id}`,
      productName: original.productName,
      amountCents: -cents,
      currency: original.currency,
      rateBp: original.rateBp,
      // A withheld line is counted in no total: its reversal is not either.
      status: original.status === 'withheld' ? 'withheld' : 'pending',
      earnedAt: now,
      originUserId: original.originUserId,
      cellRunId: original.cellRunId,
      cellSeatPosition: original.cellSeatPosition,
      cellOverrideLevel: original.cellOverrideLevel,
      reversesId: original.id,
      reversalId: row.id,
      reason,
      paymentId: original.paymentId,
    })),
  );
  await insertReversalRuns(
    tx,
    runs.map((run) => ({ reversalId: row.id, runId: run.runId, unallocatedCents: run.cents })),
  );
  const reversal = toReversal(row, written);
  await recordAudit(tx, clock, {
    actorId: plan.actorId,
    action: audit.action,
    target: audit.target,
    details: {
      reversal_id: row.id,
      kind: plan.kind,
      reason: plan.reason,
      before: audit.before,
      after: { lines_cents: linesCents, unallocated_cents: unallocatedCents, lines: reversal.lines.map((line) => ({ id: line.id, reverses_id: line.reverses_id, user_id: line.user_id, amount_cents: line.amount_cents })) },
    },
  });
  const byPayee = new Map<string, CommissionRow[]>();
  for (const line of written) byPayee.set(line.userId, [...(byPayee.get(line.userId) ?? []), line]);
  const notifications: NewNotification[] = [...byPayee].map(([userId, own]) => {
    const cents = own.reduce((sum, line) => sum + line.amountCents, 0);
    const text = reversalNotificationText(cents, own.length, reason, formatDollarsAndCents(cents));
    return {
      userId,
      type: 'commission',
      title: text.title,
      message: text.message,
      data: { reversal_id: row.id, commission_ids: own.map((line) => line.id), amount_cents: cents, status: 'reversed' },
      sourceKey: `reversal:${row.id}`,
    };
  });
  await createNotifications(tx, clock, notifications);
  return { status: 'reversed', reversal };
}

/** The reversible parts of some lines and runs: each line, then each run's unallocated revenue, with what is left of each. */
export async function reversibleParts(
  tx: DbOrTx,
  lines: readonly CommissionRow[],
  runs: readonly RevenueRunRow[],
  subject: { kind: CommissionReversalKind; subjectId: string } | null,
): Promise<{ lineParts: ReversiblePart[]; runParts: ReversiblePart[] }> {
  const [byLine, byRun] = await Promise.all([
    selectReversedByLine(
      tx,
      lines.map((line) => line.id),
      subject,
    ),
    selectReversedUnallocated(
      tx,
      runs.map((run) => run.id),
      subject,
    ),
  ]);
  return {
    lineParts: lines.map((line) => {
      const reversed = byLine.get(line.id) ?? { all: 0, subject: 0 };
      return { amount_cents: line.amountCents, reversed_by_subject_cents: reversed.subject, remaining_cents: Math.max(0, line.amountCents - reversed.all) };
    }),
    runParts: runs.map((run) => {
      const reversed = byRun.get(run.id) ?? { all: 0, subject: 0 };
      return { amount_cents: run.unallocatedCents, reversed_by_subject_cents: reversed.subject, remaining_cents: Math.max(0, run.unallocatedCents - reversed.all) };
    }),
  };
}

export type RefundReversalInput = {
  /** The subscription payment refunded: the commissions booked with this payment_id (and the revenue runs booked from it). */
  paymentId: string;
  /** The refund's own id: the reversal is idempotent per refund. */
  refundId: string;
  /** This refund's amount, and the payment's whole amount, in cents. */
  refundedCents: number;
  paymentCents: number;
  reason: string;
  /** The injectable clock (default: the system clock) and the admin who refunded, if one did. */
  clock?: Clock;
  actorId?: string | null;
};

/**
 * A refunded subscription payment reverses the commissions that came from it (issue 31 item 2),
 * in the caller's transaction (the refund's settlement): every ledger line booked with this
 * payment_id and every revenue run booked from it (its lines and its unallocated revenue) is
 * reversed in proportion, refunded so far (every earlier refund of the payment plus this one) /
 * the payment, in whole cents by largest remainder, so that once the payment is refunded in full
 * every line is reversed whole, to the cent. Idempotent per refundId: a second call with the same
 * refund writes nothing and answers the first reversal. A payment nothing came from still writes
 * the (empty) reversal: the finance view counts the refund from it.
 */
export async function reverseCommissionsForRefund(tx: DbOrTx, input: RefundReversalInput): Promise<ReversalResponse> {
  const clock = input.clock ?? systemClock;
  const key = `refund:${input.refundId}`;
  const replay = await replayOf(tx, key);
  if (replay) return replay;
  if (!Number.isSafeInteger(input.paymentCents) || input.paymentCents <= 0) throw new AppError('VALIDATION', 'The payment amount must be more than 0 cents.');
  if (!Number.isSafeInteger(input.refundedCents) || input.refundedCents <= 0 || input.refundedCents > input.paymentCents) {
    throw new AppError('VALIDATION', 'The refund must be more than 0 and at most the payment.');
  }
  // Runs first, then lines, each in id order: every reversal of a payment takes its locks in one order.
  const runs = await selectPaymentRunsForUpdate(tx, input.paymentId);
  const lines = await selectPaymentLinesForUpdate(tx, input.paymentId);
  const subject = { kind: 'refund' as const, subjectId: input.paymentId };
  const earlier = await selectSubjectRevenueReversed(tx, 'refund', input.paymentId);
  const reversedSoFar = Math.min(input.paymentCents, earlier + input.refundedCents);
  const { lineParts, runParts } = await reversibleParts(tx, lines, runs, subject);
  const amounts = reversalAmounts([...lineParts, ...runParts], reversedSoFar, input.paymentCents);
  return writeReversal(
    tx,
    clock,
    {
      kind: 'refund',
      key,
      subjectId: input.paymentId,
      reason: input.reason,
      revenueCents: input.refundedCents,
      baseCents: input.paymentCents,
      actorId: input.actorId ?? null,
      lines: lines.map((original, index) => ({ original, cents: amounts[index]! })),
      runs: runs.map((run, index) => ({ runId: run.id, cents: amounts[lines.length + index]! })),
    },
    {
      action: 'commission.reverse.refund',
      target: input.paymentId,
      before: { refunded_before_cents: earlier, lines: lines.map((line, index) => ({ id: line.id, amount_cents: line.amountCents, remaining_cents: lineParts[index]!.remaining_cents })) },
    },
  );
}

/** The line's latest reversal (what a 409 on a line reversed in full names). */
async function latestReversalOfLine(tx: DbOrTx, lineId: string): Promise<CommissionReversal | undefined> {
  const row = await selectLatestLineReversal(tx, lineId);
  return row ? loadReversal(tx, row) : undefined;
}

/** 409 for a line already reversed in full, with the earlier reversal (its id in the message and the details). */
function alreadyReversed(earlier: CommissionReversal | undefined): AppError {
  const when = earlier ? ` on ${earlier.created_at.slice(0, 10)} (reversal ${earlier.id}: ${earlier.reason})` : '';
  return new AppError('CONFLICT', `This commission was already reversed in full${when}. Nothing is left to reverse.`, earlier ? [{ path: 'reversal_id', message: earlier.id }] : undefined);
}

export type ConversionReversalInput = {
  /** The conversion and the sale amount it reported. */
  conversion: { id: string; amountCents: number };
  /** The sale amount taken back; undefined: whatever is left. */
  amountCents?: number | undefined;
  reason: string;
  /** The partner's id of this reversal (their refund id); a full reversal without one is keyed 'full'. */
  reversalId?: string | undefined;
};

/**
 * A partner reverses a conversion (issue 31 item 2), in full or in part, in one transaction:
 * the conversion's commission line is locked, the sale amount reversed so far (this one included)
 * sets the commission taken back (reversalAmounts, cents exact), and one negative line is
 * written. The partner's reversal_id makes it idempotent: a replay answers the first reversal
 * (a replay with another amount is 409). More than is left of the sale: 400. A line already
 * reversed in full (by this partner or by anything else): 409 with the earlier reversal.
 */
export async function reverseConversion(db: DbOrTx, clock: Clock, input: ConversionReversalInput): Promise<ReversalResponse> {
  return db.transaction(async (tx) => {
    const key = `conversion:${input.conversion.id}:${input.reversalId ?? 'full'}`;
    const line = await selectConversionLineForUpdate(tx, input.conversion.id);
    if (!line) throw new AppError('CONFLICT', 'This sale earned no commission, so there is nothing to reverse.');
    const replay = await replayOf(tx, key);
    if (replay) {
      if (input.amountCents !== undefined && replay.reversal.revenue_cents !== input.amountCents) {
        throw new AppError('CONFLICT', `Reversal ${input.reversalId} was already recorded with a different amount (${replay.reversal.revenue_cents} cents).`);
      }
      return replay;
    }
    const sale = input.conversion.amountCents;
    const earlier = await selectSubjectRevenueReversed(tx, 'conversion', input.conversion.id);
    const { lineParts } = await reversibleParts(tx, [line], [], { kind: 'conversion', subjectId: input.conversion.id });
    if (lineParts[0]!.remaining_cents === 0 || earlier >= sale) throw alreadyReversed(await latestReversalOfLine(tx, line.id));
    const left = sale - earlier;
    const amount = input.amountCents ?? left;
    if (amount > left) {
      throw new AppError('VALIDATION', `At most ${left} cents of this sale are left to reverse.`, [{ path: 'amount_cents', message: `At most ${left} cents are left to reverse.` }]);
    }
    const [cents] = reversalAmounts(lineParts, earlier + amount, sale);
    return writeReversal(
      tx,
      clock,
      {
        kind: 'conversion',
        key,
        subjectId: input.conversion.id,
        reason: input.reason,
        revenueCents: amount,
        baseCents: sale,
        actorId: null,
        lines: [{ original: line, cents: cents! }],
        runs: [],
      },
      {
        action: 'commission.reverse.conversion',
        target: line.id,
        before: { sale_cents: sale, reversed_before_cents: earlier, line: { id: line.id, status: line.status, amount_cents: line.amountCents, remaining_cents: lineParts[0]!.remaining_cents } },
      },
    );
  });
}

/**
 * An admin reverses a processed revenue run (issue 31 item 3): one transaction, the run row
 * locked first (of two admins at once, the second waits and then answers the first reversal),
 * writes for every payout line of the run a reversing line of what is left of it (its whole
 * amount when nothing reversed it before) and takes back what is left of the unallocated
 * revenue, so the run nets to zero to the cent. A second call answers the first reversal. The run
 * row and its lines stay as they were (its history); audited with before and after; each payee told.
 */
export async function reverseRun(db: DbOrTx, clock: Clock, actorId: string, runId: string, reason: string): Promise<ReversalResponse> {
  return db.transaction(async (tx) => {
    const run = await selectRunForUpdate(tx, runId);
    if (!run) throw new AppError('NOT_FOUND', 'Revenue run not found.');
    const key = `run:${run.id}`;
    const replay = await replayOf(tx, key);
    if (replay) return replay;
    const lines = await selectRunLinesForUpdate(tx, run.id);
    const { lineParts, runParts } = await reversibleParts(tx, lines, [run], null);
    return writeReversal(
      tx,
      clock,
      {
        kind: 'run',
        key,
        subjectId: run.id,
        reason,
        revenueCents: run.amountCents,
        baseCents: run.amountCents,
        actorId,
        lines: lines.map((original, index) => ({ original, cents: lineParts[index]!.remaining_cents })),
        runs: [{ runId: run.id, cents: runParts[0]!.remaining_cents }],
      },
      {
        action: 'commission.reverse.run',
        target: run.id,
        before: {
          run: { id: run.id, cell_id: run.cellId, amount_cents: run.amountCents, paid_cents: run.paidCents, unallocated_cents: run.unallocatedCents },
          lines: lines.map((line, index) => ({ id: line.id, user_id: line.userId, status: line.status, amount_cents: line.amountCents, remaining_cents: lineParts[index]!.remaining_cents })),
          unallocated_remaining_cents: runParts[0]!.remaining_cents,
        },
      },
    );
  });
}

/** Commission Management's Revenue Runs: the newest runs, each with its reversal once reversed. */
export async function listRevenueRuns(db: DbOrTx, limit: number): Promise<RevenueRunList> {
  const rows = await selectRecentRuns(db, limit);
  return {
    items: rows.map(({ run, cellName, reversal }) => ({
      id: run.id,
      cell_id: run.cellId,
      cell_name: cellName,
      source: run.source,
      source_reference_id: run.sourceReferenceId,
      description: run.description,
      amount_cents: run.amountCents,
      paid_cents: run.paidCents,
      unallocated_cents: run.unallocatedCents,
      payouts_count: run.result.payouts_count,
      created_at: run.createdAt.toISOString(),
      reversal: reversal
        ? { id: reversal.id, reason: reversal.reason, created_at: reversal.createdAt.toISOString(), lines_cents: reversal.linesCents, unallocated_cents: reversal.unallocatedCents }
        : null,
    })),
  };
}
