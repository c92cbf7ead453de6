export { AdminTrialAnalyticsPage } from './components/admin-trial-analytics-page.tsx';
