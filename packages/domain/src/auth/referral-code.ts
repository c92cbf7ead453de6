/** Opaque referral codes (DESIGN.md section 3, item 17): no internal id leaks into a link. */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;
const REFERRAL_CODE_PATTERN = new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`);

/** Builds a code from random bytes; the caller supplies the randomness so this stays pure. */
export function referralCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < REFERRAL_CODE_LENGTH) throw new Error(`need ${REFERRAL_CODE_LENGTH} random bytes`);
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1) {
    code += REFERRAL_CODE_ALPHABET[bytes[i]! % REFERRAL_CODE_ALPHABET.length];
  }
  return code;
}

/**
 * The fixed prefix of the code in the Share & Earn message ("MYEAI-" + the referral code, e.g.
 * MYEAI-ABCD2345); a code typed or followed with it reads the same as without (decision 016).
 */
export const SHARE_CODE_PREFIX = 'MYEAI-';

export function normaliseReferralCode(input: string | null | undefined): string | null {
  if (!input) return null;
  const upper = input.trim().toUpperCase();
  const code = upper.startsWith(SHARE_CODE_PREFIX) ? upper.slice(SHARE_CODE_PREFIX.length) : upper;
  return REFERRAL_CODE_PATTERN.test(code) ? code : null;
}
