import { normaliseReferralCode } from '@myeai/domain';

/** Local-storage key holding the referral code a visitor arrived with (spec 1 section 9). */
export const REFERRAL_CODE_STORAGE_KEY = 'myeai.referral_code';

export function storedReferralCode(): string | null {
  try {
    return normaliseReferralCode(window.localStorage.getItem(REFERRAL_CODE_STORAGE_KEY));
  } catch {
    return null;
  }
}

export function storeReferralCode(code: string): void {
  const normalised = normaliseReferralCode(code);
  if (!normalised) return;
  try {
    window.localStorage.setItem(REFERRAL_CODE_STORAGE_KEY, normalised);
  } catch {
    // Storage can be disabled (private mode); the code then travels only in the URL.
  }
}
