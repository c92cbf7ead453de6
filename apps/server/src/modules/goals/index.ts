export { hasGoals, toGoal } from './goals.service.ts';
