export { processRevenue } from './commission-cells.service.ts';
export { selectCommissionConfig } from './commission-cells.queries.ts';
export { enforceElitePool } from './elite-pool.service.ts';
export { seedCommissionCellsDemo } from './commission-cells.seed.ts';
