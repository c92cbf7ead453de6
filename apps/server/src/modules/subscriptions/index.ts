export { subscriptionsRoutes } from './subscriptions.routes.ts';
export { getSubscriptionStatus, getTradingPlan, planAt, readPlanState, userHasPlan } from './subscriptions.service.ts';
export { seedDemoSubscription } from './demo-subscription.ts';
