export { tradingAlertKeys } from './api/trading-alerts-api.ts';
export { FollowControl } from './components/follow-control.tsx';
export { FollowedCellsCard } from './components/followed-cells-card.tsx';
