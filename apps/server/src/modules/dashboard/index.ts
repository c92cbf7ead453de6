/** What other modules may use of the dashboard feature. */
export { dashboardRoutes } from './dashboard.routes.ts';
export { getDashboardStats } from './dashboard.service.ts';
export { countReferralsSince, selectEarnedInWindows } from './dashboard.queries.ts';
