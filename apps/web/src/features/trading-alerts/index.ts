export { FollowControl } from './components/follow-control.tsx';
export { FollowedCellsCard } from './components/followed-cells-card.tsx';
