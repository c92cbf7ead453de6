import { z } from 'zod';
import { CellPayoutConfigSchema } from '../commissions/cell-payout.ts';
import { COMMISSION_CELL_STATUSES } from './commission-cells.ts';

/** Commission Management (spec 3 section 2.10): the configuration and the overview. */
export const commissionConfigPaths = {
  config: '/api/admin/commission/config',
  overview: '/api/admin/commission/overview',
} as const;

/**
 * The Configuration tab's save: the feature flags (engine, elite pool; there is no goal
 * achievement bonus, DESIGN.md decision 39) and the payout rates, pool and levels.
 */
export const CommissionConfigInputSchema = z.object({
  engine_enabled: z.boolean(),
  elite_pool_enabled: z.boolean(),
  payout: CellPayoutConfigSchema,
});
export type CommissionConfigInput = z.infer<typeof CommissionConfigInputSchema>;

export const CommissionConfigSchema = CommissionConfigInputSchema.extend({
  /** False while no admin has saved one: the defaults of DESIGN.md section 4 apply. */
  stored: z.boolean(),
  elite_cell_id: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type CommissionConfig = z.infer<typeof CommissionConfigSchema>;

export const CommissionOverviewCellSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(COMMISSION_CELL_STATUSES),
  parent_cell_id: z.string().nullable(),
  member_count: z.number().int(),
  is_elite: z.boolean(),
  created_at: z.string(),
});
export type CommissionOverviewCell = z.infer<typeof CommissionOverviewCellSchema>;

/** Overview tiles (archived cells are not counted) and the cells for the Commission Cells tab. */
export const CommissionOverviewSchema = z.object({
  total_cells: z.number().int(),
  active_cells: z.number().int(),
  locked_cells: z.number().int(),
  total_members: z.number().int(),
  cells: z.array(CommissionOverviewCellSchema),
});
export type CommissionOverview = z.infer<typeof CommissionOverviewSchema>;

