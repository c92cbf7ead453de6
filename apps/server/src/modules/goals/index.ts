export { hasGoals, toGoal } from './goals.service.ts';
export { reviewGoal, type ReviewGoalDeps, type ReviewGoalInput, type ReviewGoalResult } from './goal-review.service.ts';
export { listReviewQueue } from './goal-owner.service.ts';
export { achievementScoresOf, getMyGoals, settleLedgerGoals } from './goal-views.service.ts';
export { seedGoalsDemo } from './goals.seed.ts';
