import { z } from 'zod';
import { CELL_SEAT_COUNTS, CELL_SIZE, type CellSeatRole } from '../commissions/cell-payout.ts';
import { ELITE_POOL } from './trading-rules.ts';
import { TIER_LABELS, TRADER_TIERS, traderTier, type TraderTier } from './trader-tiers.ts';

/**
 * The one Elite Pool (DESIGN.md decisions 12, 21 and 38): the active traders, 1 lead + 3 senior +
 * 9 regular. The System Command Center saves one trader at a time and the Network Manager's dialog
 * saves the whole pool; both go through `elitePoolSaveProblems`, so no save can break the mix.
 */

/** The weight a trader gets when the dialog puts them in a tier their weight does not give (spec 3 section 9). */
export const ELITE_TIER_WEIGHT_TENTHS: Record<TraderTier, number> = { lead: 460, senior: 90, regular: 30 };

/** The cell seat role of each pool tier: the elite cell mirrors the pool by tier. */
export const ELITE_TIER_SEAT_ROLE: Record<TraderTier, CellSeatRole> = { lead: 'LEAD', senior: 'SENIOR', regular: 'REGULAR' };

/** The seat positions of a tier in a cell: lead 0, senior 1-3, regular 4-12. */
export function tierSeatPositions(tier: TraderTier): number[] {
  if (tier === 'lead') return [0];
  if (tier === 'senior') return Array.from({ length: CELL_SEAT_COUNTS.SENIOR }, (_, i) => 1 + i);
  return Array.from({ length: CELL_SEAT_COUNTS.REGULAR }, (_, i) => 1 + CELL_SEAT_COUNTS.SENIOR + i);
}

export function countTiers(tiers: readonly TraderTier[]): Record<TraderTier, number> {
  const counts: Record<TraderTier, number> = { lead: 0, senior: 0, regular: 0 };
  for (const tier of tiers) counts[tier] += 1;
  return counts;
}

/**
 * What is wrong with a pool about to be saved. Every save: no tier above its count (so the pool
 * never exceeds 13 and a full pool is always 1 + 3 + 9); with `before` (the pool before a
 * one-trader save), only a tier the save takes above its count, or further above it. A whole-pool
 * save (`complete`) must also be exactly 13 with that mix. An empty list means the save may go ahead.
 */
export function elitePoolSaveProblems(tiers: readonly TraderTier[], options: { complete: boolean; before?: readonly TraderTier[] }): string[] {
  const counts = countTiers(tiers);
  // A one-trader save that does not add to a tier already above its count is let through, so a pool
  // stored before this rule can be brought back to the mix one trader at a time.
  const beforeCounts = options.before ? countTiers(options.before) : null;
  const problems: string[] = [];
  if (options.complete && tiers.length !== ELITE_POOL.size) problems.push(`The Elite Pool needs exactly ${ELITE_POOL.size} members (now ${tiers.length}).`);
  for (const tier of TRADER_TIERS) {
    const wanted = ELITE_POOL[tier];
    const over = counts[tier] > wanted && (beforeCounts === null || counts[tier] > beforeCounts[tier]);
    if (over || (options.complete && counts[tier] !== wanted)) {
      problems.push(`The Elite Pool needs exactly ${wanted} ${TIER_LABELS[tier]} (now ${counts[tier]}): 1 Lead + 3 Senior + 9 Regular.`);
    }
  }
  return problems;
}

/** The weight a pool member keeps: their own when it already gives the tier, else the tier's weight. */
export function eliteMemberWeightTenths(tier: TraderTier, currentWeightTenths: number | null): number {
  return currentWeightTenths !== null && traderTier(currentWeightTenths) === tier ? currentWeightTenths : ELITE_TIER_WEIGHT_TENTHS[tier];
}

/**
 * The elite cell's seats for a pool: each member in a seat of their tier; a member already sitting
 * in a seat of their tier keeps it, the others take the free seats of their tier in order (the
 * input order). Members beyond a tier's seats are left out (the save rule prevents that).
 */
export function eliteCellSeats(
  members: readonly { user_id: string; tier: TraderTier }[],
  current: readonly { user_id: string; position: number }[],
): { user_id: string; position: number }[] {
  const seats: { user_id: string; position: number }[] = [];
  const taken = new Set<number>();
  const placed = new Set<string>();
  const currentByUser = new Map(current.map((seat) => [seat.user_id, seat.position]));
  for (const member of members) {
    const position = currentByUser.get(member.user_id);
    if (position !== undefined && tierSeatPositions(member.tier).includes(position) && !taken.has(position)) {
      seats.push({ user_id: member.user_id, position });
      taken.add(position);
      placed.add(member.user_id);
    }
  }
  for (const member of members) {
    if (placed.has(member.user_id)) continue;
    const free = tierSeatPositions(member.tier).find((position) => !taken.has(position));
    if (free === undefined) continue;
    seats.push({ user_id: member.user_id, position: free });
    taken.add(free);
    placed.add(member.user_id);
  }
  return seats.sort((a, b) => a.position - b.position);
}

// ------------------------------------------------------------------ API

export const elitePoolPaths = {
  elitePool: '/api/admin/commission/elite-pool',
} as const;

export const ElitePoolMemberInputSchema = z.object({
  user_id: z.string().uuid({ message: 'Choose a trader.' }),
  tier: z.enum(TRADER_TIERS),
});

/** The dialog's save: the whole pool, exactly 13 with 1 Lead + 3 Senior + 9 Regular. */
export const SaveElitePoolInputSchema = z
  .object({ members: z.array(ElitePoolMemberInputSchema).max(CELL_SIZE * 2) })
  .superRefine((input, ctx) => {
    if (new Set(input.members.map((member) => member.user_id)).size !== input.members.length) {
      ctx.addIssue({ code: 'custom', path: ['members'], message: 'A trader can be in the Elite Pool only once.' });
    }
    for (const message of elitePoolSaveProblems(input.members.map((member) => member.tier), { complete: true })) {
      ctx.addIssue({ code: 'custom', path: ['members'], message });
    }
  });
export type SaveElitePoolInput = z.infer<typeof SaveElitePoolInputSchema>;

export const ElitePoolCandidateSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  weight: z.number(),
  /** The tier the trader's weight gives. */
  tier: z.enum(TRADER_TIERS),
  in_pool: z.boolean(),
});

export const ElitePoolSchema = z.object({
  elite_pool_enabled: z.boolean(),
  /** The cell that mirrors the pool (null until the flag is first switched on). */
  elite_cell_id: z.string().nullable(),
  elite_cell_name: z.string().nullable(),
  /** Every holder of the trader role; `in_pool` marks the active ones. */
  candidates: z.array(ElitePoolCandidateSchema),
  counts: z.object({ lead: z.number().int(), senior: z.number().int(), regular: z.number().int() }),
  problems: z.array(z.string()),
});
export type ElitePool = z.infer<typeof ElitePoolSchema>;
