import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@myeai/db';
import type { FinanceFigure, FinancePeriod } from '@myeai/domain';

/**
 * The finance view's figures (issue 31 item 6, decision 066), each one aggregate over the periods
 * given ([start, end), joined from two arrays), so the screen and its lines read the same rule.
 */

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const periodsTable = (periods: readonly FinancePeriod[]) =>
  sql`unnest(${sql.param(periods.map((p) => p.start.toISOString()))}::timestamptz[], ${sql.param(periods.map((p) => p.end.toISOString()))}::timestamptz[]) with ordinality as p(s, e, i)`;

/** Per figure: the amount of a row, its instant, and which rows count (the rows' table is x). */
const FIGURES: Record<Exclude<FinanceFigure, 'owed'>, { from: SQL; at: SQL; amount: SQL; where: SQL }> = {
  revenue: { from: sql`billing_payments x`, at: sql`x.paid_at`, amount: sql`x.amount_cents`, where: sql`true` },
  refunds: { from: sql`billing_refunds x`, at: sql`x.settled_at`, amount: sql`x.amount_cents`, where: sql`x.status = 'succeeded'` },
  earned: { from: sql`commissions x`, at: sql`x.earned_at`, amount: sql`x.amount_cents`, where: sql`x.amount_cents > 0 and x.status <> 'withheld'` },
  reversed: { from: sql`commissions x`, at: sql`x.earned_at`, amount: sql`-x.amount_cents`, where: sql`x.amount_cents < 0 and x.status <> 'withheld'` },
  paid: { from: sql`commissions x`, at: sql`x.paid_at`, amount: sql`x.amount_cents`, where: sql`x.status = 'paid'` },
  unallocated: {
    from: sql`(select r.created_at as at, r.unallocated_cents as cents from commission_revenue_runs r
               union all
               select v.created_at, -rr.unallocated_cents from commission_reversal_runs rr join commission_reversals v on v.id = rr.reversal_id) x`,
    at: sql`x.at`,
    amount: sql`x.cents`,
    where: sql`true`,
  },
};

/** One figure per period, in the periods' order. */
export async function selectFigureByPeriod(db: DbOrTx, figure: FinanceFigure, periods: readonly FinancePeriod[]): Promise<number[]> {
  if (figure === 'owed') {
    // What is owed at each period's end: every line earned by then, less what was paid by then (withheld lines never count).
    const result = await db.execute(sql`
      select p.i, coalesce(sum(c.amount_cents), 0)::bigint as cents
      from ${periodsTable(periods)}
      left join commissions c on c.earned_at < p.e and c.status <> 'withheld' and not (c.status = 'paid' and c.paid_at < p.e)
      group by p.i order by p.i`);
    return rowsOf<{ cents: string | number }>(result).map((row) => Number(row.cents));
  }
  const f = FIGURES[figure];
  const result = await db.execute(sql`
    select p.i, coalesce(sum(${f.amount}), 0)::bigint as cents
    from ${periodsTable(periods)}
    left join ${f.from} on ${f.at} >= p.s and ${f.at} < p.e and ${f.where}
    group by p.i order by p.i`);
  return rowsOf<{ cents: string | number }>(result).map((row) => Number(row.cents));
}

export type FinanceLineRow = {
  id: string;
  at: Date | string;
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
  description: string;
  status: string | null;
  amount_cents: string | number;
  reversal_id: string | null;
};

/** The rows of one figure: the select of each (amount as the figure counts it), over [from, to) (owed: at `to`). */
function linesSource(figure: FinanceFigure, from: Date, to: Date): SQL {
  const f = from.toISOString();
  const t = to.toISOString();
  const line = (amount: SQL, at: SQL, where: SQL) => sql`
    select c.id::text as id, ${at} as at, c.user_id::text as user_id, u.name as user_name, u.email as user_email,
           c.product_name || case when c.reason is not null then ' (' || c.reason || ')' else '' end as description,
           c.status, ${amount} as amount_cents, coalesce(c.reversal_id::text, (select r.reversal_id::text from commissions r where r.reverses_id = c.id order by r.earned_at desc limit 1)) as reversal_id
    from commissions c left join users u on u.id = c.user_id where ${where}`;
  switch (figure) {
    case 'revenue':
      return sql`select x.id::text as id, x.paid_at as at, x.user_id::text as user_id, u.name as user_name, u.email as user_email,
                        'Payment ' || x.provider_invoice_id || coalesce(' (' || x.plan || ')', '') as description, null::text as status,
                        x.amount_cents::bigint as amount_cents, null::text as reversal_id
                 from billing_payments x left join users u on u.id = x.user_id
                 where x.paid_at >= ${f}::timestamptz and x.paid_at < ${t}::timestamptz`;
    case 'refunds':
      return sql`select x.id::text as id, x.settled_at as at, pay.user_id::text as user_id, u.name as user_name, u.email as user_email,
                        'Refund of payment ' || pay.provider_invoice_id || ' (' || x.reason || ')' as description, x.status,
                        x.amount_cents::bigint as amount_cents, (select v.id::text from commission_reversals v where v.kind = 'refund' and v.key = 'refund:' || x.id::text) as reversal_id
                 from billing_refunds x join billing_payments pay on pay.id = x.payment_id left join users u on u.id = pay.user_id
                 where x.status = 'succeeded' and x.settled_at >= ${f}::timestamptz and x.settled_at < ${t}::timestamptz`;
    case 'earned':
      return line(sql`c.amount_cents`, sql`c.earned_at`, sql`c.amount_cents > 0 and c.status <> 'withheld' and c.earned_at >= ${f}::timestamptz and c.earned_at < ${t}::timestamptz`);
    case 'reversed':
      return line(sql`-c.amount_cents`, sql`c.earned_at`, sql`c.amount_cents < 0 and c.status <> 'withheld' and c.earned_at >= ${f}::timestamptz and c.earned_at < ${t}::timestamptz`);
    case 'paid':
      return line(sql`c.amount_cents`, sql`c.paid_at`, sql`c.status = 'paid' and c.paid_at >= ${f}::timestamptz and c.paid_at < ${t}::timestamptz`);
    case 'owed':
      return line(sql`c.amount_cents`, sql`c.earned_at`, sql`c.earned_at < ${t}::timestamptz and c.status <> 'withheld' and not (c.status = 'paid' and c.paid_at < ${t}::timestamptz)`);
    case 'unallocated':
      return sql`select r.id::text as id, r.created_at as at, null::text as user_id, null::text as user_name, null::text as user_email,
                        'Revenue run ' || r.source_reference_id || ' on ' || cell.name as description, null::text as status,
                        r.unallocated_cents::bigint as amount_cents, null::text as reversal_id
                 from commission_revenue_runs r join commission_cells cell on cell.id = r.cell_id
                 where r.unallocated_cents <> 0 and r.created_at >= ${f}::timestamptz and r.created_at < ${t}::timestamptz
                 union all
                 select r.id::text, v.created_at, null, null, null, 'Reversal of revenue run ' || r.source_reference_id || ': ' || v.reason, null,
                        -rr.unallocated_cents::bigint, v.id::text
                 from commission_reversal_runs rr join commission_reversals v on v.id = rr.reversal_id join commission_revenue_runs r on r.id = rr.run_id
                 where v.created_at >= ${f}::timestamptz and v.created_at < ${t}::timestamptz`;
  }
}

/** The figure's lines over [from, to): their sum and count, and up to `limit`, newest first. */
export async function selectFigureLines(db: DbOrTx, figure: FinanceFigure, from: Date, to: Date, limit: number): Promise<{ total: number; count: number; rows: FinanceLineRow[] }> {
  const source = linesSource(figure, from, to);
  const [totals] = rowsOf<{ total: string | number; count: string | number }>(
    await db.execute(sql`select coalesce(sum(l.amount_cents), 0)::bigint as total, count(*)::int as count from (${source}) l`),
  );
  const rows = rowsOf<FinanceLineRow>(await db.execute(sql`select * from (${source}) l order by l.at desc, l.id desc limit ${limit}`));
  return { total: Number(totals?.total ?? 0), count: Number(totals?.count ?? 0), rows };
}
