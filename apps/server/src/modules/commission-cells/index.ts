export { processRevenue } from './commission-cells.service.ts';
