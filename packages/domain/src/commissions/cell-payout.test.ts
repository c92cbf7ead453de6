import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CELL_POSITIONS,
  CellPayoutConfigSchema,
  DEFAULT_CELL_PAYOUT_CONFIG,
  computeCellPayout,
  exactShareCents,
  seatRole,
  type CellPayoutConfig,
  type CellPayoutResult,
  type CellSeatHolder,
  type UplineCell,
} from './cell-payout.ts';

const config = DEFAULT_CELL_PAYOUT_CONFIG;
const fullCell: CellSeatHolder[] = CELL_POSITIONS.map((position) => ({ position, user_id: `u${position}` }));
const upline = (depth: number): UplineCell[] => Array.from({ length: depth }, (_, i) => ({ cell_id: `c${i + 1}`, lead_user_id: `lead${i + 1}` }));
const total = (result: CellPayoutResult) => result.payouts.reduce((sum, p) => sum + p.amount_cents, 0) + result.unallocated_cents;
const amountOf = (result: CellPayoutResult, userId: string) => result.payouts.find((p) => p.user_id === userId)?.amount_cents ?? 0;

describe('seatRole', () => {
  it('gives LEAD to seat 0, SENIOR to 1-3 and REGULAR to 4-12', () => {
    expect(CELL_POSITIONS.map(seatRole)).toEqual(['LEAD', 'SENIOR', 'SENIOR', 'SENIOR', ...Array(9).fill('REGULAR')]);
  });
  it.each([-1, 13, 1.5])('refuses position %s', (position) => {
    expect(() => seatRole(position)).toThrow(RangeError);
  });
});

describe('CellPayoutConfigSchema', () => {
  it('accepts the defaults (46/9/3 and 1.0/0.5/0.3/0.2/0.0 of a 2% pool)', () => {
    expect(CellPayoutConfigSchema.safeParse(config).success).toBe(true);
  });
  it('refuses seat shares that do not add up to 100%', () => {
    const result = CellPayoutConfigSchema.safeParse({ ...config, senior_share_bp: 1_000 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['The seat shares must add up to 100% (1 Lead + 3 Senior + 9 Regular now make 103%).']);
  });
  it('refuses override levels that do not add up to the pool', () => {
    const result = CellPayoutConfigSchema.safeParse({ ...config, override_levels_bp: [100, 50, 30, 20, 10] });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['The override levels must add up to the override pool (2%; they now make 2.1%).']);
  });
  it('refuses a fractional or negative basis point', () => {
    expect(CellPayoutConfigSchema.safeParse({ ...config, override_levels_bp: [100.5, 50, 30, 19.5, 0] }).success).toBe(false);
    expect(CellPayoutConfigSchema.safeParse({ ...config, lead_share_bp: -100 }).success).toBe(false);
  });
});

describe('computeCellPayout: table', () => {
  it('$1,000 on a full cell with five ancestors pays 46/9/3 of $980 and 1.0/0.5/0.3/0.2% up the chain', () => {
    const result = computeCellPayout({ revenue_cents: 100_000, seats: fullCell, upline: upline(5), config });
    expect(amountOf(result, 'u0')).toBe(45_080);
    for (const p of [1, 2, 3]) expect(amountOf(result, `u${p}`)).toBe(8_820);
    for (let p = 4; p < 13; p++) expect(amountOf(result, `u${p}`)).toBe(2_940);
    expect(result.payouts.filter((p) => p.kind === 'override').map((p) => [p.user_id, p.amount_cents, p.override_level])).toEqual([
      ['lead1', 1_000, 1],
      ['lead2', 500, 2],
      ['lead3', 300, 3],
      ['lead4', 200, 4],
    ]);
    expect(result.unallocated_cents).toBe(0);
    expect(total(result)).toBe(100_000);
  });

  it('an empty cell with no parent leaves everything unallocated, seat by seat and level by level', () => {
    const result = computeCellPayout({ revenue_cents: 100_000, seats: [], upline: [], config });
    expect(result.payouts).toEqual([]);
    expect(result.unallocated_cents).toBe(100_000);
    expect(result.unallocated_parts[0]).toEqual({ kind: 'seat', amount_cents: 45_080, seat_position: 0, seat_role: 'LEAD' });
    expect(result.unallocated_parts.filter((p) => p.kind === 'override').map((p) => [p.override_level, p.amount_cents, p.from_cell_id])).toEqual([
      [1, 1_000, null],
      [2, 500, null],
      [3, 300, null],
      [4, 200, null],
    ]);
  });

  it('an ancestor whose LEAD seat is empty leaves its level unallocated, and the chain goes on above it', () => {
    const chain: UplineCell[] = [{ cell_id: 'c1', lead_user_id: null }, { cell_id: 'c2', lead_user_id: 'lead2' }];
    const result = computeCellPayout({ revenue_cents: 100_000, seats: fullCell, upline: chain, config });
    expect(result.unallocated_parts).toEqual([
      { kind: 'override', amount_cents: 1_000, override_level: 1, from_cell_id: 'c1' },
      { kind: 'override', amount_cents: 300, override_level: 3, from_cell_id: null },
      { kind: 'override', amount_cents: 200, override_level: 4, from_cell_id: null },
    ]);
    expect(amountOf(result, 'lead2')).toBe(500);
    expect(result.unallocated_cents).toBe(1_500);
  });

  it.each([0, 1, 2, 3, 4, 5, 6])('depth %i: the overrides paid and unallocated make 2%% of R', (depth) => {
    const result = computeCellPayout({ revenue_cents: 100_000, seats: fullCell, upline: upline(depth), config });
    const paid = [1_000, 500, 300, 200].slice(0, depth).reduce((a, b) => a + b, 0);
    const overrides = result.payouts.filter((p) => p.kind === 'override');
    expect(overrides.reduce((sum, p) => sum + p.amount_cents, 0)).toBe(paid);
    expect(result.unallocated_cents).toBe(2_000 - paid);
    // The fifth level is 0.0%: a fifth and a sixth ancestor receive nothing, and no zero line is written.
    expect(overrides.every((p) => p.override_level <= 4)).toBe(true);
    expect(total(result)).toBe(100_000);
  });

  it('R = 1 cent goes to the largest exact share (the LEAD seat), or is unallocated when that seat is empty', () => {
    expect(computeCellPayout({ revenue_cents: 1, seats: fullCell, upline: upline(5), config }).payouts).toEqual([
      { kind: 'seat', user_id: 'u0', amount_cents: 1, seat_position: 0, seat_role: 'LEAD' },
    ]);
    const noLead = computeCellPayout({ revenue_cents: 1, seats: fullCell.slice(1), upline: upline(5), config });
    expect(noLead.payouts).toEqual([]);
    expect(noLead.unallocated_cents).toBe(1);
  });

  it('R = 1,000,000,000 cents splits exactly (BigInt arithmetic past 2^53)', () => {
    const result = computeCellPayout({ revenue_cents: 1_000_000_000, seats: fullCell, upline: upline(5), config });
    expect(amountOf(result, 'u0')).toBe(450_800_000);
    expect(amountOf(result, 'u1')).toBe(88_200_000);
    expect(amountOf(result, 'u12')).toBe(29_400_000);
    expect(amountOf(result, 'lead1')).toBe(10_000_000);
    expect(total(result)).toBe(1_000_000_000);
  });

  it.each([6_900, 17_900, 59_900, 100_007])('R = %i cents: payouts + unallocated = R where per-seat rounding would not', (revenue) => {
    expect(total(computeCellPayout({ revenue_cents: revenue, seats: fullCell, upline: upline(2), config }))).toBe(revenue);
  });

  it('refuses negative or fractional revenue, a seat listed twice and an invalid configuration', () => {
    expect(() => computeCellPayout({ revenue_cents: -1, seats: [], upline: [], config })).toThrow(RangeError);
    expect(() => computeCellPayout({ revenue_cents: 1.5, seats: [], upline: [], config })).toThrow(RangeError);
    expect(() => computeCellPayout({ revenue_cents: 100, seats: [fullCell[0]!, { position: 0, user_id: 'x' }], upline: [], config })).toThrow(RangeError);
    expect(() => computeCellPayout({ revenue_cents: 100, seats: [], upline: [], config: { ...config, lead_share_bp: 4_700 } })).toThrow();
  });
});

/** A random valid configuration: 1 x lead + 3 x senior + 9 x regular = 10,000 bp; levels sum to the pool. */
const configArb: fc.Arbitrary<CellPayoutConfig> = fc
  .record({
    regular: fc.integer({ min: 0, max: 1_111 }),
    seniorFraction: fc.double({ min: 0, max: 1, noNaN: true }),
    pool: fc.integer({ min: 0, max: 5_000 }),
    cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 0, maxLength: 9 }),
  })
  .map(({ regular, seniorFraction, pool, cuts }) => {
    const senior = Math.floor(((10_000 - 9 * regular) / 3) * seniorFraction);
    const points = [0, ...cuts.map((c) => Math.floor(c * pool)).sort((a, b) => a - b), pool];
    const levels = points.slice(1).map((point, i) => point - points[i]!);
    return { lead_share_bp: 10_000 - 9 * regular - 3 * senior, senior_share_bp: senior, regular_share_bp: regular, override_pool_bp: pool, override_levels_bp: levels };
  });

const scenarioArb = fc.record({
  revenue: fc.oneof(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 0, max: 100_000_000_000 })),
  filled: fc.subarray([...CELL_POSITIONS]),
  depth: fc.integer({ min: 0, max: 12 }),
  emptyLeads: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
  config: fc.oneof(fc.constant(DEFAULT_CELL_PAYOUT_CONFIG), configArb),
});

type Scenario = { revenue: number; filled: number[]; depth: number; emptyLeads: boolean[]; config: CellPayoutConfig };

function run({ revenue, filled, depth, emptyLeads, config: cfg }: Scenario) {
  const seats = filled.map((position) => ({ position, user_id: `u${position}` }));
  const chain = upline(depth).map((cell, i) => (emptyLeads[i] ? { ...cell, lead_user_id: null } : cell));
  return computeCellPayout({ revenue_cents: revenue, seats, upline: chain, config: cfg });
}

describe('computeCellPayout: properties', () => {
  it('the generated configurations are valid', () => {
    fc.assert(fc.property(configArb, (cfg) => CellPayoutConfigSchema.safeParse(cfg).success));
  });

  it('payouts + unallocated = R to the cent, and nobody gets a negative or zero line', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const result = run(scenario);
        expect(total(result)).toBe(scenario.revenue);
        expect(result.unallocated_parts.reduce((sum, p) => sum + p.amount_cents, 0)).toBe(result.unallocated_cents);
        for (const line of [...result.payouts, ...result.unallocated_parts]) {
          expect(Number.isInteger(line.amount_cents)).toBe(true);
          expect(line.amount_cents).toBeGreaterThan(0);
        }
      }),
      { numRuns: 5_000 },
    );
  });

  it('every payout and unallocated part is within one cent of its exact share', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const result = run(scenario);
        for (const line of [...result.payouts, ...result.unallocated_parts]) {
          const exact = exactShareCents(scenario.revenue, scenario.config, line.kind === 'seat' ? { seat_position: line.seat_position } : { override_level: line.override_level });
          expect(Math.abs(line.amount_cents - exact)).toBeLessThan(1);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('is deterministic: the same input, in any seat order, gives the same split', () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer(), (scenario, seed) => {
        const first = run(scenario);
        const shuffled = [...scenario.filled].sort((a, b) => ((a * 7919 + seed) % 13) - ((b * 7919 + seed) % 13));
        expect(run({ ...scenario, filled: shuffled })).toEqual(first);
        expect(run(scenario)).toEqual(first);
      }),
      { numRuns: 1_000 },
    );
  });

  it("a seat's amount depends only on R and the configuration, not on who else sits", () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const full = run({ ...scenario, filled: [...CELL_POSITIONS], depth: 12, emptyLeads: Array(12).fill(false) });
        const partial = run(scenario);
        for (const payout of partial.payouts) expect(payout.amount_cents).toBe(amountOf(full, payout.user_id));
      }),
      { numRuns: 1_000 },
    );
  });
});
