import type { Role } from '../access/roles.ts';
import { featureUnlocksOnDayMessage, isFeatureUnlockedOnDay, stageOf, TRIAL_FEATURES, TRIAL_LENGTH_DAYS, trialDay, type TrialFeature } from './trial-stages.ts';

/** Preview access sees market data this much later than real time (spec 2 section 9). */
export const PREVIEW_DATA_DELAY_MS = 2 * 3_600_000;

export type AccessLevelName = 'preview' | 'trial' | 'subscriber' | 'expired_trial';
export type UserStatus = 'visitor' | 'trial' | 'subscriber';

/** What the server knows about a user's trial, from the trials table. */
export type TrialFacts = { startedAt: Date; endsAt: Date; convertedAt: Date | null } | null;

export type AccessFacts = { roles: readonly Role[]; activeRole: Role; trial: TrialFacts };

export function isTrialRunning(trial: TrialFacts, now: Date): boolean {
  return trial !== null && trial.convertedAt === null && now.getTime() < trial.endsAt.getTime() && now.getTime() >= trial.startedAt.getTime();
}

/** The day of the user's running trial at `now` (trialDay), 0 when no trial runs (none, ended, converted). */
export function runningTrialDay(trial: TrialFacts, now: Date): number {
  return trial !== null && isTrialRunning(trial, now) ? trialDay(trial.startedAt, now) : 0;
}

/**
 * Subscriber when the user holds the subscriber role (an active subscription adds it, DESIGN.md
 * item 16); trial while a trial runs; expired_trial once it ended unconverted; otherwise preview.
 */
export function accessLevelOf(facts: AccessFacts, now: Date): { access_level: AccessLevelName; user_status: UserStatus } {
  if (facts.roles.includes('subscriber')) return { access_level: 'subscriber', user_status: 'subscriber' };
  if (isTrialRunning(facts.trial, now)) return { access_level: 'trial', user_status: 'trial' };
  if (facts.trial && facts.trial.convertedAt === null) return { access_level: 'expired_trial', user_status: 'visitor' };
  return { access_level: 'preview', user_status: 'visitor' };
}

export function accessFeatures(level: AccessLevelName, roles: readonly Role[]) {
  const full = level === 'trial' || level === 'subscriber';
  return { real_time_data: full, personalized_insights: full, admin_features: roles.includes('admin') };
}

export type TrialFeatureDecision =
  | { allowed: true }
  | { allowed: false; reason: 'no_trial' | 'trial_expired' | 'not_yet_unlocked'; message: string; unlock_day?: number };

/**
 * The staged-unlock guard. It applies to the newcomer experience (active role newcomer); a
 * subscriber, and any other active role, is governed by that role's own rules instead.
 */
export function decideTrialFeature(facts: AccessFacts, feature: TrialFeature, now: Date): TrialFeatureDecision {
  if (facts.activeRole !== 'newcomer' || facts.roles.includes('subscriber')) return { allowed: true };
  const name = TRIAL_FEATURES[feature];
  if (!facts.trial) return { allowed: false, reason: 'no_trial', message: `${name} is part of the ${TRIAL_LENGTH_DAYS}-day trial. Activate your free trial or choose a plan to use it.` };
  if (!isTrialRunning(facts.trial, now)) {
    return { allowed: false, reason: 'trial_expired', message: `Your trial has ended. Upgrade to keep using ${name}.` };
  }
  const day = trialDay(facts.trial.startedAt, now);
  if (isFeatureUnlockedOnDay(feature, day)) return { allowed: true };
  return { allowed: false, reason: 'not_yet_unlocked', unlock_day: stageOf(feature).day, message: featureUnlocksOnDayMessage(feature) };
}
