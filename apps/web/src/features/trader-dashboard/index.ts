export { TraderDashboardPage } from './components/trader-dashboard-page.tsx';
