// The /join page is not exported here: screens.tsx loads components/join-page.tsx lazily, and a
// re-export would put it in the dashboard's chunk.
export { ShareEarnButton } from './components/share-earn-button.tsx';
export { ReferralFlagsPanel } from './components/referral-flags-panel.tsx';
export { ReferralsPage } from './components/referrals-page.tsx';
export { ReferralLandingEditor } from './components/referral-landing-editor.tsx';
export { ReferralMigrationPanel } from './components/referral-migration-panel.tsx';
