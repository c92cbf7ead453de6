/** What other modules may use of the dashboard feature. */
export { getDashboardStats } from './dashboard.service.ts';
export { countReferralsSince, selectEarnedInWindows } from './dashboard.queries.ts';
