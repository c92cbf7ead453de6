export { goalsRoutes } from './goals.routes.ts';
export { hasGoals, toGoal } from './goals.service.ts';
