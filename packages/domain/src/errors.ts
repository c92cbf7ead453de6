import { z } from 'zod';

export const APP_ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
  /** An admin without two-factor sign-in asked for an admin screen or API (REQUIRE_ADMIN_2FA; decision record 058). */
  'TWO_FACTOR_REQUIRED',
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

export const ERROR_STATUS: Record<AppErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** An outside service (payment provider...) failed; the request can be retried. */
  UNAVAILABLE: 503,
  TWO_FACTOR_REQUIRED: 403,
};

export const ErrorResponseSchema = z.object({
  error: z.object({
    code: z.enum(APP_ERROR_CODES),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly details: ErrorResponse['error']['details'];
  constructor(code: AppErrorCode, message: string, details?: ErrorResponse['error']['details']) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
