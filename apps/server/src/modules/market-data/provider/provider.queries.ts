import { and, asc, eq, sql } from 'drizzle-orm';
import { marketPrices, marketProviderState, tradingAssets, users, type DbOrTx } from '@myeai/db';

export type ProviderStateRow = typeof marketProviderState.$inferSelect;

export async function selectProviderState(db: DbOrTx, provider: string): Promise<ProviderStateRow | undefined> {
  const [row] = await db.select().from(marketProviderState).where(eq(marketProviderState.provider, provider)).limit(1);
  return row;
}

export async function upsertProviderState(db: DbOrTx, provider: string, values: Partial<Omit<ProviderStateRow, 'provider'>>): Promise<void> {
  await db
    .insert(marketProviderState)
    .values({ provider, ...values })
    .onConflictDoUpdate({ target: marketProviderState.provider, set: values });
}

/** The catalogue's assets (active or not: a call on a retired asset still awaits its prices), by symbol. */
export async function selectCatalogueAssets(db: DbOrTx) {
  return db.select({ id: tradingAssets.id, symbol: tradingAssets.symbol, assetClass: tradingAssets.assetClass }).from(tradingAssets).orderBy(asc(tradingAssets.symbol));
}

/** Each asset's newest stored candle time (any source). */
export async function selectLastCandleTimes(db: DbOrTx): Promise<Map<string, Date>> {
  const rows = await db
    .select({ assetId: marketPrices.assetId, last: sql<Date | string>`max(${marketPrices.time})` })
    .from(marketPrices)
    .groupBy(marketPrices.assetId);
  return new Map(rows.map((row) => [row.assetId, new Date(row.last)]));
}

/** The active admins (the provider's alert goes to each). */
export async function selectActiveAdminIds(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(and(sql`'admin' = any(${users.roles})`, eq(users.status, 'active')));
  return rows.map((row) => row.id);
}
