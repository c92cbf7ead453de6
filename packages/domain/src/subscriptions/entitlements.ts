import { TRIAL_ASSET_LIMIT, TRIAL_HISTORY_MS } from '../trading/trading-rules.ts';
import { isFeatureUnlockedOnDay } from '../trial/trial-stages.ts';
import { getPlan, type PlanId } from './plans.ts';

const DAY_MS = 86_400_000;

/**
 * What a user is entitled to of the paid features (DESIGN.md decisions 27, 35, 37): the plan
 * card's feature lines are contracts, and this is the one reading of them for the server guards
 * and the screens. A running trial gets the trial's limits and, from the Full Access day, the
 * 4-week plan's alerts and trader breakdown.
 */
export type Entitlements = {
  source: 'plan' | 'admin' | 'trial' | 'none';
  plan_id: PlanId | null;
  /** How many assets the user picks and sees (null: every asset). */
  asset_limit: number | null;
  /** Days of history and events the user sees (null: unlimited). */
  history_depth_days: number | null;
  /** Trading alerts at this frequency, or none. */
  alert_frequency: 'daily' | 'immediate' | null;
  trader_breakdown: boolean;
  priority_support: boolean;
};

export type EntitlementFacts = {
  /** The plan of the user's subscription that gives access now (trialing, active, or cancelled before period end), else null. */
  planId: PlanId | null;
  /** Admins see everything to run the product; they do not get alerts or support priority. */
  isAdmin: boolean;
  /** Day of the user's running platform trial (runningTrialDay), 0 when none runs. */
  trialDay: number;
};

const NOTHING: Entitlements = {
  source: 'none',
  plan_id: null,
  asset_limit: 0,
  history_depth_days: 0,
  alert_frequency: null,
  trader_breakdown: false,
  priority_support: false,
};

export function entitlementsOf(facts: EntitlementFacts): Entitlements {
  if (facts.planId !== null) {
    const f = getPlan(facts.planId).features;
    return {
      source: 'plan',
      plan_id: facts.planId,
      asset_limit: f.assets_unlocked === 'all' ? null : f.assets_unlocked,
      history_depth_days: f.history_depth_days,
      alert_frequency: f.alert_frequency,
      trader_breakdown: f.trader_breakdown,
      priority_support: f.priority_support,
    };
  }
  if (facts.isAdmin) {
    return { source: 'admin', plan_id: null, asset_limit: null, history_depth_days: null, alert_frequency: null, trader_breakdown: true, priority_support: false };
  }
  if (facts.trialDay >= 1) {
    const fullAccess = getPlan('4weeks').features;
    return {
      source: 'trial',
      plan_id: null,
      asset_limit: TRIAL_ASSET_LIMIT,
      history_depth_days: TRIAL_HISTORY_MS / DAY_MS,
      alert_frequency: isFeatureUnlockedOnDay('trading_alerts', facts.trialDay) ? fullAccess.alert_frequency : null,
      trader_breakdown: isFeatureUnlockedOnDay('trader_breakdown', facts.trialDay) && fullAccess.trader_breakdown,
      priority_support: false,
    };
  }
  return NOTHING;
}
