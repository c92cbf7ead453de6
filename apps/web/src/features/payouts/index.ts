export { AdminPayoutsPage } from './components/admin-payouts-page.tsx';
export { PayoutStatementPage } from './components/payout-statement-page.tsx';
export { statementCsvHref, statementPageHref } from './api/payout-statement-api.ts';
