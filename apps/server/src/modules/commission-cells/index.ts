export { processRevenue } from './commission-cells.service.ts';
export { enforceElitePool } from './elite-pool.service.ts';
