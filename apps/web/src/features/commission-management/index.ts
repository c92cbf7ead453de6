export { CommissionManagementPage } from './components/commission-management-page.tsx';
export { ElitePoolDialog } from './components/elite-pool-dialog.tsx';
export { TestRevenueDialog, TEST_REVENUE_CENTS, type TestRevenueCell } from './components/test-revenue-dialog.tsx';
