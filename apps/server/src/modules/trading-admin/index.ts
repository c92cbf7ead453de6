export { tradingAdminRoutes } from './trading-admin.routes.ts';
