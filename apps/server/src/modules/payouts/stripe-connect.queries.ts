import { and, eq, inArray, isNull } from 'drizzle-orm';
import { payoutItems, payoutStripeAccounts, type DbOrTx } from '@myeai/db';
import { maskStripeAccount, type ConnectAccountState } from '@myeai/domain';

/** Stripe Connect's reads and writes (decision 069). */
export type StripeAccountRow = typeof payoutStripeAccounts.$inferSelect;

export async function selectStripeAccount(db: DbOrTx, userId: string, options: { forUpdate?: boolean } = {}): Promise<StripeAccountRow | undefined> {
  const query = db.select().from(payoutStripeAccounts).where(eq(payoutStripeAccounts.userId, userId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function selectStripeAccountById(db: DbOrTx, accountId: string, options: { forUpdate?: boolean } = {}): Promise<StripeAccountRow | undefined> {
  const query = db.select().from(payoutStripeAccounts).where(eq(payoutStripeAccounts.accountId, accountId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The first account of the payee is kept: a second "Connect with Stripe" racing the first finds it (the unique user index). */
export async function insertStripeAccount(db: DbOrTx, row: typeof payoutStripeAccounts.$inferInsert): Promise<StripeAccountRow | undefined> {
  const [saved] = await db.insert(payoutStripeAccounts).values(row).onConflictDoNothing().returning();
  return saved;
}

export async function updateStripeAccountState(db: DbOrTx, id: string, state: ConnectAccountState, at: Date): Promise<void> {
  await db.update(payoutStripeAccounts).set({ state, updatedAt: at }).where(eq(payoutStripeAccounts.id, id));
}

/** The state of each of these payees' connected accounts (batch preparation). */
export async function selectStripeAccountStates(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, ConnectAccountState>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({ userId: payoutStripeAccounts.userId, state: payoutStripeAccounts.state }).from(payoutStripeAccounts).where(inArray(payoutStripeAccounts.userId, [...userIds]));
  return new Map(rows.map((row) => [row.userId, row.state]));
}

/** The payee's connected account as the screen shows it (masked), or null. */
export async function stripeConnectView(db: DbOrTx, userId: string) {
  const row = await selectStripeAccount(db, userId);
  return row ? { summary: maskStripeAccount(row.accountId), state: row.state, updated_at: row.updatedAt.toISOString() } : null;
}

/** The batch's Stripe items still waiting for their transfer (processing, no transfer id yet). */
export async function selectItemsToTransfer(db: DbOrTx, batchId: string) {
  return db
    .select()
    .from(payoutItems)
    .where(and(eq(payoutItems.batchId, batchId), eq(payoutItems.method, 'stripe'), eq(payoutItems.status, 'processing'), isNull(payoutItems.providerTransferId)))
    .orderBy(payoutItems.createdAt, payoutItems.id);
}

export async function selectItemByTransfer(db: DbOrTx, transferId: string) {
  const [row] = await db.select({ id: payoutItems.id }).from(payoutItems).where(eq(payoutItems.providerTransferId, transferId));
  return row?.id;
}

export async function setItemTransfer(db: DbOrTx, itemId: string, transferId: string): Promise<boolean> {
  const rows = await db
    .update(payoutItems)
    .set({ providerTransferId: transferId })
    .where(and(eq(payoutItems.id, itemId), isNull(payoutItems.providerTransferId)))
    .returning({ id: payoutItems.id });
  return rows.length > 0;
}
