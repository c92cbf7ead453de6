import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { entryWindows, traders, tradingAssetPicks, tradingAssets, tradingSettings, tradingTimeframes, users, windowVotes, type DbOrTx } from '@myeai/db';
import {
  ASSET_CLASSES,
  isPremiumTimeframe,
  type AssetClass,
  type AssetRef,
  type Bias,
  type Specialization,
  type TimeframeRef,
  type TraderCounters,
  type WindowRules,
} from '@myeai/domain';

export type AssetRow = typeof tradingAssets.$inferSelect;
export type TimeframeRow = typeof tradingTimeframes.$inferSelect;
export type WindowRow = typeof entryWindows.$inferSelect;
export type TraderRow = typeof traders.$inferSelect;

/** One order everywhere: by asset class (forex first), then symbol. */
export function compareAssets(a: AssetRow, b: AssetRow): number {
  return ASSET_CLASSES.indexOf(a.assetClass as AssetClass) - ASSET_CLASSES.indexOf(b.assetClass as AssetClass) || a.symbol.localeCompare(b.symbol);
}

export function compareTimeframes(a: TimeframeRow, b: TimeframeRow): number {
  return a.minutes - b.minutes || a.code.localeCompare(b.code);
}

export function toAssetRef(row: AssetRow): AssetRef {
  return { id: row.id, symbol: row.symbol, name: row.name, asset_class: row.assetClass as AssetClass };
}

export function toTimeframeRef(row: TimeframeRow): TimeframeRef {
  return { id: row.id, code: row.code, label: row.label, minutes: row.minutes };
}

export async function listAssets(db: DbOrTx, options: { includeInactive: boolean }): Promise<AssetRow[]> {
  const rows = await db
    .select()
    .from(tradingAssets)
    .where(options.includeInactive ? undefined : eq(tradingAssets.isActive, true));
  return rows.sort(compareAssets);
}

export async function listTimeframes(db: DbOrTx, options: { includeInactive: boolean }): Promise<TimeframeRow[]> {
  const rows = await db
    .select()
    .from(tradingTimeframes)
    .where(options.includeInactive ? undefined : eq(tradingTimeframes.isActive, true));
  return rows.sort(compareTimeframes);
}

export async function getAsset(db: DbOrTx, id: string): Promise<AssetRow | undefined> {
  const [row] = await db.select().from(tradingAssets).where(eq(tradingAssets.id, id)).limit(1);
  return row;
}

export async function getTimeframe(db: DbOrTx, id: string): Promise<TimeframeRow | undefined> {
  const [row] = await db.select().from(tradingTimeframes).where(eq(tradingTimeframes.id, id)).limit(1);
  return row;
}

export async function getTrader(db: DbOrTx, userId: string): Promise<TraderRow | undefined> {
  const [row] = await db.select().from(traders).where(eq(traders.userId, userId)).limit(1);
  return row;
}

export function countersOf(row: TraderRow | undefined): TraderCounters {
  return {
    votesCast: row?.votesCast ?? 0,
    windowsSeen: row?.windowsSeen ?? 0,
    scoredVotes: row?.scoredVotes ?? 0,
    agreedVotes: row?.agreedVotes ?? 0,
    calibrationSum: row?.calibrationSum ?? 0,
    confidenceSum: row?.confidenceSum ?? 0,
  };
}

/** Users holding the trader role, active accounts only. */
export async function listTraderRoleHolders(db: DbOrTx): Promise<{ id: string; email: string; name: string; roles: string[]; lastSeenAt: Date | null }[]> {
  return db
    .select({ id: users.id, email: users.email, name: users.name, roles: users.roles, lastSeenAt: users.lastSeenAt })
    .from(users)
    .where(and(eq(users.status, 'active'), sql`'trader' = any(${users.roles})`))
    .orderBy(asc(users.email));
}

/**
 * Who an entry window asks to vote: active users holding the trader role who sit in the active
 * pool, except the one who opened it (decision 024). Not the trader role alone: a trader outside
 * the pool cannot vote, so a request would ask for the impossible.
 */
export async function listVoteRequestRecipients(db: DbOrTx, openerId: string): Promise<{ id: string; roles: string[] }[]> {
  return db
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .innerJoin(traders, eq(traders.userId, users.id))
    .where(and(eq(users.status, 'active'), sql`'trader' = any(${users.roles})`, eq(traders.isActive, true), ne(users.id, openerId)))
    .orderBy(asc(users.email));
}

export async function getUsersByIds(db: DbOrTx, ids: string[]): Promise<Map<string, { id: string; email: string; name: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

export function isPremium(row: TimeframeRow): boolean {
  return isPremiumTimeframe(row.code);
}

export function rulesOf(window: WindowRow): WindowRules {
  return window.rules as WindowRules;
}

export function specializationOf(value: string | null): Specialization | null {
  return (value as Specialization | null) ?? null;
}

export function biasOf(value: string | null): Bias | null {
  return (value as Bias | null) ?? null;
}

/** A trader's latest votes, newest first. */
export async function latestVotesOf(db: DbOrTx, traderId: string, limit: number): Promise<(typeof windowVotes.$inferSelect)[]> {
  return db.select().from(windowVotes).where(eq(windowVotes.traderId, traderId)).orderBy(desc(windowVotes.createdAt), desc(windowVotes.id)).limit(limit);
}

// ------------------------------------------------------------------ consensus settings (one row, id 1)

export type SettingsRow = typeof tradingSettings.$inferSelect;

/** The stored settings; undefined: never saved (the defaults apply). */
export async function readSettingsRow(db: DbOrTx): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(tradingSettings).where(eq(tradingSettings.id, 1)).limit(1);
  return row;
}

export async function upsertSettingsRow(db: DbOrTx, values: Omit<typeof tradingSettings.$inferInsert, 'id'>): Promise<void> {
  await db
    .insert(tradingSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: tradingSettings.id, set: values });
}

// ------------------------------------------------------------------ asset picks (one row per user)

export type PickRow = typeof tradingAssetPicks.$inferSelect;

export async function readPickRow(db: DbOrTx, userId: string): Promise<PickRow | undefined> {
  const [row] = await db.select().from(tradingAssetPicks).where(eq(tradingAssetPicks.userId, userId)).limit(1);
  return row;
}

/** The user's pick row locked for the caller's transaction (none yet: nothing to lock). */
export async function lockPickRow(tx: DbOrTx, userId: string): Promise<PickRow | undefined> {
  const [row] = await tx.select().from(tradingAssetPicks).where(eq(tradingAssetPicks.userId, userId)).for('update').limit(1);
  return row;
}

export async function upsertPickRow(tx: DbOrTx, pick: PickRow): Promise<void> {
  await tx
    .insert(tradingAssetPicks)
    .values(pick)
    .onConflictDoUpdate({ target: tradingAssetPicks.userId, set: { assetIds: pick.assetIds, changedAt: pick.changedAt } });
}

// ------------------------------------------------------------------ demo seed

export async function insertMissingTimeframes(tx: DbOrTx, rows: (typeof tradingTimeframes.$inferInsert)[]): Promise<void> {
  await tx.insert(tradingTimeframes).values(rows).onConflictDoNothing();
}

export async function insertMissingAssets(tx: DbOrTx, rows: (typeof tradingAssets.$inferInsert)[]): Promise<void> {
  await tx.insert(tradingAssets).values(rows).onConflictDoNothing();
}

export async function insertMissingTraders(tx: DbOrTx, rows: (typeof traders.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(traders).values(rows).onConflictDoNothing();
}

export async function usersByEmails(db: DbOrTx, emails: readonly string[]): Promise<{ id: string; email: string; roles: string[] }[]> {
  return db.select({ id: users.id, email: users.email, roles: users.roles }).from(users).where(inArray(users.email, [...emails]));
}

export async function countWindows(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(entryWindows);
  return row?.n ?? 0;
}

export async function setLastSeen(tx: DbOrTx, userId: string, at: Date): Promise<void> {
  await tx.update(users).set({ lastSeenAt: at }).where(eq(users.id, userId));
}
