/**
 * The finance view's periods (issue 31 item 6, decision 066): calendar months or ISO weeks
 * (Monday 00:00 UTC), the last `count` of them ending with the one that holds `now`, oldest
 * first. Each period is [start, end): an instant on a boundary belongs to the later period.
 */
export const FINANCE_PERIOD_KINDS = ['month', 'week'] as const;
export type FinancePeriodKind = (typeof FINANCE_PERIOD_KINDS)[number];
export const FINANCE_PERIODS_MAX = 24;

export type FinancePeriod = { start: Date; end: Date };

function periodStart(kind: FinancePeriodKind, at: Date): Date {
  if (kind === 'month') return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 86_400_000);
}

function shift(kind: FinancePeriodKind, start: Date, by: number): Date {
  if (kind === 'month') return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + by, 1));
  return new Date(start.getTime() + by * 7 * 86_400_000);
}

export function financePeriods(kind: FinancePeriodKind, now: Date, count: number): FinancePeriod[] {
  if (!Number.isInteger(count) || count < 1 || count > FINANCE_PERIODS_MAX) throw new RangeError(`count must be 1 to ${FINANCE_PERIODS_MAX}.`);
  const current = periodStart(kind, now);
  return Array.from({ length: count }, (_, index) => {
    const start = shift(kind, current, index - (count - 1));
    return { start, end: shift(kind, start, 1) };
  });
}

/** "November 2026", "Week of Nov 16, 2026": a period's name on the finance view. */
export function financePeriodLabel(kind: FinancePeriodKind, start: Date): string {
  if (kind === 'month') return start.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return `Week of ${start.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}`;
}

/** The figures of a period; each is a link to its lines (FINANCE_FIGURES names them). */
export const FINANCE_FIGURES = ['revenue', 'refunds', 'earned', 'reversed', 'paid', 'owed', 'unallocated'] as const;
export type FinanceFigure = (typeof FINANCE_FIGURES)[number];

export const FINANCE_FIGURE_LABELS: Record<FinanceFigure, string> = {
  revenue: 'Revenue in',
  refunds: 'Refunds out',
  earned: 'Commissions earned',
  reversed: 'Commissions reversed',
  paid: 'Commissions paid',
  owed: 'Commissions owed',
  unallocated: 'Unallocated revenue',
};

/** What each figure counts, said once for the screen and the decision record. */
export const FINANCE_FIGURE_HELP: Record<FinanceFigure, string> = {
  revenue: 'Subscription payments received in the period.',
  refunds: 'Refunds settled by the payment provider in the period.',
  earned: 'Commission lines earned in the period (withheld lines are not counted).',
  reversed: 'Reversal lines written in the period: refunds, reversed sales and reversed revenue runs.',
  paid: 'Commission lines paid in the period, clawbacks netted in a payout included.',
  owed: 'What is owed to members at the end of the period: every line earned by then and not yet paid. A negative figure is money members owe back.',
  unallocated: 'Revenue processed on commission cells that nobody was paid, less what reversals took back, in the period.',
};
