import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@myeai/db';

/**
 * The batch's allocation in SQL (decision 070): what a payout batch may take of each payee's
 * available lines, computed where the lines are instead of reading a million rows into the server.
 * "Available" is the rule of balanceBucket (domain) and HELD (payouts.queries.ts), written here in
 * two halves so that the common one is a plain filter PostgreSQL can scan in parallel:
 *   - a line that is not a reversal: pending, earned by the cutoff, no open referral flag of its
 *     origin with its earner (an anti-join, not a lookup per line);
 *   - a reversal (decision 066): pending, and its original is not pending-and-held (so it stands
 *     where its original stands, and is available at once once the original is in a payout or paid).
 */
const plainAvailable = (at: SQL) => sql`c.status = 'pending' and c.reverses_id is null and c.earned_at <= ${at}
  and not exists (select 1 from referral_attributions ra where ra.user_id = c.origin_user_id and ra.referrer_id = c.user_id and ra.status = 'open')`;

const reversalAvailable = (at: SQL) => sql`c.status = 'pending' and c.reverses_id is not null
  and not coalesce((select o.status = 'pending' and (o.earned_at > ${at}
         or exists (select 1 from referral_attributions rao where rao.user_id = o.origin_user_id and rao.referrer_id = o.user_id and rao.status = 'open'))
       from commissions o where o.id = c.reverses_id), false)`;

const atOf = (cutoff: Date) => sql`${cutoff.toISOString()}::timestamptz`;
const uuids = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;
/** node-postgres and PGlite both answer a raw statement with { rows }; bigint arrives as text. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A payee's lines in payout order (earned_at, then id), "id:amount" joined by commas (one text per payee). */
const LINE_LIST = sql`string_agg(id::text || ':' || amount_cents::text, ',' order by earned_at, id)`;

export type LineRef = { id: string; amount_cents: number };

export function readLineList(list: string | null): LineRef[] {
  if (!list) return [];
  return list.split(',').map((entry) => {
    const at = entry.indexOf(':');
    return { id: entry.slice(0, at), amount_cents: Number(entry.slice(at + 1)) };
  });
}

/** The payees with an available reversal line: their lines net (allocateLines in TypeScript). */
export async function selectPayeesWithReversals(db: DbOrTx, cutoff: Date): Promise<string[]> {
  const result = await db.execute(sql`select distinct c.user_id from commissions c where ${reversalAvailable(atOf(cutoff))}`);
  return rowsOf<{ user_id: string }>(result).map((row) => row.user_id);
}

export type PlainTotals = { user_id: string; line_count: number; total_cents: number; negative: boolean; lines: LineRef[] | null };

type TotalsRow = { user_id: string; line_count: number | string; total_cents: number | string; negative: boolean; lines?: string | null };

const totalsOf = (row: TotalsRow): PlainTotals => ({
  user_id: row.user_id,
  line_count: Number(row.line_count),
  total_cents: Number(row.total_cents),
  negative: row.negative,
  lines: row.lines === undefined ? null : readLineList(row.lines),
});

/**
 * One aggregate over every payee's available lines that are not reversals: count, sum, whether any
 * is negative. For a preparation (`lock`), the lines are locked until the transaction ends (a dry
 * run writes nothing and locks nothing, decision 063) and listed in payout order.
 */
export async function selectPlainTotals(db: DbOrTx, cutoff: Date, options: { lock: boolean }): Promise<PlainTotals[]> {
  const where = plainAvailable(atOf(cutoff));
  const result = options.lock
    ? await db.execute(sql`with l as (select c.id, c.user_id, c.earned_at, c.amount_cents from commissions c where ${where} for update of c)
        select user_id, count(*)::int as line_count, sum(amount_cents)::bigint as total_cents, bool_or(amount_cents < 0) as negative, ${LINE_LIST} as lines
        from l group by user_id`)
    : await db.execute(sql`select c.user_id, count(*)::int as line_count, sum(c.amount_cents)::bigint as total_cents, bool_or(c.amount_cents < 0) as negative
        from commissions c where ${where} group by c.user_id`);
  return rowsOf<TotalsRow>(result).map(totalsOf);
}

export type PrefixTotalsRow = PlainTotals & { within_count: number; within_cents: number };

/**
 * The payees whose lines add up to more than the maximum: a running sum per payee in payout order
 * (earned_at, then id); the lines within the maximum are those whose running sum is at most it
 * (every line whole; with no negative line the running sum only grows, so they are a prefix).
 */
export async function selectPrefixTotals(db: DbOrTx, cutoff: Date, userIds: readonly string[], maximumCents: number, options: { lock: boolean }): Promise<PrefixTotalsRow[]> {
  if (userIds.length === 0) return [];
  const result = await db.execute(sql`with l as (select c.id, c.user_id, c.earned_at, c.amount_cents from commissions c
        where c.user_id = any(${uuids(userIds)}) and ${plainAvailable(atOf(cutoff))} ${options.lock ? sql`for update of c` : sql``}),
      r as (select id, user_id, earned_at, amount_cents,
                   sum(amount_cents) over (partition by user_id order by earned_at, id rows between unbounded preceding and current row) as running
            from l)
      select user_id, count(*)::int as line_count, sum(amount_cents)::bigint as total_cents, bool_or(amount_cents < 0) as negative,
             count(*) filter (where running <= ${maximumCents})::int as within_count,
             coalesce(sum(amount_cents) filter (where running <= ${maximumCents}), 0)::bigint as within_cents
             ${options.lock ? sql`, ${LINE_LIST} as lines` : sql``}
      from r group by user_id`);
  return rowsOf<TotalsRow & { within_count: number | string; within_cents: number | string }>(result).map((row) => ({
    ...totalsOf(row),
    within_count: Number(row.within_count),
    within_cents: Number(row.within_cents),
  }));
}

export type NettingLine = { id: string; user_id: string; earned_at: Date; amount_cents: number; reverses_id: string | null };

/** Every available line of these payees, reversals included (allocateLines nets them), locked for a preparation. */
export async function selectNettingLines(db: DbOrTx, cutoff: Date, userIds: readonly string[], options: { lock: boolean }): Promise<NettingLine[]> {
  if (userIds.length === 0) return [];
  const at = atOf(cutoff);
  const result = await db.execute(sql`select c.id, c.user_id, c.earned_at, c.amount_cents, c.reverses_id from commissions c
    where c.user_id = any(${uuids(userIds)}) and ((${plainAvailable(at)}) or (${reversalAvailable(at)}))
    order by c.user_id, c.earned_at, c.id ${options.lock ? sql`for update of c` : sql``}`);
  return rowsOf<{ id: string; user_id: string; earned_at: Date | string; amount_cents: number | string; reverses_id: string | null }>(result).map((row) => ({
    id: row.id,
    user_id: row.user_id,
    earned_at: new Date(row.earned_at),
    amount_cents: Number(row.amount_cents),
    reverses_id: row.reverses_id,
  }));
}
