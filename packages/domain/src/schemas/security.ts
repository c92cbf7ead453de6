import { z } from 'zod';
import { UserResponseSchema } from './auth.ts';

/** My sessions and two-factor sign-in (issue 29 items 3 and 4; decision record 058). */
export const securityPaths = {
  sessions: '/api/auth/sessions',
  session: '/api/auth/sessions/:id',
  revokeOtherSessions: '/api/auth/sessions/revoke-others',
  twoFactor: '/api/auth/2fa',
  twoFactorSetup: '/api/auth/2fa/setup',
  twoFactorEnable: '/api/auth/2fa/enable',
  twoFactorVerify: '/api/auth/2fa/verify',
  twoFactorDisable: '/api/auth/2fa/disable',
  twoFactorRecoveryCodes: '/api/auth/2fa/recovery-codes',
} as const;

/** Where the web app sends an admin the server refused for lack of two-factor (error TWO_FACTOR_REQUIRED). */
export const TWO_FACTOR_ENROLMENT_ROUTE = '/profile#two-factor';
export const ADMIN_TWO_FACTOR_MESSAGE = 'Admins must turn on two-factor sign-in before using the admin screens.';

export const SessionInfoSchema = z.object({
  id: z.string(),
  /** The session this request came with ("this session"). */
  current: z.boolean(),
  method: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  device_type: z.enum(['desktop', 'mobile', 'tablet', 'other']),
  /** "City, Country" when a GeoIP database is configured, else null. */
  place: z.string().nullable(),
  /** The address with its last part hidden. */
  address: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

export const SessionListSchema = z.object({ sessions: z.array(SessionInfoSchema) });
export const SessionsRevokedSchema = z.object({ revoked: z.number().int() });

export const SessionIdParamsSchema = z.object({ id: z.uuid('Unknown session.') });

const TotpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.');
const RecoveryCodeInputSchema = z.string().trim().min(1, 'Enter a recovery code.').max(40);

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** The admin policy applies to this account (REQUIRE_ADMIN_2FA and the admin role). */
  required: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

export const TwoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as an SVG QR code (data: URL), for the enrolment screen. */
  qr_code: z.string(),
});

export const TwoFactorCodeInputSchema = z.object({ code: TotpCodeSchema });
export const RecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

/** POST /api/auth/2fa/verify: the authenticator's code or one recovery code. */
export const TwoFactorVerifyInputSchema = z.union([z.object({ code: TotpCodeSchema }), z.object({ recovery_code: RecoveryCodeInputSchema })]);
export type TwoFactorVerifyInput = z.infer<typeof TwoFactorVerifyInputSchema>;

export const TwoFactorRequiredSchema = z.object({ two_factor_required: z.literal(true) });

/** POST /api/auth/password: signed in, or the password was right and the second factor is next. */
export const PasswordSignInResponseSchema = z.union([UserResponseSchema, TwoFactorRequiredSchema]);
export type PasswordSignInResponse = z.infer<typeof PasswordSignInResponseSchema>;
