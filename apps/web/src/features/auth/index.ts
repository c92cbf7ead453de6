// LoginPage is not exported here: screens.tsx loads components/login-page.tsx lazily, and a
// re-export would keep it in the first-load bundle (router and app shell import this index).
export { useProfile, profileQueryKey, profileQueryOptions } from './api/profile.ts';
export { useLogout } from './api/sign-in.ts';
export { useSwitchRole } from './api/switch-role.ts';
export { storedReferralCode, storeReferralCode } from './referral-storage.ts';
export { useAuthMethods } from './api/sign-in.ts';
export { AccountUpdates } from './components/account-updates.tsx';
export { VerifyEmailBanner } from './components/verify-email-banner.tsx';
export { useChangeEmail, useChangePassword } from './api/account.ts';
