import { z } from 'zod';
import { CELL_SEAT_ROLES, CELL_SIZE } from '../commissions/cell-payout.ts';
import { COMMISSION_CELL_STATUSES } from './commission-cells.ts';
import { AdvancementProgressSchema } from './earnings.ts';
import { CentsSchema } from '../money.ts';

/**
 * The Network Manager's cell and seat calls (spec 3 sections 2.11 and 7, "Commission cells (admin)").
 * Every editor write carries the cell's `version`: a stale one is refused (409) and the editor reloads,
 * so two admins editing one cell cannot both win.
 */
export const commissionNetworkPaths = {
  cells: '/api/admin/commission/cells',
  cell: '/api/admin/commission/cells/:id',
  archive: '/api/admin/commission/cells/:id/archive',
  lock: '/api/admin/commission/cells/:id/lock',
  unlock: '/api/admin/commission/cells/:id/unlock',
  assign: '/api/admin/commission/cells/:id/assign',
  member: '/api/admin/commission/cells/:id/members/:userId',
  move: '/api/admin/commission/cells/:id/move',
  analytics: '/api/admin/commission/analytics',
  userSearch: '/api/admin/commission/users/search',
  audit: '/api/admin/commission/audit',
  /** Issue 19 item 7: each seated member's advancement check, as a suggestion (decision 040). */
  advancement: '/api/admin/commission/cells/:id/advancement',
} as const;

/** The overview's status filter (spec 3 section 2.11); archived cells are never listed. */
export const CELL_LIST_STATUS_FILTERS = ['all', 'active', 'locked', 'processing'] as const;
export type CellListStatusFilter = (typeof CELL_LIST_STATUS_FILTERS)[number];

/** The first 20 users of an assignment search (spec 3 section 2.11). */
export const CELL_USER_SEARCH_LIMIT = 20;
export const CELL_AUDIT_LIMIT = 200;
export const CELL_NAME_MAX = 100;
export const CELL_DESCRIPTION_MAX = 500;

const cellVersion = z.number({ message: 'The cell version is required.' }).int().min(0);
const seatPosition = z
  .number({ message: 'Choose a seat.' })
  .int({ message: 'A cell has seats 0 to 12.' })
  .min(0, { message: 'A cell has seats 0 to 12.' })
  .max(CELL_SIZE - 1, { message: 'A cell has seats 0 to 12.' });
const cellName = z.string().trim().max(CELL_NAME_MAX, { message: `The cell name can be at most ${CELL_NAME_MAX} characters.` });
const cellDescription = z.string().trim().max(CELL_DESCRIPTION_MAX, { message: `The description can be at most ${CELL_DESCRIPTION_MAX} characters.` });
const parentCellId = z.string().uuid({ message: 'Choose a parent cell from the list.' }).nullable();

export const CellIdParamsSchema = z.object({ id: z.string().uuid({ message: 'Commission cell not found.' }) });
export const CellMemberParamsSchema = CellIdParamsSchema.extend({ userId: z.string().uuid({ message: 'Member not found.' }) });

export const CellMemberSchema = z.object({
  user_id: z.string(),
  position: z.number().int(),
  role: z.enum(CELL_SEAT_ROLES),
  email: z.string(),
  name: z.string(),
  assigned_at: z.string(),
});
export type CellMember = z.infer<typeof CellMemberSchema>;

export const CommissionCellSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(COMMISSION_CELL_STATUSES),
  parent_cell_id: z.string().nullable(),
  parent_name: z.string().nullable(),
  fill_count: z.number().int(),
  /** fill_count of 13 as a percentage, one decimal. */
  fill_percent: z.number(),
  version: z.number().int(),
  /** The elite cell while elite_pool_enabled (decision 38): its seats follow the Elite Pool, not the editor. */
  elite_mirror: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  members: z.array(CellMemberSchema),
});
export type CommissionCell = z.infer<typeof CommissionCellSchema>;

export const CellListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(CELL_LIST_STATUS_FILTERS).default('all'),
});
export type CellListQuery = z.input<typeof CellListQuerySchema>;

export const CellListSchema = z.object({ cells: z.array(CommissionCellSchema) });

const SeatKindCountSchema = z.object({ filled: z.number().int(), seats: z.number().int() });

/** Spec 3 section 3, "Analytics": cell_statistics, member_distribution and fill_analytics are the contract's names. */
export const NetworkAnalyticsSchema = z.object({
  total_cells: z.number().int(),
  total_members: z.number().int(),
  /** Active users holding no seat. */
  available_users: z.number().int(),
  cell_statistics: z.object({ active: z.number().int(), locked: z.number().int(), processing: z.number().int() }),
  /** Filled seats per kind (Lead, Senior, Regular) over the listed cells, and the seats of that kind. */
  member_distribution: z.object({ lead: SeatKindCountSchema, senior: SeatKindCountSchema, regular: SeatKindCountSchema }),
  fill_analytics: z.object({
    /** Mean fill of the cells in percent, one decimal (the Avg Fill Rate card). */
    avg_fill_rate: z.number(),
    full_cells: z.number().int(),
    partial_cells: z.number().int(),
    empty_cells: z.number().int(),
  }),
});
export type NetworkAnalytics = z.infer<typeof NetworkAnalyticsSchema>;

/** New Cell (spec 3 section 2.11): the name is optional and generated when blank. */
export const CreateCellInputSchema = z.object({
  name: cellName.default(''),
  description: cellDescription.default(''),
  parent_cell_id: parentCellId.default(null),
});
export type CreateCellInput = z.input<typeof CreateCellInputSchema>;

export const UpdateCellInputSchema = z.object({
  name: cellName.min(1, { message: 'The cell name cannot be empty.' }),
  description: cellDescription,
  parent_cell_id: parentCellId,
  version: cellVersion,
});
export type UpdateCellInput = z.input<typeof UpdateCellInputSchema>;

export const CellVersionInputSchema = z.object({ version: cellVersion });
export const CellVersionQuerySchema = z.object({ version: z.coerce.number({ message: 'The cell version is required.' }).int().min(0) });

export const AssignMemberInputSchema = z.object({
  user_id: z.string().uuid({ message: 'Choose a user from the search.' }),
  position: seatPosition,
  version: cellVersion,
});
export type AssignMemberInput = z.input<typeof AssignMemberInputSchema>;

export const MoveMemberInputSchema = z.object({
  user_id: z.string().uuid({ message: 'Member not found.' }),
  to_position: seatPosition,
  version: cellVersion,
});
export type MoveMemberInput = z.input<typeof MoveMemberInputSchema>;

/** Every editor write answers the cell as it now is (with its new version). */
export const CellResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  cell: CommissionCellSchema,
});
export type CellResponse = z.infer<typeof CellResponseSchema>;

export const CellUserSearchQuerySchema = z.object({ q: z.string().trim().max(200).default('') });

export const CellUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  /** Suspended users cannot be seated. */
  status: z.string(),
  /** The seat the user holds, if any (a user holds at most one). */
  seat: z.object({ cell_id: z.string(), cell_name: z.string(), position: z.number().int() }).nullable(),
});
export type CellUser = z.infer<typeof CellUserSchema>;
export const CellUserSearchSchema = z.object({ users: z.array(CellUserSchema) });

export const CellAuditQuerySchema = z.object({ cell_id: z.string().uuid({ message: 'Commission cell not found.' }).optional() });

export const CellAuditRecordSchema = z.object({
  id: z.string(),
  action: z.string(),
  timestamp: z.string(),
  cell_id: z.string().nullable(),
  cell_name: z.string().nullable(),
  action_by: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
  details: z.unknown(),
});
export type CellAuditRecord = z.infer<typeof CellAuditRecordSchema>;
export const CellAuditSchema = z.object({ records: z.array(CellAuditRecordSchema) });

/** The audit actions of the Network Manager (prefix `commission.`, as the revenue runs'). */
export const CELL_AUDIT_ACTIONS = {
  created: 'commission.cell_created',
  updated: 'commission.cell_updated',
  archived: 'commission.cell_archived',
  locked: 'commission.cell_locked',
  unlocked: 'commission.cell_unlocked',
  assigned: 'commission.member_assigned',
  removed: 'commission.member_removed',
  moved: 'commission.member_moved',
} as const;

/** Spec 3 section 8 ("Cell created") and the server's answers to the editor. */
export const CELL_MESSAGES = {
  created: 'Commission cell created successfully!',
  stale: 'This cell was changed by another admin. The editor has reloaded it; please check and try again.',
  locked: 'This cell is locked. Unlock it before changing its seats.',
  notFound: 'Commission cell not found.',
  parentNotFound: 'The parent cell was not found. Choose another parent cell.',
  userNotFound: 'User not found.',
  userSuspended: 'This account is suspended; a suspended user cannot take a seat.',
  seatTaken: 'That seat is taken. Choose an empty seat, or remove its member first.',
  notAMember: 'This user does not sit in this cell.',
  archiveNotEmpty: 'Only an empty cell can be archived. Remove its members first.',
  archiveHasChildren: 'This cell is the parent of other cells. Give them another parent first.',
  alreadyLocked: 'This cell is already locked.',
  notLocked: 'This cell is not locked.',
  lockedParentChange: 'This cell is locked. Unlock it before changing its parent cell.',
  eliteMirror: 'This cell mirrors the Elite Pool: its seats change only through the Elite Pool dialog.',
} as const;

/** A user already seated elsewhere (a user holds at most one seat, decision 32). */
export function userAlreadySeatedMessage(cellName: string, position: number): string {
  return `This user already holds seat ${position} in ${cellName}. Remove them there first; a user sits in at most one cell.`;
}

/**
 * GET /api/admin/commission/cells/:id/advancement (issue 19 item 7): per seated member the same check
 * as My Earnings Potential (spec 2 section 6, inputs of DESIGN.md decision 40). A suggestion only:
 * promotion stays the admin's seat move. `current` is null for a Lead (no further step).
 */
export const CellAdvancementSchema = z.object({
  cell_id: z.string(),
  window_days: z.number().int(),
  members: z.array(
    z.object({
      user_id: z.string(),
      position: z.number().int(),
      role: z.enum(CELL_SEAT_ROLES),
      inputs: z.object({
        personal_revenue_cents: CentsSchema,
        team_volume_cents: CentsSchema,
        active_recruits: z.number().int(),
        achievement_score: z.number().nullable(),
      }),
      current: AdvancementProgressSchema.nullable(),
    }),
  ),
});
export type CellAdvancement = z.infer<typeof CellAdvancementSchema>;
