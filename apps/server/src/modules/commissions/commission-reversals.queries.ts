import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { commissionCells, commissionReversalRuns, commissionReversals, commissionRevenueRuns, commissions, type DbOrTx } from '@myeai/db';
import type { CommissionReversalKind } from '@myeai/domain';
import type { CommissionRow } from './commissions.queries.ts';

export type ReversalRow = typeof commissionReversals.$inferSelect;
export type RevenueRunRow = typeof commissionRevenueRuns.$inferSelect;

export async function selectReversalByKey(db: DbOrTx, key: string): Promise<ReversalRow | undefined> {
  const [row] = await db.select().from(commissionReversals).where(eq(commissionReversals.key, key)).limit(1);
  return row;
}

export async function selectReversalById(db: DbOrTx, id: string): Promise<ReversalRow | undefined> {
  const [row] = await db.select().from(commissionReversals).where(eq(commissionReversals.id, id)).limit(1);
  return row;
}

/** Claims the reversal's key: the row written, or nothing when the key is taken (a replay, or a concurrent twin that committed first). */
export async function insertReversalOnce(db: DbOrTx, row: typeof commissionReversals.$inferInsert): Promise<ReversalRow | undefined> {
  const [inserted] = await db.insert(commissionReversals).values(row).onConflictDoNothing({ target: commissionReversals.key }).returning();
  return inserted;
}

/** The reversal's negative lines, in the order written. */
export async function selectReversalLines(db: DbOrTx, reversalId: string): Promise<CommissionRow[]> {
  return db.select().from(commissions).where(eq(commissions.reversalId, reversalId)).orderBy(asc(commissions.userId), asc(commissions.sourceReference));
}

export async function selectReversalRuns(db: DbOrTx, reversalId: string) {
  return db.select().from(commissionReversalRuns).where(eq(commissionReversalRuns.reversalId, reversalId));
}

/** The original (non-reversal) lines that came from a payment, locked in id order until the transaction ends. */
export async function selectPaymentLinesForUpdate(db: DbOrTx, paymentId: string): Promise<CommissionRow[]> {
  return db
    .select()
    .from(commissions)
    .where(and(eq(commissions.paymentId, paymentId), sql`${commissions.reversesId} is null`))
    .orderBy(asc(commissions.id))
    .for('update');
}

/** The revenue runs booked from a payment, locked in id order. */
export async function selectPaymentRunsForUpdate(db: DbOrTx, paymentId: string): Promise<RevenueRunRow[]> {
  return db.select().from(commissionRevenueRuns).where(eq(commissionRevenueRuns.paymentId, paymentId)).orderBy(asc(commissionRevenueRuns.id)).for('update');
}

export async function selectRunForUpdate(db: DbOrTx, runId: string): Promise<RevenueRunRow | undefined> {
  const [row] = await db.select().from(commissionRevenueRuns).where(eq(commissionRevenueRuns.id, runId)).for('update').limit(1);
  return row;
}

/** A run's original payout lines (not its reversal lines), locked in id order. */
export async function selectRunLinesForUpdate(db: DbOrTx, runId: string): Promise<CommissionRow[]> {
  return db
    .select()
    .from(commissions)
    .where(and(eq(commissions.cellRunId, runId), sql`${commissions.reversesId} is null`))
    .orderBy(asc(commissions.id))
    .for('update');
}

/**
 * Per original line: what every reversal took back (0 or more), and what the reversals of one
 * subject (kind + subject id) took back.
 */
export async function selectReversedByLine(
  db: DbOrTx,
  lineIds: readonly string[],
  subject: { kind: CommissionReversalKind; subjectId: string } | null,
): Promise<Map<string, { all: number; subject: number }>> {
  if (lineIds.length === 0) return new Map();
  const subjectFilter = subject ? sql`r.kind = ${subject.kind} and r.subject_id = ${subject.subjectId}` : sql`false`;
  const rows = await db
    .select({
      id: commissions.reversesId,
      all: sql<number>`coalesce(-sum(${commissions.amountCents}), 0)::bigint`.mapWith(Number),
      subject: sql<number>`coalesce(-sum(${commissions.amountCents}) filter (where ${subjectFilter}), 0)::bigint`.mapWith(Number),
    })
    .from(commissions)
    .innerJoin(sql`commission_reversals r`, sql`r.id = ${commissions.reversalId}`)
    .where(inArray(commissions.reversesId, [...lineIds]))
    .groupBy(commissions.reversesId);
  return new Map(rows.map((row) => [row.id!, { all: Number(row.all), subject: Number(row.subject) }]));
}

/** Per run: the unallocated revenue every reversal took back, and what one subject's reversals took back. */
export async function selectReversedUnallocated(
  db: DbOrTx,
  runIds: readonly string[],
  subject: { kind: CommissionReversalKind; subjectId: string } | null,
): Promise<Map<string, { all: number; subject: number }>> {
  if (runIds.length === 0) return new Map();
  const subjectFilter = subject ? sql`r.kind = ${subject.kind} and r.subject_id = ${subject.subjectId}` : sql`false`;
  const rows = await db
    .select({
      id: commissionReversalRuns.runId,
      all: sql<number>`coalesce(sum(${commissionReversalRuns.unallocatedCents}), 0)::bigint`.mapWith(Number),
      subject: sql<number>`coalesce(sum(${commissionReversalRuns.unallocatedCents}) filter (where ${subjectFilter}), 0)::bigint`.mapWith(Number),
    })
    .from(commissionReversalRuns)
    .innerJoin(sql`commission_reversals r`, sql`r.id = ${commissionReversalRuns.reversalId}`)
    .where(inArray(commissionReversalRuns.runId, [...runIds]))
    .groupBy(commissionReversalRuns.runId);
  return new Map(rows.map((row) => [row.id, { all: Number(row.all), subject: Number(row.subject) }]));
}

/** The revenue already reversed by one subject's earlier reversals (a payment's refunds, a conversion's reversals). */
export async function selectSubjectRevenueReversed(db: DbOrTx, kind: CommissionReversalKind, subjectId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${commissionReversals.revenueCents}), 0)::bigint`.mapWith(Number) })
    .from(commissionReversals)
    .where(and(eq(commissionReversals.kind, kind), eq(commissionReversals.subjectId, subjectId)));
  return Number(row?.cents ?? 0);
}

/** The latest reversal that wrote a line reversing this one (the earlier reversal a 409 names). */
export async function selectLatestLineReversal(db: DbOrTx, lineId: string): Promise<ReversalRow | undefined> {
  const [row] = await db
    .select({ reversal: commissionReversals })
    .from(commissionReversals)
    .innerJoin(commissions, eq(commissions.reversalId, commissionReversals.id))
    .where(eq(commissions.reversesId, lineId))
    .orderBy(sql`${commissionReversals.createdAt} desc, ${commissionReversals.id} desc`)
    .limit(1);
  return row?.reversal;
}

/** A conversion's commission line, locked until the transaction ends. */
export async function selectConversionLineForUpdate(db: DbOrTx, conversionId: string): Promise<CommissionRow | undefined> {
  const [row] = await db
    .select()
    .from(commissions)
    .where(and(eq(commissions.source, 'conversion'), eq(commissions.sourceReference, conversionId)))
    .for('update')
    .limit(1);
  return row;
}

export async function insertReversalRuns(db: DbOrTx, rows: (typeof commissionReversalRuns.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(commissionReversalRuns).values(rows);
}

export async function insertReversalLines(db: DbOrTx, rows: (typeof commissions.$inferInsert)[]): Promise<CommissionRow[]> {
  if (rows.length === 0) return [];
  return db.insert(commissions).values(rows).returning();
}

/** The newest runs with their cell's name and their run reversal, if any. */
export async function selectRecentRuns(db: DbOrTx, limit: number) {
  return db
    .select({ run: commissionRevenueRuns, cellName: commissionCells.name, reversal: commissionReversals })
    .from(commissionRevenueRuns)
    .innerJoin(commissionCells, eq(commissionCells.id, commissionRevenueRuns.cellId))
    .leftJoin(commissionReversals, and(eq(commissionReversals.kind, 'run'), eq(commissionReversals.key, sql`'run:' || ${commissionRevenueRuns.id}::text`)))
    .orderBy(desc(commissionRevenueRuns.createdAt), desc(commissionRevenueRuns.id))
    .limit(limit);
}
