/**
 * Engagement of a user during their trial, from their tracked events (spec 1 section 3).
 *
 * engagement_score (0-100) is the sum of four capped parts:
 *   - consistency: 30 x min(active days / 5, 1)       (days with at least one event)
 *   - exploration: 25 x min(page views / 30, 1)
 *   - doing:       25 x min((actions + feature uses) / 20, 1)
 *   - time:        20 x min(minutes spent / 60, 1)     (time_spent_ms of page views)
 * rounded to a whole number. Level: 70 or more high, 40 or more medium, else low.
 */
export type EngagementInputs = {
  activeDays: number;
  pageViews: number;
  actions: number;
  featureAccesses: number;
  timeSpentMs: number;
};

export type EngagementLevel = 'high' | 'medium' | 'low';

const part = (weight: number, value: number, full: number) => weight * Math.min(Math.max(value, 0) / full, 1);

export function engagementScore(inputs: EngagementInputs): number {
  const score =
    part(30, inputs.activeDays, 5) +
    part(25, inputs.pageViews, 30) +
    part(25, inputs.actions + inputs.featureAccesses, 20) +
    part(20, inputs.timeSpentMs / 60_000, 60);
  return Math.min(100, Math.round(score));
}

export function engagementLevel(score: number): EngagementLevel {
  if (score >= 70) return 'high';
  if (score >= 40) return 'medium';
  return 'low';
}

export const NO_ENGAGEMENT: EngagementInputs = { activeDays: 0, pageViews: 0, actions: 0, featureAccesses: 0, timeSpentMs: 0 };
