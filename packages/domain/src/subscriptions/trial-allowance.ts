/**
 * One free trial per user (DESIGN.md section 3, item 18): the 7-day platform trial of a newcomer
 * and the 7-day trial of a paid plan are the same allowance. Whoever grants a trial records it in
 * users.free_trial_used_at; this is the one place that reads the rule.
 */
export const FREE_TRIAL_DAYS = 7;

export type TrialAllowanceRecord = { freeTrialUsedAt: Date | string | null };

export function hasUsedFreeTrial(record: TrialAllowanceRecord): boolean {
  return record.freeTrialUsedAt !== null;
}

/** Trial days a new paid subscription gets: 7 for a user who has not used the allowance, else 0 (charged from the start). */
export function freeTrialDaysFor(record: TrialAllowanceRecord): number {
  return hasUsedFreeTrial(record) ? 0 : FREE_TRIAL_DAYS;
}
