export { LoginPage } from './components/login-page.tsx';
export { useProfile, profileQueryKey } from './api/profile.ts';
export { useLogout } from './api/sign-in.ts';
export { useSwitchRole } from './api/switch-role.ts';
export { storedReferralCode, storeReferralCode } from './referral-storage.ts';
export { useAuthMethods } from './api/sign-in.ts';
