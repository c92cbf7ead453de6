import { z } from 'zod';
import { FINANCE_FIGURES, FINANCE_PERIOD_KINDS, FINANCE_PERIODS_MAX } from '../finance/finance-periods.ts';

export const financePaths = {
  view: '/api/admin/finance',
  lines: '/api/admin/finance/lines',
} as const;

export const FinanceQuerySchema = z.object({
  period: z.enum(FINANCE_PERIOD_KINDS).default('month'),
  count: z.coerce.number().int().min(1).max(FINANCE_PERIODS_MAX).default(6),
});
export type FinanceQuery = z.infer<typeof FinanceQuerySchema>;

const figures = {
  revenue_cents: z.number().int(),
  refunds_cents: z.number().int(),
  earned_cents: z.number().int(),
  reversed_cents: z.number().int(),
  paid_cents: z.number().int(),
  owed_cents: z.number().int(),
  unallocated_cents: z.number().int(),
};

export const FinancePeriodRowSchema = z.object({ start: z.string(), end: z.string(), label: z.string(), ...figures });
export type FinancePeriodRow = z.infer<typeof FinancePeriodRowSchema>;

export const FinanceResponseSchema = z.object({
  currency: z.literal('USD'),
  period: z.enum(FINANCE_PERIOD_KINDS),
  /** Oldest first. */
  periods: z.array(FinancePeriodRowSchema),
  /** Over all the periods shown; owed is the figure at the end of the last one. */
  totals: z.object(figures),
});
export type FinanceResponse = z.infer<typeof FinanceResponseSchema>;

export const FinanceLinesQuerySchema = z.object({
  figure: z.enum(FINANCE_FIGURES),
  from: z.string().datetime({ message: 'from must be an ISO instant.' }),
  to: z.string().datetime({ message: 'to must be an ISO instant.' }),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type FinanceLinesQuery = z.infer<typeof FinanceLinesQuerySchema>;

export const FinanceLineSchema = z.object({
  id: z.string(),
  at: z.string(),
  /** The member concerned (payer, payee), when there is one. */
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  description: z.string(),
  status: z.string().nullable(),
  amount_cents: z.number().int(),
  /** The reversal that wrote it or that it reverses, when there is one. */
  reversal_id: z.string().nullable(),
});
export type FinanceLine = z.infer<typeof FinanceLineSchema>;

export const FinanceLinesResponseSchema = z.object({
  figure: z.enum(FINANCE_FIGURES),
  from: z.string(),
  to: z.string(),
  /** The sum of every line of the figure in the range (equal to the figure), and how many there are. */
  total_cents: z.number().int(),
  count: z.number().int(),
  /** Up to `limit` of them, newest first. */
  items: z.array(FinanceLineSchema),
});
export type FinanceLinesResponse = z.infer<typeof FinanceLinesResponseSchema>;
