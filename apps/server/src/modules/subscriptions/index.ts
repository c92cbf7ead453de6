export { subscriptionsRoutes } from './subscriptions.routes.ts';
export { getSubscriptionStatus, getTradingPlan } from './subscriptions.service.ts';
