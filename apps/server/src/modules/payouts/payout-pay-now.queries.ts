import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@myeai/db';

export type PayNowLine = {
  id: string;
  user_id: string;
  status: string;
  amount_cents: number;
  earned_at: Date;
  reverses_id: string | null;
  /** On hold: its origin's sign-up with its earner has an open referral flag (decision 046). */
  flag_hold: boolean;
  /** The open payout batch whose processing item holds it, if any. */
  open_batch: { id: string; created_at: Date } | null;
};

/** node-postgres and PGlite both answer a raw statement with { rows }. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** One ledger line for "pay this one now" (decision 070), locked until the transaction ends. */
export async function selectLineForPayNow(db: DbOrTx, id: string): Promise<PayNowLine | undefined> {
  const [row] = rowsOf<{
    id: string;
    user_id: string;
    status: string;
    amount_cents: number | string;
    earned_at: Date | string;
    reverses_id: string | null;
    flag_hold: boolean;
    batch_id: string | null;
    batch_created_at: Date | string | null;
  }>(
    await db.execute(sql`select c.id, c.user_id, c.status, c.amount_cents, c.earned_at, c.reverses_id,
        exists (select 1 from referral_attributions ra where ra.user_id = c.origin_user_id and ra.referrer_id = c.user_id and ra.status = 'open') as flag_hold,
        (select b.id from payout_item_lines l join payout_items i on i.id = l.item_id join payout_batches b on b.id = i.batch_id
          where l.commission_id = c.id and i.status = 'processing' limit 1) as batch_id,
        (select b.created_at from payout_item_lines l join payout_items i on i.id = l.item_id join payout_batches b on b.id = i.batch_id
          where l.commission_id = c.id and i.status = 'processing' limit 1) as batch_created_at
      from commissions c where c.id = ${id}::uuid for update of c`),
  );
  if (!row) return undefined;
  return {
    id: row.id,
    user_id: row.user_id,
    status: row.status,
    amount_cents: Number(row.amount_cents),
    earned_at: new Date(row.earned_at),
    reverses_id: row.reverses_id,
    flag_hold: row.flag_hold,
    open_batch: row.batch_id ? { id: row.batch_id, created_at: new Date(row.batch_created_at!) } : null,
  };
}
