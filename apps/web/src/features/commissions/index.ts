export { CommissionsPage } from './components/commissions-page.tsx';
export { commissionKeys } from './api/commissions-api.ts';
export { payoutKeys } from './api/payouts-api.ts';
export { PayoutStatusBadge } from './components/payout-statements.tsx';
