export { TraderDashboardPage } from './components/trader-dashboard-page.tsx';
export { TraderTrackRecordCard, rateWithInterval } from './components/trader-track-record-card.tsx';
