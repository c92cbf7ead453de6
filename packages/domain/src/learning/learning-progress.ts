/**
 * Learning progress (spec 2 section 9: complete at 90% watched). A player reports watched seconds
 * and the duration it knows; stored progress only grows (a late or replayed report with fewer
 * seconds never lowers it) and a module completes once.
 */

import { LEARNING_COMPLETION_PERCENT as COMPLETION_PERCENT } from './learning-catalogue.ts';

export type StoredLearningProgress = {
  watchTimeSeconds: number;
  totalDurationSeconds: number;
  completionPercentage: number;
  completedAt: Date | null;
};

export type LearningProgressReport = { watch_time_seconds: number; total_duration_seconds: number };

/** Whole percent watched, 0-100 (floor: 89.9% is 89). A zero duration is 0%. */
export function learningWatchedPercent(watchSeconds: number, totalSeconds: number): number {
  if (!(totalSeconds > 0) || !(watchSeconds > 0)) return 0;
  return Math.min(100, Math.floor((Math.min(watchSeconds, totalSeconds) * 100) / totalSeconds));
}

/** At least 90% watched, exactly: 9 seconds of 10 is complete, 8.99 is not. */
export function reachesLearningCompletion(watchSeconds: number, totalSeconds: number): boolean {
  return totalSeconds > 0 && watchSeconds * 100 >= totalSeconds * COMPLETION_PERCENT;
}

export type LearningProgressStep = { next: StoredLearningProgress; changed: boolean; completedNow: boolean };

/**
 * The stored progress after a report at `now`: watched seconds and percentage only grow, the
 * duration is the one last reported (kept when the report has none), and completion is stamped
 * the first time the report reaches 90%; `completedNow` is true exactly once per learner and module.
 */
export function applyLearningProgress(stored: StoredLearningProgress | null, report: LearningProgressReport, now: Date): LearningProgressStep {
  const before: StoredLearningProgress = stored ?? { watchTimeSeconds: 0, totalDurationSeconds: 0, completionPercentage: 0, completedAt: null };
  const total = report.total_duration_seconds > 0 ? report.total_duration_seconds : before.totalDurationSeconds;
  const watch = Math.max(before.watchTimeSeconds, Math.min(report.watch_time_seconds, total > 0 ? total : report.watch_time_seconds));
  const reached = reachesLearningCompletion(report.watch_time_seconds, report.total_duration_seconds);
  const completedNow = before.completedAt === null && reached;
  const completedAt = before.completedAt ?? (reached ? now : null);
  const percent = Math.max(before.completionPercentage, learningWatchedPercent(report.watch_time_seconds, report.total_duration_seconds), completedAt ? COMPLETION_PERCENT : 0);
  const next: StoredLearningProgress = { watchTimeSeconds: watch, totalDurationSeconds: total, completionPercentage: percent, completedAt };
  const changed =
    stored === null ||
    next.watchTimeSeconds !== before.watchTimeSeconds ||
    next.totalDurationSeconds !== before.totalDurationSeconds ||
    next.completionPercentage !== before.completionPercentage ||
    next.completedAt !== before.completedAt;
  return { next, changed, completedNow };
}

/** "Mark as done" on a document or external link: complete at 100%, once. */
export function markLearningDone(stored: StoredLearningProgress | null, now: Date): LearningProgressStep {
  const before = stored ?? { watchTimeSeconds: 0, totalDurationSeconds: 0, completionPercentage: 0, completedAt: null };
  const completedNow = before.completedAt === null;
  const next: StoredLearningProgress = { ...before, completionPercentage: 100, completedAt: before.completedAt ?? now };
  return { next, changed: stored === null || completedNow || before.completionPercentage !== 100, completedNow };
}

/** Learners may rate a module (1-5, LEARNING_RATING_MIN..MAX) once they completed it. */
export const LEARNING_RATING_NEEDS_COMPLETION_MESSAGE = 'Complete this module before rating it.';
