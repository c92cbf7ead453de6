export { adminOverviewRoutes } from './admin-overview.routes.ts';
