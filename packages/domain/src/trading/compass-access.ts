import type { Role } from '../access/roles.ts';
import { accessFeatures, type AccessLevelName } from '../trial/access-level.ts';
import { isPremiumTimeframe, PREVIEW_DELAY_MS, TRIAL_ASSET_LIMIT, TRIAL_HISTORY_MS } from './trading-rules.ts';

/**
 * What a user may see of the Trading Compass (spec 3 section 6, sections 2.1 and 4):
 * - `subscriber`: with a plan (or as admin), every asset and timeframe, live;
 * - `trial`: without a plan, active role newcomer or subscriber_free or holding the trader role,
 *   whose access level has real-time data (a running trial): the first 3 assets, the last 24
 *   hours, premium timeframes locked, live;
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
  /** Data is shown as of now minus this delay (0: live). */
  delayMs: number;
  /** At most this many assets (null: all). */
  assetLimit: number | null;
  /** Only data of the last this many ms (null: all history). */
  historyMs: number | null;
};

/**
 * `accessLevel` is the user's platform access level (accessLevelOf, GET /api/user/access-level):
 * its `real_time_data` feature is what makes the compass live for a user without a plan.
 */
export function compassAccessFor(viewer: { activeRole: Role; roles: readonly Role[]; hasPlan: boolean; accessLevel: AccessLevelName }): CompassAccess {
  if (viewer.hasPlan || viewer.activeRole === 'admin') {
    return { level: 'subscriber', hasPlan: viewer.hasPlan, premiumLocked: false, delayMs: 0, assetLimit: null, historyMs: null };
  }
  if (viewer.activeRole !== 'newcomer' && viewer.activeRole !== 'subscriber_free' && !viewer.roles.includes('trader')) {
    return { level: 'none', hasPlan: false, premiumLocked: true, delayMs: 0, assetLimit: 0, historyMs: null };
  }
  if (accessFeatures(viewer.accessLevel, viewer.roles).real_time_data) {
    return { level: 'trial', hasPlan: false, premiumLocked: true, delayMs: 0, assetLimit: TRIAL_ASSET_LIMIT, historyMs: TRIAL_HISTORY_MS };
  }
  return { level: 'preview', hasPlan: false, premiumLocked: true, delayMs: PREVIEW_DELAY_MS, assetLimit: null, historyMs: null };
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

/** Cache key of the grid: every viewer of one key sees the very same grid. */
export function gridVisibilityKey(access: CompassAccess): CompassAccessLevel {
  return access.level;
}
