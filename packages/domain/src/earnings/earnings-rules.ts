import type { Cents } from '../money.ts';
import { CELL_SIZE, type CellPayoutConfig, type CellSeatRole } from '../commissions/cell-payout.ts';

/**
 * My Earnings Potential (spec 2 "My Earnings Potential", sections 6 and 9; decision record 042).
 * Pure rules: the period, the advancement criteria and the team-building calculator.
 */

/** Spec 2 section 9: the earnings period is a week (7 days) or a month (30 days). */
export const EARNINGS_PERIODS_DAYS = [7, 30] as const;
export type EarningsPeriodDays = (typeof EARNINGS_PERIODS_DAYS)[number];
export const EARNINGS_PERIOD_LABELS: Record<EarningsPeriodDays, string> = { 7: 'Week', 30: 'Month' };

const DAY_MS = 86_400_000;

/** The start of the period ending at `now` (the ledger lines earned at or after it count). */
export function earningsPeriodStart(now: Date, days: EarningsPeriodDays): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** Spec 2 section 9: rolling metrics use 13 weeks. DESIGN.md decision 40: personal revenue and team volume over it. */
export const ADVANCEMENT_WINDOW_DAYS = 91;
/** DESIGN.md decision 40: an active recruit signed in within the last 30 days. */
export const ACTIVE_RECRUIT_DAYS = 30;

export function advancementWindowStart(now: Date): Date {
  return new Date(now.getTime() - ADVANCEMENT_WINDOW_DAYS * DAY_MS);
}

export function activeRecruitSince(now: Date): Date {
  return new Date(now.getTime() - ACTIVE_RECRUIT_DAYS * DAY_MS);
}

/** The inputs of DESIGN.md decision 40, all computed from stored data. */
export type AdvancementInputs = {
  /** Order amounts of conversions credited to the user in the last 13 weeks. */
  personal_revenue_cents: Cents;
  /** The personal revenue (same window) of the users the user referred. */
  team_volume_cents: Cents;
  /** Referred users who signed in within 30 days. */
  active_recruits: number;
  /** The Goal Achievement Score (0-100), or null while the user has no approved goal to score. */
  achievement_score: number | null;
};

export const ADVANCEMENT_TRACKS = ['regular_to_senior', 'senior_to_lead'] as const;
export type AdvancementTrack = (typeof ADVANCEMENT_TRACKS)[number];

export const ADVANCEMENT_CRITERIA = ['personal_revenue', 'team_volume', 'active_recruits', 'achievement_score'] as const;
export type AdvancementCriterionKey = (typeof ADVANCEMENT_CRITERIA)[number];

type CriterionRule = { key: AdvancementCriterionKey; threshold: number };

/**
 * Spec 2 section 6. Regular to Senior: any 2 of $1,000 personal revenue over 13 weeks, 2 or more
 * active recruits, a score of 60% or more. Senior to Lead: all of $5,000 personal revenue, $10,000
 * team volume, a score of 70% or more. Money thresholds in cents.
 */
export const ADVANCEMENT_RULES: Record<AdvancementTrack, { from: CellSeatRole; to: CellSeatRole; required: number; criteria: readonly CriterionRule[] }> = {
  regular_to_senior: {
    from: 'REGULAR',
    to: 'SENIOR',
    required: 2,
    criteria: [
      { key: 'personal_revenue', threshold: 100_000 },
      { key: 'active_recruits', threshold: 2 },
      { key: 'achievement_score', threshold: 60 },
    ],
  },
  senior_to_lead: {
    from: 'SENIOR',
    to: 'LEAD',
    required: 3,
    criteria: [
      { key: 'personal_revenue', threshold: 500_000 },
      { key: 'team_volume', threshold: 1_000_000 },
      { key: 'achievement_score', threshold: 70 },
    ],
  },
};

export type AdvancementCriterion = {
  key: AdvancementCriterionKey;
  /** Cents for money criteria, a count for recruits, a percent for the score. */
  threshold: number;
  /** The current value; null when there is nothing to measure (no scored goal). */
  current: number | null;
  met: boolean;
  /** 0-100, how far the current value is towards the threshold. */
  progress_percent: number;
};

export type AdvancementProgress = {
  track: AdvancementTrack;
  from: CellSeatRole;
  to: CellSeatRole;
  /** How many criteria must be met: 2 of 3, or all 3. */
  required: number;
  met_count: number;
  eligible: boolean;
  criteria: AdvancementCriterion[];
};

function currentValue(key: AdvancementCriterionKey, inputs: AdvancementInputs): number | null {
  switch (key) {
    case 'personal_revenue':
      return inputs.personal_revenue_cents;
    case 'team_volume':
      return inputs.team_volume_cents;
    case 'active_recruits':
      return inputs.active_recruits;
    case 'achievement_score':
      return inputs.achievement_score;
  }
}

/** One track evaluated against the inputs: each criterion met when its value is at least the threshold. */
export function evaluateAdvancement(track: AdvancementTrack, inputs: AdvancementInputs): AdvancementProgress {
  const rule = ADVANCEMENT_RULES[track];
  const criteria = rule.criteria.map(({ key, threshold }) => {
    const current = currentValue(key, inputs);
    const met = current !== null && current >= threshold;
    const progress = current === null || threshold === 0 ? (met ? 100 : 0) : Math.min(100, Math.max(0, Math.floor((current / threshold) * 1000) / 10));
    return { key, threshold, current, met, progress_percent: progress };
  });
  const metCount = criteria.filter((c) => c.met).length;
  return { track, from: rule.from, to: rule.to, required: rule.required, met_count: metCount, eligible: metCount >= rule.required, criteria };
}

/**
 * The track that applies to a seat: a Regular (or a user without a seat, whose first seat is a
 * Regular one) works towards Senior, a Senior towards Lead; a Lead has no further step.
 */
export function advancementTrackFor(role: CellSeatRole | null): AdvancementTrack | null {
  if (role === 'LEAD') return null;
  return role === 'SENIOR' ? 'senior_to_lead' : 'regular_to_senior';
}

/** A seat's rate as a share of the cell's revenue, in basis points (may be fractional): the share of what the pool leaves. */
export function seatRateOfRevenueBp(config: CellPayoutConfig, role: CellSeatRole): number {
  const share = role === 'LEAD' ? config.lead_share_bp : role === 'SENIOR' ? config.senior_share_bp : config.regular_share_bp;
  return ((10_000 - config.override_pool_bp) * share) / 10_000;
}

export function seatShareBp(config: CellPayoutConfig, role: CellSeatRole): number {
  return role === 'LEAD' ? config.lead_share_bp : role === 'SENIOR' ? config.senior_share_bp : config.regular_share_bp;
}

// ---------------------------------------------------------------------------------------------
// The team-building calculator (spec 2 section 9, spec 3 section 9): an illustration of the formula
// from the cell Lead's point of view, never a figure from the ledger.

export type SliderSpec = { min: number; max: number; step: number; default: number };

/** Spec 2 section 5 and spec 3 section 9: team 0-13, revenue 500-5000 step 100, activity 10-100 step 10; defaults 0, 1000, 50. */
export const CALCULATOR_SLIDERS = {
  team_size: { min: 0, max: CELL_SIZE, step: 1, default: 0 },
  average_revenue_dollars: { min: 500, max: 5_000, step: 100, default: 1_000 },
  activity_percent: { min: 10, max: 100, step: 10, default: 50 },
} as const satisfies Record<string, SliderSpec>;

export type CalculatorInputs = { team_size: number; average_revenue_dollars: number; activity_percent: number };

export const CALCULATOR_DEFAULTS: CalculatorInputs = {
  team_size: CALCULATOR_SLIDERS.team_size.default,
  average_revenue_dollars: CALCULATOR_SLIDERS.average_revenue_dollars.default,
  activity_percent: CALCULATOR_SLIDERS.activity_percent.default,
};

/**
 * The spec's override share: the calculator counts 60 % of the cell's pool as the Lead's override.
 * It is the spec's illustrative assumption, not a payout rule: the engine pays a Lead overrides from
 * the revenue of the cells below theirs, at the configured levels.
 */
export const CALCULATOR_OVERRIDE_SHARE_PERCENT = 60;

export type CalculatorResult = {
  inputs: CalculatorInputs;
  cell_revenue_cents: Cents;
  pool_cents: Cents;
  direct_cents: Cents;
  override_cents: Cents;
  total_cents: Cents;
};

function clampToSlider(value: number, spec: SliderSpec): number {
  if (!Number.isFinite(value)) return spec.default;
  const stepped = spec.min + Math.round((value - spec.min) / spec.step) * spec.step;
  return Math.min(spec.max, Math.max(spec.min, stepped));
}

/**
 * Spec 2 section 9: cell revenue = team size x average revenue x activity %; the pool is the
 * configured override pool (2 %) of it; direct earnings are the Lead's share (46 %) of the rest;
 * the override is 60 % of the pool. Inputs are snapped to the sliders; money in whole cents
 * (each figure rounded half up once, from exact integer arithmetic).
 */
export function calculateTeamEarnings(raw: CalculatorInputs, config: Pick<CellPayoutConfig, 'override_pool_bp' | 'lead_share_bp'>): CalculatorResult {
  const inputs: CalculatorInputs = {
    team_size: clampToSlider(raw.team_size, CALCULATOR_SLIDERS.team_size),
    average_revenue_dollars: clampToSlider(raw.average_revenue_dollars, CALCULATOR_SLIDERS.average_revenue_dollars),
    activity_percent: clampToSlider(raw.activity_percent, CALCULATOR_SLIDERS.activity_percent),
  };
  // dollars x 100 cents x activity / 100 = dollars x activity cents: exact.
  const cellRevenue = inputs.team_size * inputs.average_revenue_dollars * inputs.activity_percent;
  const pool = divideRoundHalfUp(cellRevenue * config.override_pool_bp, 10_000);
  const direct = divideRoundHalfUp((cellRevenue * 10_000 - cellRevenue * config.override_pool_bp) * config.lead_share_bp, 100_000_000);
  const override = divideRoundHalfUp(cellRevenue * config.override_pool_bp * CALCULATOR_OVERRIDE_SHARE_PERCENT, 1_000_000);
  return { inputs, cell_revenue_cents: cellRevenue, pool_cents: pool, direct_cents: direct, override_cents: override, total_cents: direct + override };
}

function divideRoundHalfUp(numerator: number, denominator: number): number {
  // Non-negative integers well below 2^53 here (13 x 5,000 x 100 x 10^4 x 10^4 < 2^53).
  return Math.floor((numerator * 2 + denominator) / (denominator * 2));
}

/** The growth scenarios: the same formula at a quarter, half, three quarters and a full cell. */
export const GROWTH_SCENARIO_FILL_PERCENTS = [25, 50, 75, 100] as const;

export type GrowthScenario = { fill_percent: number; team_size: number; result: CalculatorResult };

export function growthScenarios(inputs: Omit<CalculatorInputs, 'team_size'>, config: Pick<CellPayoutConfig, 'override_pool_bp' | 'lead_share_bp'>): GrowthScenario[] {
  return GROWTH_SCENARIO_FILL_PERCENTS.map((fill) => {
    const teamSize = Math.round((CELL_SIZE * fill) / 100);
    return { fill_percent: fill, team_size: teamSize, result: calculateTeamEarnings({ ...inputs, team_size: teamSize }, config) };
  });
}
