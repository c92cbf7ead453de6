import type { Role } from '../access/roles.ts';
import { entitlementsOf } from '../subscriptions/entitlements.ts';
import type { PlanId } from '../subscriptions/plans.ts';
import { accessFeatures, type AccessLevelName } from '../trial/access-level.ts';
import { featureUnlocksOnDayMessage, isFeatureUnlockedOnDay, stageOf } from '../trial/trial-stages.ts';
import { isPremiumTimeframe, PREVIEW_DELAY_MS, TRIAL_ASSET_LIMIT, TRIAL_HISTORY_MS } from './trading-rules.ts';

/**
 * What a user may see of the Trading Compass (spec 3 section 6, sections 2.1 and 4):
 * - `subscriber`: with a plan, live, as the plan's card says (entitlementsOf): the assets the
 *   subscriber picked up to the plan's asset limit, the plan's history depth; as admin, everything;
 * - `trial`: without a plan, active role newcomer or subscriber_free or holding the trader role,
 *   whose access level has real-time data (a running trial): the first 3 assets, the last 24
 *   hours, live; premium timeframes follow the trial's staged unlocks (trial-stages.ts): locked
 *   before the day of `premium_trading_compass` (day 3), open from it; locked for the whole time
 *   when no platform trial runs (e.g. a trader holding the subscriber role without a plan);
 * - `preview`: the same people whose access level is preview or expired_trial: premium timeframes
 *   locked, everything as it was 2 hours ago;
 * - `none`: everyone else without a plan: the Subscription Required page, no data at all.
 */
export const COMPASS_ACCESS_LEVELS = ['subscriber', 'trial', 'preview', 'none'] as const;
export type CompassAccessLevel = (typeof COMPASS_ACCESS_LEVELS)[number];

export type CompassAccess = {
  level: CompassAccessLevel;
  hasPlan: boolean;
  /** Premium timeframes are locked: the API sends no figures for them. */
  premiumLocked: boolean;
  /**
   * Set when premium is locked only because the viewer's running trial has not reached the day of
   * `premium_trading_compass` yet: that day (3). Null otherwise (unlocked, or locked until a plan).
   */
  premiumUnlocksOnTrialDay: number | null;
  /** Data is shown as of now minus this delay (0: live). */
  delayMs: number;
  /** At most this many assets (null: all). */
  assetLimit: number | null;
  /** Only data of the last this many ms (null: all history). */
  historyMs: number | null;
  /**
   * The asset limit applies to the assets the viewer picked (a plan with an asset limit, decision
   * 37), not to the first ones in grid order (the trial).
   */
  assetsPicked: boolean;
  /** The plan giving access (null: none, or admin). */
  planId: PlanId | null;
  /** Closed windows' votes per tier (decision 36): plans from 4 weeks, a trial from its Full Access day, admins. */
  traderBreakdown: boolean;
};

export type CompassViewerFacts = {
  activeRole: Role;
  roles: readonly Role[];
  hasPlan: boolean;
  /** The plan giving access (planIdAt); without it a plan holder is treated as unlimited. */
  planId?: PlanId | null;
  /** The platform access level (accessLevelOf, GET /api/user/access-level): its `real_time_data` makes the compass live without a plan. */
  accessLevel: AccessLevelName;
  /** The day of the viewer's running platform trial at the request's time (runningTrialDay), 0 when none runs. */
  trialDay: number;
};

/** The compass access of a viewer at one instant (the trial day is that instant's). */
export function compassAccessFor(viewer: CompassViewerFacts): CompassAccess {
  const everything = { level: 'subscriber', hasPlan: viewer.hasPlan, premiumLocked: false, premiumUnlocksOnTrialDay: null, delayMs: 0, assetLimit: null, historyMs: null, assetsPicked: false, planId: null, traderBreakdown: true } as const;
  if (viewer.activeRole === 'admin' || (viewer.hasPlan && !viewer.planId)) return everything;
  if (viewer.hasPlan && viewer.planId) {
    const plan = entitlementsOf({ planId: viewer.planId, isAdmin: false, trialDay: 0 });
    return {
      ...everything,
      assetLimit: plan.asset_limit,
      historyMs: plan.history_depth_days === null ? null : plan.history_depth_days * DAY_MS,
      assetsPicked: plan.asset_limit !== null,
      planId: viewer.planId,
      traderBreakdown: plan.trader_breakdown,
    };
  }
  const noPlan = { hasPlan: false, assetsPicked: false, planId: null } as const;
  if (viewer.activeRole !== 'newcomer' && viewer.activeRole !== 'subscriber_free' && !viewer.roles.includes('trader')) {
    return { ...noPlan, level: 'none', premiumLocked: true, premiumUnlocksOnTrialDay: null, delayMs: 0, assetLimit: 0, historyMs: null, traderBreakdown: false };
  }
  if (accessFeatures(viewer.accessLevel, viewer.roles).real_time_data) {
    const inTrial = viewer.trialDay >= 1;
    const premiumOpen = inTrial && isFeatureUnlockedOnDay('premium_trading_compass', viewer.trialDay);
    return {
      ...noPlan,
      level: 'trial',
      premiumLocked: !premiumOpen,
      premiumUnlocksOnTrialDay: inTrial && !premiumOpen ? stageOf('premium_trading_compass').day : null,
      delayMs: 0,
      assetLimit: TRIAL_ASSET_LIMIT,
      historyMs: TRIAL_HISTORY_MS,
      traderBreakdown: entitlementsOf({ planId: null, isAdmin: false, trialDay: viewer.trialDay }).trader_breakdown,
    };
  }
  return { ...noPlan, level: 'preview', premiumLocked: true, premiumUnlocksOnTrialDay: null, delayMs: PREVIEW_DELAY_MS, assetLimit: null, historyMs: null, traderBreakdown: false };
}

const DAY_MS = 86_400_000;

/**
 * The refusal of a premium timeframe's detail, events or history to a trial viewer before the
 * premium compass's day (403 with the feature guard's text); null when the timeframe is not
 * refused that way (open, not premium, or locked until a plan: those answer `locked: true`).
 */
export function compassTrialRefusal(access: CompassAccess, timeframeCode: string): string | null {
  if (access.premiumUnlocksOnTrialDay === null || !isPremiumTimeframe(timeframeCode)) return null;
  return featureUnlocksOnDayMessage('premium_trading_compass');
}

/** A timeframe the viewer may not see figures for. */
export function isTimeframeLocked(access: CompassAccess, timeframeCode: string): boolean {
  return access.level === 'none' || (access.premiumLocked && isPremiumTimeframe(timeframeCode));
}

/** The instant the viewer's data stops at (now for live access). */
export function dataCutoff(access: CompassAccess, now: Date): Date {
  return new Date(now.getTime() - access.delayMs);
}

/** The earliest instant the viewer may see (null: no lower bound). */
export function historyFloor(access: CompassAccess, now: Date): Date | null {
  return access.historyMs === null ? null : new Date(now.getTime() - access.historyMs);
}

/**
 * A grid cache key: the access level, for the trial whether premium is open yet, for a plan with
 * a history depth its days (cells older than the depth show no figures). The asset pick is not
 * part of it: it is a per-viewer mask over the grid of the key (decision 019).
 */
export type CompassGridKey = CompassAccessLevel | 'trial_premium' | `subscriber_${number}d`;

/** Cache key of the grid: every viewer of one key sees the very same grid (before their pick's mask). */
export function gridVisibilityKey(access: CompassAccess): CompassGridKey {
  if (access.level === 'subscriber' && access.historyMs !== null) return `subscriber_${Math.round(access.historyMs / DAY_MS)}d`;
  return access.level === 'trial' && !access.premiumLocked ? 'trial_premium' : access.level;
}

/** A grid key whose cells move with the clock (delay, or a history floor): rebuilt at least every minute. */
export function isTimeBoundGridKey(key: CompassGridKey): boolean {
  return key !== 'subscriber' && key !== 'none';
}
