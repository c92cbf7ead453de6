import type { DbOrTx } from '@myeai/db';
import {
  AppError,
  FINANCE_FIGURES,
  financePeriodLabel,
  financePeriods,
  type FinanceFigure,
  type FinanceLinesQuery,
  type FinanceLinesResponse,
  type FinanceQuery,
  type FinanceResponse,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { selectFigureByPeriod, selectFigureLines } from './finance.queries.ts';

const KEY: Record<FinanceFigure, `${FinanceFigure}_cents`> = Object.fromEntries(FINANCE_FIGURES.map((figure) => [figure, `${figure}_cents`])) as Record<FinanceFigure, `${FinanceFigure}_cents`>;

/**
 * The finance view (issue 31 item 6, decision 066): per period, money in (payments) and out
 * (refunds), and the commission ledger's earned, reversed, paid and owed, and the cells'
 * unallocated revenue. Totals add the periods; owed is the figure at the end of the last one.
 */
export async function getFinance(db: DbOrTx, clock: Clock, query: FinanceQuery): Promise<FinanceResponse> {
  const periods = financePeriods(query.period, clock.now(), query.count);
  const byFigure = new Map<FinanceFigure, number[]>();
  for (const figure of FINANCE_FIGURES) byFigure.set(figure, await selectFigureByPeriod(db, figure, periods));
  const rows = periods.map((period, index) => ({
    start: period.start.toISOString(),
    end: period.end.toISOString(),
    label: financePeriodLabel(query.period, period.start),
    ...(Object.fromEntries(FINANCE_FIGURES.map((figure) => [KEY[figure], byFigure.get(figure)![index]!])) as Record<`${FinanceFigure}_cents`, number>),
  }));
  const totals = Object.fromEntries(
    FINANCE_FIGURES.map((figure) => [KEY[figure], figure === 'owed' ? (rows.at(-1)?.owed_cents ?? 0) : rows.reduce((sum, row) => sum + row[KEY[figure]], 0)]),
  ) as FinanceResponse['totals'];
  return { currency: 'USD', period: query.period, periods: rows, totals };
}

/** The lines behind one figure of one period (owed: as at `to`). */
export async function getFinanceLines(db: DbOrTx, query: FinanceLinesQuery): Promise<FinanceLinesResponse> {
  const from = new Date(query.from);
  const to = new Date(query.to);
  if (!(from.getTime() < to.getTime())) throw new AppError('VALIDATION', 'from must be before to.', [{ path: 'to', message: 'from must be before to.' }]);
  const { total, count, rows } = await selectFigureLines(db, query.figure, from, to, query.limit);
  return {
    figure: query.figure,
    from: from.toISOString(),
    to: to.toISOString(),
    total_cents: total,
    count,
    items: rows.map((row) => ({
      id: row.id,
      at: new Date(row.at).toISOString(),
      user: row.user_id ? { id: row.user_id, name: row.user_name ?? '', email: row.user_email ?? '' } : null,
      description: row.description,
      status: row.status,
      amount_cents: Number(row.amount_cents),
      reversal_id: row.reversal_id,
    })),
  };
}
