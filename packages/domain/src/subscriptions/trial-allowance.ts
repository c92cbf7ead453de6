import { TRIAL_LENGTH_DAYS } from '../trial/trial-stages.ts';

/**
 * One free trial per user (DESIGN.md section 3, item 18): the platform trial of a newcomer and the
 * trial of a paid plan are the same allowance, and both last TRIAL_LENGTH_DAYS (one constant for
 * every "7-day" text). Whoever grants a trial records it in users.free_trial_used_at; this is the
 * one place that reads the rule.
 */

export type TrialAllowanceRecord = { freeTrialUsedAt: Date | string | null };

export function hasUsedFreeTrial(record: TrialAllowanceRecord): boolean {
  return record.freeTrialUsedAt !== null;
}

/** Trial days a new paid subscription gets: 7 for a user who has not used the allowance, else 0 (charged from the start). */
export function freeTrialDaysFor(record: TrialAllowanceRecord): number {
  return hasUsedFreeTrial(record) ? 0 : TRIAL_LENGTH_DAYS;
}

const DAY_MS = 86_400_000;

/** The newcomer platform trial as the checkout reads it (the trials row), or null when none was started. */
export type PlatformTrialRecord = { endsAt: Date; convertedAt: Date | null } | null;

/**
 * The free days a checkout started now gets. `rest_of_trial`: a platform trial is running, so the
 * plan's trial ends when that trial ends (its remaining days stay free, the first charge is at
 * its end); `days` is the remaining time rounded up to whole days, for a provider that counts in
 * days. `full`: the allowance is unused, 7 days from when the checkout completes. `none`: the
 * allowance was used, the plan is charged from the start.
 */
export type CheckoutTrial = { kind: 'full' | 'rest_of_trial' | 'none'; days: number; endsAt: Date | null };

export function checkoutTrialFor(record: TrialAllowanceRecord & { platformTrial: PlatformTrialRecord }, now: Date): CheckoutTrial {
  const trial = record.platformTrial;
  if (trial && trial.convertedAt === null && trial.endsAt.getTime() > now.getTime()) {
    return { kind: 'rest_of_trial', days: Math.ceil((trial.endsAt.getTime() - now.getTime()) / DAY_MS), endsAt: trial.endsAt };
  }
  if (!hasUsedFreeTrial(record)) return { kind: 'full', days: TRIAL_LENGTH_DAYS, endsAt: null };
  return { kind: 'none', days: 0, endsAt: null };
}

/** When a trial that starts now as `trial` says ends: the platform trial's end, 7 days from now, or null (charged now). */
export function checkoutTrialEnd(trial: CheckoutTrial, now: Date): Date | null {
  if (trial.kind === 'rest_of_trial') return trial.endsAt;
  return trial.kind === 'full' ? new Date(now.getTime() + trial.days * DAY_MS) : null;
}
