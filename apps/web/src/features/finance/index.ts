export { AdminFinancePage } from './components/admin-finance-page.tsx';
