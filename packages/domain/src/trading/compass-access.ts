import type { Role } from '../access/roles.ts';
import { accessFeatures, type AccessLevelName } from '../trial/access-level.ts';
import { featureUnlocksOnDayMessage, isFeatureUnlockedOnDay, stageOf } from '../trial/trial-stages.ts';
import { isPremiumTimeframe, PREVIEW_DELAY_MS, TRIAL_ASSET_LIMIT, TRIAL_HISTORY_MS } from './trading-rules.ts';

/**
 * What a user may see of the Trading Compass (spec 3 section 6, sections 2.1 and 4):
 * - `subscriber`: with a plan (or as admin), every asset and timeframe, live;
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
};

export type CompassViewerFacts = {
  activeRole: Role;
  roles: readonly Role[];
  hasPlan: boolean;
  /** The platform access level (accessLevelOf, GET /api/user/access-level): its `real_time_data` makes the compass live without a plan. */
  accessLevel: AccessLevelName;
  /** The day of the viewer's running platform trial at the request's time (runningTrialDay), 0 when none runs. */
  trialDay: number;
};

/** The compass access of a viewer at one instant (the trial day is that instant's). */
export function compassAccessFor(viewer: CompassViewerFacts): CompassAccess {
  if (viewer.hasPlan || viewer.activeRole === 'admin') {
    return { level: 'subscriber', hasPlan: viewer.hasPlan, premiumLocked: false, premiumUnlocksOnTrialDay: null, delayMs: 0, assetLimit: null, historyMs: null };
  }
  if (viewer.activeRole !== 'newcomer' && viewer.activeRole !== 'subscriber_free' && !viewer.roles.includes('trader')) {
    return { level: 'none', hasPlan: false, premiumLocked: true, premiumUnlocksOnTrialDay: null, delayMs: 0, assetLimit: 0, historyMs: null };
  }
  if (accessFeatures(viewer.accessLevel, viewer.roles).real_time_data) {
    const inTrial = viewer.trialDay >= 1;
    const premiumOpen = inTrial && isFeatureUnlockedOnDay('premium_trading_compass', viewer.trialDay);
    return {
      level: 'trial',
      hasPlan: false,
      premiumLocked: !premiumOpen,
      premiumUnlocksOnTrialDay: inTrial && !premiumOpen ? stageOf('premium_trading_compass').day : null,
      delayMs: 0,
      assetLimit: TRIAL_ASSET_LIMIT,
      historyMs: TRIAL_HISTORY_MS,
    };
  }
  return { level: 'preview', hasPlan: false, premiumLocked: true, premiumUnlocksOnTrialDay: null, delayMs: PREVIEW_DELAY_MS, assetLimit: null, historyMs: null };
}

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

/** A grid cache key: the access level, and for the trial whether premium is open yet. */
export type CompassGridKey = CompassAccessLevel | 'trial_premium';

/** Cache key of the grid: every viewer of one key sees the very same grid. */
export function gridVisibilityKey(access: CompassAccess): CompassGridKey {
  return access.level === 'trial' && !access.premiumLocked ? 'trial_premium' : access.level;
}
