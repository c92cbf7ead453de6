import { describe, expect, it } from 'vitest';
import { DEFAULT_CELL_PAYOUT_CONFIG } from '../commissions/cell-payout.ts';
import { EarningsQuerySchema } from '../schemas/earnings.ts';
import {
  advancementTrackFor,
  CALCULATOR_DEFAULTS,
  CALCULATOR_SLIDERS,
  calculateTeamEarnings,
  earningsPeriodStart,
  evaluateAdvancement,
  growthScenarios,
  seatRateOfRevenueBp,
  type AdvancementInputs,
} from './earnings-rules.ts';

const none: AdvancementInputs = { personal_revenue_cents: 0, team_volume_cents: 0, active_recruits: 0, achievement_score: null };

describe('advancement, Regular to Senior (any 2 of 3)', () => {
  it.each([
    ['nothing', none, 0, false],
    ['revenue one cent short and 1 recruit', { ...none, personal_revenue_cents: 99_999, active_recruits: 1, achievement_score: 59.9 }, 0, false],
    ['revenue exactly $1,000 only', { ...none, personal_revenue_cents: 100_000 }, 1, false],
    ['revenue and 2 recruits', { ...none, personal_revenue_cents: 100_000, active_recruits: 2 }, 2, true],
    ['2 recruits and a score of exactly 60', { ...none, active_recruits: 2, achievement_score: 60 }, 2, true],
    ['revenue and a score of 60', { ...none, personal_revenue_cents: 100_000, achievement_score: 60 }, 2, true],
    ['all three', { personal_revenue_cents: 500_000, team_volume_cents: 0, active_recruits: 5, achievement_score: 100 }, 3, true],
  ] as const)('%s', (_label, inputs, metCount, eligible) => {
    const progress = evaluateAdvancement('regular_to_senior', inputs);
    expect(progress.required).toBe(2);
    expect(progress.met_count).toBe(metCount);
    expect(progress.eligible).toBe(eligible);
  });

  it('a score of null (no scored goal) is not met and shows no value', () => {
    const score = evaluateAdvancement('regular_to_senior', none).criteria.find((c) => c.key === 'achievement_score')!;
    expect(score).toMatchObject({ current: null, met: false, progress_percent: 0, threshold: 60 });
  });

  it('progress is the share of the threshold, capped at 100', () => {
    const criteria = evaluateAdvancement('regular_to_senior', { ...none, personal_revenue_cents: 25_000, active_recruits: 7 }).criteria;
    expect(criteria.map((c) => [c.key, c.progress_percent])).toEqual([
      ['personal_revenue', 25],
      ['active_recruits', 100],
      ['achievement_score', 0],
    ]);
  });
});

describe('advancement, Senior to Lead (all 3)', () => {
  const allMet: AdvancementInputs = { personal_revenue_cents: 500_000, team_volume_cents: 1_000_000, active_recruits: 0, achievement_score: 70 };
  it('all three at their thresholds qualify', () => {
    expect(evaluateAdvancement('senior_to_lead', allMet)).toMatchObject({ required: 3, met_count: 3, eligible: true, from: 'SENIOR', to: 'LEAD' });
  });
  it.each([
    ['personal revenue one cent short', { ...allMet, personal_revenue_cents: 499_999 }],
    ['team volume one cent short', { ...allMet, team_volume_cents: 999_999 }],
    ['score 69.9', { ...allMet, achievement_score: 69.9 }],
    ['no score', { ...allMet, achievement_score: null }],
  ] as const)('%s does not', (_label, inputs) => {
    const progress = evaluateAdvancement('senior_to_lead', inputs);
    expect(progress.met_count).toBe(2);
    expect(progress.eligible).toBe(false);
  });
  it('recruits do not count towards Lead', () => {
    expect(evaluateAdvancement('senior_to_lead', allMet).criteria.map((c) => c.key)).toEqual(['personal_revenue', 'team_volume', 'achievement_score']);
  });
});

describe('the track of a seat', () => {
  it('no seat and Regular work towards Senior, Senior towards Lead, a Lead has no step', () => {
    expect(advancementTrackFor(null)).toBe('regular_to_senior');
    expect(advancementTrackFor('REGULAR')).toBe('regular_to_senior');
    expect(advancementTrackFor('SENIOR')).toBe('senior_to_lead');
    expect(advancementTrackFor('LEAD')).toBeNull();
  });
  it('seat rates of the cell revenue from the configuration', () => {
    expect(seatRateOfRevenueBp(DEFAULT_CELL_PAYOUT_CONFIG, 'LEAD')).toBe(4508);
    expect(seatRateOfRevenueBp(DEFAULT_CELL_PAYOUT_CONFIG, 'SENIOR')).toBe(882);
    expect(seatRateOfRevenueBp(DEFAULT_CELL_PAYOUT_CONFIG, 'REGULAR')).toBe(294);
  });
});

describe('the team-building calculator (spec 2 section 9)', () => {
  it('defaults are team 0, revenue $1,000, activity 50%: nothing earned', () => {
    expect(CALCULATOR_DEFAULTS).toEqual({ team_size: 0, average_revenue_dollars: 1000, activity_percent: 50 });
    expect(calculateTeamEarnings(CALCULATOR_DEFAULTS, DEFAULT_CELL_PAYOUT_CONFIG)).toMatchObject({ cell_revenue_cents: 0, total_cents: 0 });
  });

  it('a full cell at the defaults: revenue 13 x $1,000 x 50% = $6,500; pool $130; direct 46% of $6,370; override 60% of the pool', () => {
    const result = calculateTeamEarnings({ team_size: 13, average_revenue_dollars: 1000, activity_percent: 50 }, DEFAULT_CELL_PAYOUT_CONFIG);
    expect(result).toMatchObject({ cell_revenue_cents: 650_000, pool_cents: 13_000, direct_cents: 293_020, override_cents: 7_800, total_cents: 300_820 });
  });

  it('the highest slider values: 13 x $5,000 x 100%', () => {
    const result = calculateTeamEarnings({ team_size: 13, average_revenue_dollars: 5000, activity_percent: 100 }, DEFAULT_CELL_PAYOUT_CONFIG);
    expect(result).toMatchObject({ cell_revenue_cents: 6_500_000, pool_cents: 130_000, direct_cents: 2_930_200, override_cents: 78_000 });
  });

  it('the lowest non-zero values round half up once per figure: 1 x $500 x 10% = $50', () => {
    const result = calculateTeamEarnings({ team_size: 1, average_revenue_dollars: 500, activity_percent: 10 }, DEFAULT_CELL_PAYOUT_CONFIG);
    // pool 100 cents; direct 5000 x 0.98 x 0.46 = 2254 cents; override 60 cents
    expect(result).toMatchObject({ cell_revenue_cents: 5_000, pool_cents: 100, direct_cents: 2_254, override_cents: 60, total_cents: 2_314 });
  });

  it('values outside the sliders are snapped to them', () => {
    const result = calculateTeamEarnings({ team_size: 20, average_revenue_dollars: 120, activity_percent: 55 }, DEFAULT_CELL_PAYOUT_CONFIG);
    expect(result.inputs).toEqual({ team_size: CALCULATOR_SLIDERS.team_size.max, average_revenue_dollars: 500, activity_percent: 60 });
    expect(calculateTeamEarnings({ team_size: -3, average_revenue_dollars: 99_999, activity_percent: Number.NaN }, DEFAULT_CELL_PAYOUT_CONFIG).inputs).toEqual({
      team_size: 0,
      average_revenue_dollars: 5000,
      activity_percent: 50,
    });
  });

  it('growth scenarios are the same formula at 25, 50, 75 and 100% filled', () => {
    const scenarios = growthScenarios({ average_revenue_dollars: 1000, activity_percent: 50 }, DEFAULT_CELL_PAYOUT_CONFIG);
    expect(scenarios.map((s) => [s.fill_percent, s.team_size])).toEqual([
      [25, 3],
      [50, 7],
      [75, 10],
      [100, 13],
    ]);
    for (const s of scenarios) {
      expect(s.result).toEqual(calculateTeamEarnings({ team_size: s.team_size, average_revenue_dollars: 1000, activity_percent: 50 }, DEFAULT_CELL_PAYOUT_CONFIG));
    }
  });
});

describe('the period', () => {
  it('is 7 or 30 days back from now', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(earningsPeriodStart(now, 7).toISOString()).toBe('2026-11-19T12:00:00.000Z');
    expect(earningsPeriodStart(now, 30).toISOString()).toBe('2026-10-27T12:00:00.000Z');
  });
  it('the query takes 7 or 30, defaults to 30, and refuses anything else', () => {
    expect(EarningsQuerySchema.parse({})).toEqual({ period_days: 30 });
    expect(EarningsQuerySchema.parse({ period_days: '7' })).toEqual({ period_days: 7 });
    expect(EarningsQuerySchema.safeParse({ period_days: '90' }).success).toBe(false);
    expect(EarningsQuerySchema.safeParse({ period_days: 'x' }).success).toBe(false);
  });
});
