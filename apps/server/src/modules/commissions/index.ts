export { commissionsRoutes } from './commissions.routes.ts';
export { changeCommissionStatus, createCommission, toCommission, type NewCommission } from './commissions.service.ts';
