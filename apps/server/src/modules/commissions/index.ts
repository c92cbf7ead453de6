export { commissionsRoutes } from './commissions.routes.ts';
export { changeCommissionStatus, createCommission, getCommissionSummary, toCommission, type NewCommission } from './commissions.service.ts';
