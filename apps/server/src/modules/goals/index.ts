export { hasGoals, toGoal } from './goals.service.ts';
export { reviewGoal, type ReviewGoalDeps, type ReviewGoalInput, type ReviewGoalResult } from './goal-review.service.ts';
