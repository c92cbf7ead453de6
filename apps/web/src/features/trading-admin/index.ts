export { TradingAdminPage } from './components/trading-admin-page.tsx';
export { AdminFlowChartPage } from './components/flow-chart-page.tsx';
