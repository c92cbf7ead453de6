import { and, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import { commissions, payoutBatches, payoutItemLines, payoutItems, referralAttributions, users, type DbOrTx } from '@myeai/db';
import type { CommissionStatus, CommissionStatusFilter } from '@myeai/domain';

export type CommissionRow = typeof commissions.$inferSelect;
export type NewCommissionRow = typeof commissions.$inferInsert;
/** A page position: entries earned before this one (same time: smaller id). */
export type LedgerCursor = { createdAt: string; id: string };

function statusCondition(status: CommissionStatusFilter): SQL | undefined {
  return status === 'all' ? undefined : eq(commissions.status, status);
}

function beforeCondition(before: LedgerCursor | undefined): SQL | undefined {
  if (!before) return undefined;
  return sql`(${commissions.earnedAt}, ${commissions.id}) < (${before.createdAt}::timestamptz, ${before.id}::uuid)`;
}

export async function selectCommissionOwner(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: commissions.userId }).from(commissions).where(eq(commissions.id, id)).limit(1);
  return row?.userId;
}

/** Inserts the entry unless its source and reference are in the ledger already; the row inserted, if any. */
export async function insertCommissionOnce(db: DbOrTx, row: NewCommissionRow): Promise<CommissionRow | undefined> {
  const [inserted] = await db.insert(commissions).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** A new ledger line as written: pending or as given, in USD, not yet processing or paid, never a reversal (those are written by commission-reversals). */
export type NewLedgerLine = Omit<NewCommissionRow, 'id' | 'currency' | 'processingAt' | 'paidAt' | 'reversesId' | 'reversalId' | 'reason'> & { earnedAt: Date };

/**
 * Inserts the lines in one statement, skipping each whose source and reference are in the ledger
 * already; the rows inserted. One array parameter per column (unnest) instead of one parameter per
 * value, so a revenue chunk's thousands of lines are one short statement and no chunk reaches
 * PostgreSQL's 65,535-parameter limit; only the ids come back, the rest of each row is what was
 * written (reading back every column of every line doubled the cost of a batch, decision 039).
 */
export async function insertCommissionsOnce(db: DbOrTx, lines: NewLedgerLine[]): Promise<CommissionRow[]> {
  if (lines.length === 0) return [];
  const column = <K extends keyof NewLedgerLine>(key: K) => sql.param(lines.map((line) => line[key] ?? null));
  const earnedAt = sql.param(lines.map((line) => line.earnedAt.toISOString()));
  const status = sql.param(lines.map((line) => line.status ?? 'pending'));
  const inserted = await db
    .insert(commissions)
    .select(
      sql`select gen_random_uuid(), l.user_id, l.product_id, l.source, l.source_reference, l.product_name, l.amount_cents, 'USD', l.rate_bp,
                 l.status, l.earned_at, null::timestamptz, null::timestamptz, l.origin_user_id, l.cell_run_id, l.cell_seat_position, l.cell_override_level,
                 null::uuid, null::uuid, null::text, l.payment_id
          from unnest(${column('userId')}::uuid[], ${column('productId')}::uuid[], ${column('source')}::text[], ${column('sourceReference')}::text[],
                      ${column('productName')}::text[], ${column('amountCents')}::bigint[], ${column('rateBp')}::integer[], ${status}::text[],
                      ${earnedAt}::timestamptz[], ${column('originUserId')}::uuid[], ${column('cellRunId')}::uuid[],
                      ${column('cellSeatPosition')}::integer[], ${column('cellOverrideLevel')}::integer[], ${column('paymentId')}::text[])
            as l(user_id, product_id, source, source_reference, product_name, amount_cents, rate_bp, status, earned_at, origin_user_id,
                 cell_run_id, cell_seat_position, cell_override_level, payment_id)`,
    )
    .onConflictDoNothing()
    .returning({ id: commissions.id, source: commissions.source, sourceReference: commissions.sourceReference });
  // The same source and reference twice in one call: the first line is the one written.
  const written = new Map<string, NewLedgerLine>();
  for (const line of lines) if (!written.has(`${line.source}|${line.sourceReference}`)) written.set(`${line.source}|${line.sourceReference}`, line);
  return inserted.map(({ id, source, sourceReference }) => {
    const line = written.get(`${source}|${sourceReference}`)!;
    return {
      id,
      userId: line.userId,
      productId: line.productId ?? null,
      source,
      sourceReference,
      productName: line.productName,
      amountCents: line.amountCents,
      currency: 'USD',
      rateBp: line.rateBp ?? null,
      status: line.status ?? 'pending',
      earnedAt: line.earnedAt,
      processingAt: null,
      paidAt: null,
      originUserId: line.originUserId ?? null,
      cellRunId: line.cellRunId ?? null,
      cellSeatPosition: line.cellSeatPosition ?? null,
      cellOverrideLevel: line.cellOverrideLevel ?? null,
      reversesId: null,
      reversalId: null,
      reason: null,
      paymentId: line.paymentId ?? null,
    };
  });
}

/** The ledger entries of one source with these references. */
export async function selectCommissionsBySources(db: DbOrTx, source: string, sourceReferences: readonly string[]): Promise<CommissionRow[]> {
  if (sourceReferences.length === 0) return [];
  return db
    .select()
    .from(commissions)
    .where(and(eq(commissions.source, source), inArray(commissions.sourceReference, [...sourceReferences])));
}

export async function selectCommissionBySource(db: DbOrTx, source: string, sourceReference: string): Promise<CommissionRow | undefined> {
  const [row] = await db
    .select()
    .from(commissions)
    .where(and(eq(commissions.source, source), eq(commissions.sourceReference, sourceReference)))
    .limit(1);
  return row;
}

/** Up to `limit` of the user's entries with this status, newest first, after the cursor. */
export async function selectUserCommissionPage(
  db: DbOrTx,
  userId: string,
  status: CommissionStatusFilter,
  before: LedgerCursor | undefined,
  limit: number,
): Promise<CommissionRow[]> {
  return db
    .select()
    .from(commissions)
    .where(and(eq(commissions.userId, userId), statusCondition(status), beforeCondition(before)))
    .orderBy(desc(commissions.earnedAt), desc(commissions.id))
    .limit(limit);
}

/** The entries with this status, of one user or (userId null) of everyone. */
export async function countCommissions(db: DbOrTx, userId: string | null, status: CommissionStatusFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(commissions)
    .where(and(userId === null ? undefined : eq(commissions.userId, userId), statusCondition(status)));
  return row?.n ?? 0;
}

/** Up to `limit` entries of every user with this status, newest first, after the cursor, with the owner. */
export async function selectAllCommissionPage(
  db: DbOrTx,
  status: CommissionStatusFilter,
  before: LedgerCursor | undefined,
  limit: number,
): Promise<Array<{ commission: CommissionRow; user: { id: string; name: string; email: string } }>> {
  return db
    .select({ commission: commissions, user: { id: users.id, name: users.name, email: users.email } })
    .from(commissions)
    .innerJoin(users, eq(users.id, commissions.userId))
    .where(and(statusCondition(status), beforeCondition(before)))
    .orderBy(desc(commissions.earnedAt), desc(commissions.id))
    .limit(limit);
}

/** Amount and count per status of the user's ledger. */
export async function selectCommissionTotalsByStatus(
  db: DbOrTx,
  userId: string,
): Promise<Array<{ status: string; amount_cents: number; count: number }>> {
  return db
    .select({
      status: commissions.status,
      amount_cents: sql<number>`coalesce(sum(${commissions.amountCents}), 0)::bigint`.mapWith(Number),
      count: sql<number>`count(*)::int`,
    })
    .from(commissions)
    .where(eq(commissions.userId, userId))
    .groupBy(commissions.status);
}

/** Every entry of the user with this status, newest first. */
export async function selectUserCommissions(db: DbOrTx, userId: string, status: CommissionStatusFilter): Promise<CommissionRow[]> {
  return db
    .select()
    .from(commissions)
    .where(and(eq(commissions.userId, userId), statusCondition(status)))
    .orderBy(desc(commissions.earnedAt), desc(commissions.id));
}

/** The entry, locked until the transaction ends. */
export async function selectCommissionForUpdate(db: DbOrTx, id: string): Promise<CommissionRow | undefined> {
  const [row] = await db.select().from(commissions).where(eq(commissions.id, id)).for('update').limit(1);
  return row;
}

/**
 * The payout batch of each of these commissions whose payout item is still processing (decision
 * 060); a commission in no open item is absent. A line is in at most one processing item: batch
 * preparation takes only pending lines.
 */
export async function selectOpenPayoutBatches(db: DbOrTx, commissionIds: readonly string[]): Promise<Map<string, { id: string; createdAt: Date }>> {
  if (commissionIds.length === 0) return new Map();
  const rows = await db
    .select({ commissionId: payoutItemLines.commissionId, id: payoutBatches.id, createdAt: payoutBatches.createdAt })
    .from(payoutItemLines)
    .innerJoin(payoutItems, eq(payoutItems.id, payoutItemLines.itemId))
    .innerJoin(payoutBatches, eq(payoutBatches.id, payoutItems.batchId))
    .where(and(inArray(payoutItemLines.commissionId, [...commissionIds]), eq(payoutItems.status, 'processing')));
  return new Map(rows.map((row) => [row.commissionId, { id: row.id, createdAt: row.createdAt }]));
}

export async function updateCommissionStatus(
  db: DbOrTx,
  id: string,
  changes: { status: CommissionStatus; processingAt?: Date; paidAt?: Date },
): Promise<CommissionRow | undefined> {
  const [row] = await db.update(commissions).set(changes).where(eq(commissions.id, id)).returning();
  return row;
}

/** The referral flag status ('open', 'cleared', 'confirmed', 'credited') of `originUserId`'s sign-up with `referrerId`, if any. */
export async function selectOriginAttributionStatus(db: DbOrTx, originUserId: string, referrerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ status: referralAttributions.status })
    .from(referralAttributions)
    .where(and(eq(referralAttributions.userId, originUserId), eq(referralAttributions.referrerId, referrerId)))
    .limit(1);
  return row?.status;
}

/** Moves `earnerId`'s commissions in status `from` that arose from `originUserId` to 'withheld' (terminal); returns them. */
export async function withholdFromOrigin(db: DbOrTx, earnerId: string, originUserId: string, from: 'pending' | 'processing'): Promise<CommissionRow[]> {
  return db
    .update(commissions)
    .set({ status: 'withheld' })
    .where(and(eq(commissions.userId, earnerId), eq(commissions.originUserId, originUserId), eq(commissions.status, from)))
    .returning();
}

/** A pending commission is on hold while its origin's sign-up with its earner has an open flag (decision 046). */
const onHold = (db: DbOrTx) =>
  and(
    eq(commissions.status, 'pending'),
    exists(
      db
        .select({ one: sql`1` })
        .from(referralAttributions)
        .where(
          and(
            eq(referralAttributions.userId, commissions.originUserId),
            eq(referralAttributions.referrerId, commissions.userId),
            eq(referralAttributions.status, 'open'),
          ),
        ),
    ),
  );

/** Which of these commissions are on hold. */
export async function selectHeldCommissionIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: commissions.id })
    .from(commissions)
    .where(and(inArray(commissions.id, [...ids]), onHold(db)));
  return new Set(rows.map((row) => row.id));
}

/** Amount and count of the user's commissions on hold. */
export async function selectHeldTotals(db: DbOrTx, userId: string): Promise<{ cents: number; count: number }> {
  const [row] = await db
    .select({
      cents: sql<number>`coalesce(sum(${commissions.amountCents}), 0)::bigint`.mapWith(Number),
      count: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(commissions)
    .where(and(eq(commissions.userId, userId), onHold(db)));
  return { cents: Number(row?.cents ?? 0), count: Number(row?.count ?? 0) };
}
