import { z } from 'zod';
import { PasswordSchema } from './password-policy.ts';

/**
 * Account links sent by e-mail (decision 057): what each is for, how long it works, and the rules
 * that decide whether a followed link still works. Pure, so the server and the tests share them.
 */
export const ACCOUNT_TOKEN_PURPOSES = ['password_reset', 'email_verification', 'email_change'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/** How long a link works: a reset link is a key to the account, so it is short-lived (issue 29). */
export const ACCOUNT_TOKEN_TTL_MS: Record<AccountTokenPurpose, number> = {
  password_reset: 30 * 60_000,
  email_verification: 24 * 60 * 60_000,
  email_change: 24 * 60 * 60_000,
};

/** At most this many links of one purpose are sent to one account per window (guessing and mail bombing). */
export const ACCOUNT_TOKEN_SEND_LIMIT = { max: 3, windowMs: 60 * 60_000 } as const;

export const ACCOUNT_LINK_MESSAGES = {
  invalid: 'This link is not valid. Check that you opened the whole link from the e-mail, or ask for a new one.',
  expired: 'This link has expired. Send a new link.',
  used: 'This link has already been used. Send a new link.',
  otherAccount: 'This link belongs to another account. Sign out and open it again.',
  emailTaken: 'This address now belongs to another account, so the change could not be made.',
  alreadyVerified: 'Your e-mail address is already confirmed.',
  tooManyLinks: 'We sent several links in the last hour. Use the newest one, or try again later.',
  wrongPassword: 'Your current password is not correct.',
  samePassword: 'Choose a password you have not been using.',
  sameEmail: 'This is already your e-mail address.',
  unverifiedEarning: 'Confirm your e-mail address before you can earn or hold a role.',
} as const;

export type AccountTokenState = { purpose: string; expiresAt: Date; usedAt: Date | null };
export type AccountLinkVerdict = 'ok' | 'invalid' | 'expired' | 'used';

/**
 * Whether a link found by its token still works for `purpose` at `now`. A token of another purpose
 * is 'invalid' (a verification link cannot reset a password). A used link reads 'used' even when
 * it has also expired: "already used" is the more useful thing to tell.
 */
export function accountLinkVerdict(token: AccountTokenState | undefined, purposes: readonly AccountTokenPurpose[], now: Date): AccountLinkVerdict {
  if (!token || !(purposes as readonly string[]).includes(token.purpose)) return 'invalid';
  if (token.usedAt) return 'used';
  if (now.getTime() >= token.expiresAt.getTime()) return 'expired';
  return 'ok';
}

export function accountTokenExpiry(purpose: AccountTokenPurpose, createdAt: Date): Date {
  return new Date(createdAt.getTime() + ACCOUNT_TOKEN_TTL_MS[purpose]);
}

/** Whether one more link may be sent, given when the account's recent links of that purpose were created. */
export function mayIssueAccountToken(recentCreatedAt: readonly Date[], now: Date): boolean {
  const since = now.getTime() - ACCOUNT_TOKEN_SEND_LIMIT.windowMs;
  return recentCreatedAt.filter((at) => at.getTime() > since).length < ACCOUNT_TOKEN_SEND_LIMIT.max;
}

/** Account recovery and e-mail API paths (issue 29 part A). */
export const accountPaths = {
  passwordReset: '/api/auth/password-reset',
  passwordResetConfirm: '/api/auth/password-reset/confirm',
  verifyEmail: '/api/auth/verify-email',
  verifyEmailResend: '/api/auth/verify-email/resend',
  changePassword: '/api/auth/change-password',
  changeEmail: '/api/auth/change-email',
} as const;

const EmailInput = z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address.'));
/** Tokens are 32 random bytes in base64url (43 characters); anything far from that is not one of ours. */
const TokenInput = z.string().trim().min(1, 'The link has no token.').max(200, ACCOUNT_LINK_MESSAGES.invalid);

export const PasswordResetRequestSchema = z.object({ email: EmailInput });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/** The one answer of a reset request, whether or not the address has an account. */
export const PASSWORD_RESET_REQUESTED_MESSAGE = 'If an account uses this address, we sent it a link to choose a new password. The link works for 30 minutes.';
export const AccountRequestAcceptedSchema = z.object({ status: z.literal('accepted'), message: z.string() });

export const PasswordResetConfirmSchema = z.object({ token: TokenInput, password: PasswordSchema });
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirmSchema>;

export const VerifyEmailInputSchema = z.object({ token: TokenInput });
export const VerifyEmailResultSchema = z.object({ status: z.literal('success'), email: z.string(), changed: z.boolean() });

export const ChangePasswordInputSchema = z.object({ current_password: z.string().min(1, 'Enter your current password.').max(200), new_password: PasswordSchema });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;
export const ChangePasswordResultSchema = z.object({ status: z.literal('success'), other_sessions_ended: z.number().int() });

export const ChangeEmailInputSchema = z.object({ new_email: EmailInput, password: z.string().max(200).optional() });
export type ChangeEmailInput = z.infer<typeof ChangeEmailInputSchema>;
