export { cancelSubscription, getSubscriptionStatus, getTradingPlan, planAt, planIdAt, readPlanState, storedPlanId, userHasPlan } from './subscriptions.service.ts';
export { seedDemoSubscription } from './demo-subscription.ts';
export { PLAN_CHANGE_JOB, planChangeJobHandlers } from './plan-change.service.ts';
