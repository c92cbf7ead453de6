export { changeCommissionStatus, createCommission, createCommissions, getCommissionSummary, toCommission, withholdCommissionsFromOrigin, type NewCommission } from './commissions.service.ts';
export { countCommissions, selectCommissionBySource } from './commissions.queries.ts';
export { reverseCommissionsForRefund, reverseConversion, type RefundReversalInput } from './commission-reversals.service.ts';
export { selectCommissionFigures, type FigureWindow } from './commission-figures.queries.ts';
