import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@myeai/db';

export type SealedRow = { id: string; details: string };

/** node-postgres and PGlite both answer a raw statement with { rows }. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Every stored payout details value of one table (the payees' methods, and the snapshots payout
 * items took), locked until the transaction ends, so a payee saving new details waits for the
 * rotation and is then sealed under the new key by the server (decision 070).
 */
export async function selectSealedForUpdate(db: DbOrTx, table: 'payout_methods' | 'payout_items'): Promise<SealedRow[]> {
  return rowsOf<SealedRow>(await db.execute(sql`select id, details from ${sql.identifier(table)} order by id for update`));
}

/** The new values, one statement per table (unnest of two arrays); the count written. */
export async function updateSealed(db: DbOrTx, table: 'payout_methods' | 'payout_items', rows: readonly SealedRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db.execute(sql`with v as (select * from unnest(${sql.param(rows.map((row) => row.id))}::uuid[], ${sql.param(rows.map((row) => row.details))}::text[]) as v(id, details)),
      changed as (update ${sql.identifier(table)} t set details = v.details from v where t.id = v.id returning 1)
    select count(*)::int as n from changed`);
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
}
