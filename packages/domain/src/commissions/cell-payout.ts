import { z } from 'zod';
import type { Cents } from '../money.ts';

/**
 * The commission-cell payout engine (DESIGN.md section 4, decision 32; decision record 039).
 *
 * A cell has 13 seats; the position gives the role: 0 LEAD, 1-3 SENIOR, 4-12 REGULAR. For revenue R
 * on a cell the override pool (2 % of R) goes up the `parent_cell_id` chain to each ancestor cell's
 * LEAD at the configured levels (1.0, 0.5, 0.3, 0.2, 0.0 % of R); the rest of R goes to the seats
 * (LEAD 46 %, each SENIOR 9 %, each REGULAR 3 % of it). An empty seat's or a missing upline's share
 * is unallocated. Every rate is an integer number of basis points, so each exact share is a
 * fraction R x n / 10^8 and the arithmetic is exact (BigInt: R x 10^8 passes 2^53 above $900,000).
 */

export const CELL_SEAT_ROLES = ['LEAD', 'SENIOR', 'REGULAR'] as const;
export type CellSeatRole = (typeof CELL_SEAT_ROLES)[number];

export const CELL_SIZE = 13;
/** How many seats of each role a cell has (spec 3 section 9: 1 lead, 3 senior, 9 regular). */
export const CELL_SEAT_COUNTS: Record<CellSeatRole, number> = { LEAD: 1, SENIOR: 3, REGULAR: 9 };
export const CELL_POSITIONS: readonly number[] = Array.from({ length: CELL_SIZE }, (_, position) => position);

/** The role a seat position carries (DESIGN.md decision 32). */
export function seatRole(position: number): CellSeatRole {
  if (!Number.isInteger(position) || position < 0 || position >= CELL_SIZE) {
    throw new RangeError(`A seat position is a whole number from 0 to ${CELL_SIZE - 1} (got ${position}).`);
  }
  if (position === 0) return 'LEAD';
  return position <= CELL_SEAT_COUNTS.SENIOR ? 'SENIOR' : 'REGULAR';
}

const BP_WHOLE = 10_000;
/** The deepest override chain a configuration may describe. */
export const OVERRIDE_LEVELS_MAX = 10;

const bp = z.number().int().min(0).max(BP_WHOLE);

/**
 * The stored payout configuration, in basis points (1 bp = 0.01 %): the seat shares are shares of
 * what is left after the override pool; the pool and each override level are shares of R.
 */
export const CellPayoutConfigSchema = z
  .object({
    lead_share_bp: bp,
    senior_share_bp: bp,
    regular_share_bp: bp,
    override_pool_bp: bp,
    /** Level 1 is the parent cell's LEAD, level 2 the grandparent's, and so on. */
    override_levels_bp: z.array(bp).min(1).max(OVERRIDE_LEVELS_MAX),
  })
  .superRefine((config, ctx) => {
    const seats =
      config.lead_share_bp * CELL_SEAT_COUNTS.LEAD +
      config.senior_share_bp * CELL_SEAT_COUNTS.SENIOR +
      config.regular_share_bp * CELL_SEAT_COUNTS.REGULAR;
    if (seats !== BP_WHOLE) {
      ctx.addIssue({
        code: 'custom',
        path: ['lead_share_bp'],
        message: `The seat shares must add up to 100% (1 Lead + 3 Senior + 9 Regular now make ${formatBpPercent(seats)}).`,
      });
    }
    const levels = config.override_levels_bp.reduce((sum, level) => sum + level, 0);
    if (levels !== config.override_pool_bp) {
      ctx.addIssue({
        code: 'custom',
        path: ['override_levels_bp'],
        message: `The override levels must add up to the override pool (${formatBpPercent(config.override_pool_bp)}; they now make ${formatBpPercent(levels)}).`,
      });
    }
  });
export type CellPayoutConfig = z.infer<typeof CellPayoutConfigSchema>;

/** The defaults of DESIGN.md section 4 and spec 3 section 9. */
export const DEFAULT_CELL_PAYOUT_CONFIG: CellPayoutConfig = {
  lead_share_bp: 4_600,
  senior_share_bp: 900,
  regular_share_bp: 300,
  override_pool_bp: 200,
  override_levels_bp: [100, 50, 30, 20, 0],
};

/** 4600 -> "46%", 30 -> "0.3%", 125 -> "1.25%". */
export function formatBpPercent(basisPoints: number): string {
  return `${Number((basisPoints / 100).toFixed(2))}%`;
}

export type CellSeatHolder = { position: number; user_id: string };
/** One ancestor cell, nearest first; `lead_user_id` is null when that cell's LEAD seat is empty. */
export type UplineCell = { cell_id: string; lead_user_id: string | null };

export type CellPayoutInput = {
  revenue_cents: Cents;
  /** The occupied seats of the cell (empty seats are simply absent). */
  seats: readonly CellSeatHolder[];
  /** The ancestors along `parent_cell_id`, parent first; fewer than the levels when the chain ends. */
  upline: readonly UplineCell[];
  config: CellPayoutConfig;
};

export type CellPayout =
  | { kind: 'seat'; user_id: string; amount_cents: Cents; seat_position: number; seat_role: CellSeatRole }
  | { kind: 'override'; user_id: string; amount_cents: Cents; override_level: number; from_cell_id: string };

/** A share nobody received, with the reason, so a run explains every cent. */
export type UnallocatedPart =
  | { kind: 'seat'; amount_cents: Cents; seat_position: number; seat_role: CellSeatRole }
  | { kind: 'override'; amount_cents: Cents; override_level: number; from_cell_id: string | null };

export type CellPayoutResult = {
  revenue_cents: Cents;
  /** Payouts of at least one cent, seats by position then overrides by level. */
  payouts: CellPayout[];
  unallocated_cents: Cents;
  unallocated_parts: UnallocatedPart[];
};

type Part = { remainder: bigint; cents: bigint; index: number };

/**
 * Largest-remainder split of R over fixed parts whose exact shares are numerator / 10^8 of R and
 * add up to R: each part gets the floor of its share, and the cents left go one each to the
 * largest remainders, ties to the earlier part. The parts are always the 13 seats then the levels,
 * whoever sits, so a seat's amount depends only on R and the configuration.
 */
function splitByLargestRemainder(revenue: bigint, numerators: readonly bigint[]): bigint[] {
  const denominator = BigInt(BP_WHOLE) * BigInt(BP_WHOLE);
  const parts: Part[] = numerators.map((numerator, index) => ({ remainder: (revenue * numerator) % denominator, cents: (revenue * numerator) / denominator, index }));
  let left = revenue - parts.reduce((sum, part) => sum + part.cents, 0n);
  const byRemainder = [...parts].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const part of byRemainder) {
    if (left === 0n) break;
    part.cents += 1n;
    left -= 1n;
  }
  return parts.map((part) => part.cents);
}

/** The split of one revenue amount on one cell. Throws on input the caller must not build. */
export function computeCellPayout(input: CellPayoutInput): CellPayoutResult {
  const { revenue_cents: revenue, seats, upline } = input;
  if (!Number.isSafeInteger(revenue) || revenue < 0) throw new RangeError(`Revenue is a whole, non-negative number of cents (got ${revenue}).`);
  const config = CellPayoutConfigSchema.parse(input.config);

  const holders = new Map<number, string>();
  for (const seat of seats) {
    seatRole(seat.position);
    if (holders.has(seat.position)) throw new RangeError(`Seat ${seat.position} is listed twice.`);
    holders.set(seat.position, seat.user_id);
  }

  const seatBp = BigInt(BP_WHOLE - config.override_pool_bp);
  const shareBp: Record<CellSeatRole, number> = { LEAD: config.lead_share_bp, SENIOR: config.senior_share_bp, REGULAR: config.regular_share_bp };
  const numerators = [
    ...CELL_POSITIONS.map((position) => seatBp * BigInt(shareBp[seatRole(position)])),
    ...config.override_levels_bp.map((level) => BigInt(level) * BigInt(BP_WHOLE)),
  ];
  const cents = splitByLargestRemainder(BigInt(revenue), numerators).map(Number);

  const payouts: CellPayout[] = [];
  const unallocated: UnallocatedPart[] = [];
  for (const position of CELL_POSITIONS) {
    const amount = cents[position]!;
    const role = seatRole(position);
    const userId = holders.get(position);
    if (userId === undefined) {
      if (amount > 0) unallocated.push({ kind: 'seat', amount_cents: amount, seat_position: position, seat_role: role });
    } else if (amount > 0) {
      payouts.push({ kind: 'seat', user_id: userId, amount_cents: amount, seat_position: position, seat_role: role });
    }
  }
  config.override_levels_bp.forEach((_, i) => {
    const amount = cents[CELL_SIZE + i]!;
    const level = i + 1;
    const ancestor = upline[i];
    if (amount === 0) return;
    if (ancestor?.lead_user_id) {
      payouts.push({ kind: 'override', user_id: ancestor.lead_user_id, amount_cents: amount, override_level: level, from_cell_id: ancestor.cell_id });
    } else {
      unallocated.push({ kind: 'override', amount_cents: amount, override_level: level, from_cell_id: ancestor?.cell_id ?? null });
    }
  });

  return {
    revenue_cents: revenue,
    payouts,
    unallocated_cents: unallocated.reduce((sum, part) => sum + part.amount_cents, 0),
    unallocated_parts: unallocated,
  };
}

/** The exact share of one part, as a fraction of a cent (for tests and explanations). */
export function exactShareCents(revenueCents: Cents, config: CellPayoutConfig, part: { seat_position: number } | { override_level: number }): number {
  if ('seat_position' in part) {
    const role = seatRole(part.seat_position);
    const share = role === 'LEAD' ? config.lead_share_bp : role === 'SENIOR' ? config.senior_share_bp : config.regular_share_bp;
    return (revenueCents * (BP_WHOLE - config.override_pool_bp) * share) / (BP_WHOLE * BP_WHOLE);
  }
  return (revenueCents * (config.override_levels_bp[part.override_level - 1] ?? 0)) / BP_WHOLE;
}
