export { changeCommissionStatus, createCommission, getCommissionSummary, toCommission, type NewCommission } from './commissions.service.ts';
