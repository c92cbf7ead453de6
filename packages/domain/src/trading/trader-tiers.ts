import { ELITE_POOL } from './trading-rules.ts';

export const TRADER_TIERS = ['lead', 'senior', 'regular'] as const;
export type TraderTier = (typeof TRADER_TIERS)[number];

/**
 * The one tier function (DESIGN.md section 3 item 21): weight 40 or more is Lead, 8 to under 40
 * Senior, below 8 Regular. Weights are integer tenths (400 = 40.0 %).
 */
export function traderTier(weightTenths: number): TraderTier {
  if (weightTenths >= 400) return 'lead';
  if (weightTenths >= 80) return 'senior';
  return 'regular';
}

export const TIER_LABELS: Record<TraderTier, string> = { lead: 'Lead', senior: 'Senior', regular: 'Regular' };
/** The admin trader table calls the lead tier "Corpus" (spec 3 section 9). */
export const ADMIN_TIER_LABELS: Record<TraderTier, string> = { lead: 'Corpus', senior: 'Senior', regular: 'Regular' };

export type ElitePoolCheck = {
  valid: boolean;
  size: number;
  counts: Record<TraderTier, number>;
  /** Sum of the active traders' weights, in tenths (the demo pool: 1000 = 100 %). */
  totalWeightTenths: number;
  problems: string[];
};

/** The Elite Pool rule: exactly 13 active traders, 1 lead, 3 senior and 9 regular. */
export function checkElitePool(activeWeightsTenths: readonly number[]): ElitePoolCheck {
  const counts: Record<TraderTier, number> = { lead: 0, senior: 0, regular: 0 };
  for (const weight of activeWeightsTenths) counts[traderTier(weight)] += 1;
  const problems: string[] = [];
  if (activeWeightsTenths.length !== ELITE_POOL.size) problems.push(`The Elite Pool needs exactly ${ELITE_POOL.size} active traders (now ${activeWeightsTenths.length}).`);
  for (const tier of ['lead', 'senior', 'regular'] as const) {
    if (counts[tier] !== ELITE_POOL[tier]) problems.push(`It needs ${ELITE_POOL[tier]} ${TIER_LABELS[tier].toLowerCase()} (now ${counts[tier]}).`);
  }
  return {
    valid: problems.length === 0,
    size: activeWeightsTenths.length,
    counts,
    totalWeightTenths: activeWeightsTenths.reduce((sum, weight) => sum + weight, 0),
    problems,
  };
}
