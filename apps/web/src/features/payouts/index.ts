export { AdminPayoutsPage } from './components/admin-payouts-page.tsx';
