import { and, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { commissions, payoutBatches, payoutItemLines, payoutItems, payoutMethods, payoutSettings, products, users, type DbOrTx } from '@myeai/db';
import type { BalanceSplit, PayoutMethod } from '@myeai/domain';

export type PayoutSettingsRow = typeof payoutSettings.$inferSelect;
export type PayoutMethodRow = typeof payoutMethods.$inferSelect;
export type PayoutBatchRow = typeof payoutBatches.$inferSelect;
export type PayoutItemRow = typeof payoutItems.$inferSelect;

/** The one settings row (the migration writes it); locked when asked, which serialises batch preparation. */
export async function selectPayoutSettings(db: DbOrTx, options: { forUpdate?: boolean } = {}): Promise<PayoutSettingsRow> {
  const query = db.select().from(payoutSettings).where(eq(payoutSettings.id, 1));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw new Error('payout_settings has no row: migration 0036 writes it');
  return row;
}

export async function updatePayoutSettings(db: DbOrTx, changes: Omit<PayoutSettingsRow, 'id'>): Promise<PayoutSettingsRow> {
  const [row] = await db.update(payoutSettings).set(changes).where(eq(payoutSettings.id, 1)).returning();
  return row!;
}

export async function selectPayoutMethod(db: DbOrTx, userId: string): Promise<PayoutMethodRow | undefined> {
  const [row] = await db.select().from(payoutMethods).where(eq(payoutMethods.userId, userId));
  return row;
}

export async function upsertPayoutMethod(db: DbOrTx, row: Omit<PayoutMethodRow, 'id'>): Promise<PayoutMethodRow> {
  const [saved] = await db
    .insert(payoutMethods)
    .values(row)
    .onConflictDoUpdate({
      target: payoutMethods.userId,
      set: { method: row.method, details: row.details, summary: row.summary, network: row.network, updatedAt: row.updatedAt, holdUntil: row.holdUntil },
    })
    .returning();
  return saved!;
}

/**
 * The payee's balance, one aggregate over their ledger lines, each line in exactly one bucket
 * (balanceBucket in the domain states the same rule line by line; payout-allocation.queries.ts
 * the same rule for every payee at once, decision 070). For one payee it is written to be read
 * often (decision 063, the payouts-balance bench): whether a pending line is held is computed once per line, and the open
 * referral flags of this earner are one hashed set instead of a lookup per line.
 */
export async function selectBalanceSplit(db: DbOrTx, userId: string, cutoff: Date): Promise<BalanceSplit> {
  const at = sql`${cutoff.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    select coalesce(sum(amount_cents) filter (where status = 'withheld'), 0)::bigint as withheld_cents,
           coalesce(sum(amount_cents) filter (where status = 'paid'), 0)::bigint as paid_cents,
           coalesce(sum(amount_cents) filter (where status = 'processing'), 0)::bigint as in_payout_cents,
           coalesce(sum(amount_cents) filter (where status = 'pending' and held), 0)::bigint as holding_cents,
           coalesce(sum(amount_cents) filter (where status = 'pending' and not held), 0)::bigint as available_cents
    from (
      select c.status, c.amount_cents,
             case when c.status <> 'pending' then false
                  when c.reverses_id is null then (c.earned_at > ${at} or coalesce(c.origin_user_id in (select ra.user_id from referral_attributions ra where ra.referrer_id = ${userId}::uuid and ra.status = 'open'), false))
                  else coalesce((select o.status = 'pending' and (o.earned_at > ${at} or exists (select 1 from referral_attributions rao where rao.user_id = o.origin_user_id and rao.referrer_id = o.user_id and rao.status = 'open'))
                                 from commissions o where o.id = c.reverses_id), false)
             end as held
      from ${commissions} c
      where c.user_id = ${userId}::uuid
    ) lines`);
  // node-postgres and PGlite both answer a raw statement with { rows }; bigint sums arrive as text.
  const row = (result as unknown as { rows: Record<keyof BalanceSplit, string | number>[] }).rows[0]!;
  return {
    withheld_cents: Number(row.withheld_cents),
    paid_cents: Number(row.paid_cents),
    in_payout_cents: Number(row.in_payout_cents),
    holding_cents: Number(row.holding_cents),
    available_cents: Number(row.available_cents),
  };
}

export type Payee = { id: string; name: string; email: string; status: string; method: PayoutMethodRow | null };

export async function selectPayees(db: DbOrTx, userIds: readonly string[]): Promise<Payee[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, status: users.status, method: payoutMethods })
    .from(users)
    .leftJoin(payoutMethods, eq(payoutMethods.userId, users.id))
    // One array parameter: a batch may have 10,000 payees (decision 070).
    .where(sql`${users.id} = any(${sql.param([...userIds])}::uuid[])`);
  return rows.map((row) => ({ ...row, method: row.method ?? null }));
}

export async function insertPayoutBatch(db: DbOrTx, row: typeof payoutBatches.$inferInsert): Promise<PayoutBatchRow> {
  const [batch] = await db.insert(payoutBatches).values(row).returning();
  return batch!;
}

/** Items in chunks of 1,000 rows: a batch of 10,000 payees in one INSERT would pass PostgreSQL's 65,535 parameters. */
export async function insertPayoutItems(db: DbOrTx, rows: (typeof payoutItems.$inferInsert)[]): Promise<PayoutItemRow[]> {
  const inserted: PayoutItemRow[] = [];
  for (let start = 0; start < rows.length; start += 1000) inserted.push(...(await db.insert(payoutItems).values(rows.slice(start, start + 1000)).returning()));
  return inserted;
}

/** Links the lines to their items, one statement (unnest), then moves them pending -> processing; the count moved. */
export async function reserveLines(db: DbOrTx, links: readonly { itemId: string; commissionId: string; amountCents: number }[], at: Date): Promise<number> {
  if (links.length === 0) return 0;
  await db.insert(payoutItemLines).select(
    sql`select * from unnest(${sql.param(links.map((link) => link.itemId))}::uuid[], ${sql.param(links.map((link) => link.commissionId))}::uuid[], ${sql.param(links.map((link) => link.amountCents))}::bigint[])`,
  );
  // One array parameter, not one per line (a batch may move a million lines).
  const result = await db.execute(
    sql`with moved as (update ${commissions} set status = 'processing', processing_at = ${at.toISOString()}::timestamptz
        where id = any(${sql.param(links.map((link) => link.commissionId))}::uuid[]) and status = 'pending' returning 1)
        select count(*)::int as n from moved`,
  );
  // node-postgres and PGlite both answer a raw statement with { rows }.
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

export async function selectPayoutBatch(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}): Promise<PayoutBatchRow | undefined> {
  const query = db.select().from(payoutBatches).where(eq(payoutBatches.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function selectPayoutBatches(db: DbOrTx, limit: number) {
  return db
    .select({
      id: payoutBatches.id,
      status: payoutBatches.status,
      created_at: payoutBatches.createdAt,
      scheduled_week: payoutBatches.scheduledWeek,
      item_count: sql<number>`count(${payoutItems.id})::int`.mapWith(Number),
      total_cents: sql<number>`coalesce(sum(${payoutItems.amountCents}), 0)::bigint`.mapWith(Number),
    })
    .from(payoutBatches)
    .leftJoin(payoutItems, eq(payoutItems.batchId, payoutBatches.id))
    .groupBy(payoutBatches.id)
    .orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.id))
    .limit(limit);
}

export type BatchItemRow = PayoutItemRow & { userName: string; lineCount: number };

export async function selectBatchItems(db: DbOrTx, batchId: string, method?: PayoutMethod): Promise<BatchItemRow[]> {
  const rows = await db
    .select({ item: payoutItems, userName: users.name, lineCount: sql<number>`(select count(*) from payout_item_lines l where l.item_id = ${payoutItems.id})::int`.mapWith(Number) })
    .from(payoutItems)
    .innerJoin(users, eq(users.id, payoutItems.userId))
    .where(and(eq(payoutItems.batchId, batchId), method ? eq(payoutItems.method, method) : undefined))
    .orderBy(payoutItems.createdAt, payoutItems.id);
  return rows.map((row) => ({ ...row.item, userName: row.userName, lineCount: row.lineCount }));
}

export async function updatePayoutBatch(db: DbOrTx, id: string, changes: Partial<Omit<PayoutBatchRow, 'id'>>): Promise<void> {
  await db.update(payoutBatches).set(changes).where(eq(payoutBatches.id, id));
}

export async function selectPayoutItem(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}): Promise<PayoutItemRow | undefined> {
  const query = db.select().from(payoutItems).where(eq(payoutItems.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updatePayoutItem(db: DbOrTx, id: string, changes: Partial<Omit<PayoutItemRow, 'id'>>): Promise<PayoutItemRow> {
  const [row] = await db.update(payoutItems).set(changes).where(eq(payoutItems.id, id)).returning();
  return row!;
}

/** The item's lines still in it (processing) move to paid, or back to pending (available again); the count moved. */
export async function settleItemLines(db: DbOrTx, itemId: string, to: 'paid' | 'pending', at: Date): Promise<number> {
  const moved = await db
    .update(commissions)
    .set(to === 'paid' ? { status: 'paid', paidAt: at } : { status: 'pending', processingAt: null })
    .where(and(eq(commissions.status, 'processing'), sql`${commissions.id} in (select commission_id from payout_item_lines where item_id = ${itemId}::uuid)`))
    .returning({ id: commissions.id });
  return moved.length;
}

export async function countOpenItems(db: DbOrTx, batchId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(payoutItems).where(and(eq(payoutItems.batchId, batchId), eq(payoutItems.status, 'processing')));
  return Number(row?.n ?? 0);
}

/**
 * The payee's payout items, newest first, each with the lines it paid; within [from, to) when
 * given (decision 063). A cancelled item was never the payee's payout (nobody told them of it): left out.
 */
export async function selectStatements(db: DbOrTx, userId: string, options: { limit: number; from?: Date; to?: Date }) {
  const items = await db
    .select()
    .from(payoutItems)
    .where(
      and(
        eq(payoutItems.userId, userId),
        ne(payoutItems.status, 'cancelled'),
        options.from ? gte(payoutItems.createdAt, options.from) : undefined,
        options.to ? lt(payoutItems.createdAt, options.to) : undefined,
      ),
    )
    .orderBy(desc(payoutItems.createdAt), desc(payoutItems.id))
    .limit(options.limit);
  if (items.length === 0) return [];
  const lines = await db
    .select({ itemId: payoutItemLines.itemId, line: payoutItemLines, commission: commissions })
    .from(payoutItemLines)
    .innerJoin(commissions, eq(commissions.id, payoutItemLines.commissionId))
    .where(inArray(payoutItemLines.itemId, items.map((item) => item.id)))
    .orderBy(commissions.earnedAt, commissions.id);
  return items.map((item) => ({ item, lines: lines.filter((line) => line.itemId === item.id) }));
}

/** The active admins, told when the weekly schedule prepared a batch (decision 070). */
export async function selectActiveAdminIds(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(and(sql`'admin' = any(${users.roles})`, eq(users.status, 'active'))).orderBy(users.id);
  return rows.map((row) => row.id);
}

/** The weekly schedule's batch of this payout week (its Monday), if one was prepared (decision 063). */
export async function selectScheduledBatch(db: DbOrTx, week: string): Promise<PayoutBatchRow | undefined> {
  const [row] = await db.select().from(payoutBatches).where(eq(payoutBatches.scheduledWeek, week));
  return row;
}

/** Cancelling a prepared batch (decision 063): its items' lines still in them go back to pending; the count moved. */
export async function releaseBatchLines(db: DbOrTx, batchId: string): Promise<number> {
  const moved = await db
    .update(commissions)
    .set({ status: 'pending', processingAt: null })
    .where(
      and(
        eq(commissions.status, 'processing'),
        sql`${commissions.id} in (select l.commission_id from payout_item_lines l join payout_items i on i.id = l.item_id where i.batch_id = ${batchId}::uuid and i.status = 'processing')`,
      ),
    )
    .returning({ id: commissions.id });
  return moved.length;
}

export async function cancelBatchItems(db: DbOrTx, batchId: string, at: Date, actorId: string, reason: string | null): Promise<number> {
  const rows = await db
    .update(payoutItems)
    .set({ status: 'cancelled', settledAt: at, settledBy: actorId, reason })
    .where(and(eq(payoutItems.batchId, batchId), eq(payoutItems.status, 'processing')))
    .returning({ id: payoutItems.id });
  return rows.length;
}

/** The batch's items with their payees' names, every item row locked until the transaction ends. */
export async function selectBatchItemsForUpdate(db: DbOrTx, batchId: string): Promise<BatchItemRow[]> {
  await db.select({ id: payoutItems.id }).from(payoutItems).where(eq(payoutItems.batchId, batchId)).orderBy(payoutItems.id).for('update');
  return selectBatchItems(db, batchId);
}

// --- The demo seed's reads and writes (payouts.seed.ts, decision 063) ----------------------------

export async function anyPayoutBatchExists(db: DbOrTx): Promise<boolean> {
  return (await db.select({ id: payoutBatches.id }).from(payoutBatches).limit(1)).length > 0;
}

export async function selectSeedPeople(db: DbOrTx, emails: readonly string[]) {
  return db.select({ id: users.id, email: users.email, code: users.referralCode }).from(users).where(inArray(users.email, [...emails]));
}

export async function selectSeedProducts(db: DbOrTx) {
  return db.select({ id: products.id, name: products.name, commissionRateBp: products.commissionRateBp }).from(products);
}

export async function insertPayoutMethod(db: DbOrTx, row: typeof payoutMethods.$inferInsert): Promise<void> {
  await db.insert(payoutMethods).values(row);
}
