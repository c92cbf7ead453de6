export { CommissionsPage } from './components/commissions-page.tsx';
export { commissionKeys } from './api/commissions-api.ts';
export { payoutKeys } from './api/payouts-api.ts';
export { PayoutStatusBadge } from './components/payout-statements.tsx';
// Reused on /earnings (decision 063): one balance card and one payout method card for every screen that shows them.
export { PayoutBalanceCard } from './components/payout-balance-card.tsx';
export { PayoutMethodCard } from './components/payout-method-card.tsx';
