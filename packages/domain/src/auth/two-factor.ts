import { Secret, TOTP } from 'otpauth';
import { UAParser } from 'ua-parser-js';

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238) and recovery codes, and what
 * "my sessions" shows of a session (decision record 058). Pure rules: the server stores, the
 * screens show.
 */

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of one step before or after now are accepted too: phone clocks drift. */
export const TOTP_WINDOW_STEPS = 1;
export const TOTP_ISSUER = 'MYEAI';

export const RECOVERY_CODE_COUNT = 10;
/** 10 characters of a 32-letter alphabet (50 bits), shown as two groups of five. */
const RECOVERY_CODE_LENGTH = 10;
/** Crockford's base 32 in lower case: no i, l, o, u, so nothing reads as another character. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Wrong codes an account may send in TWO_FACTOR_FAILURE_WINDOW_MS before further tries are refused. */
export const TWO_FACTOR_MAX_FAILURES = 5;
export const TWO_FACTOR_FAILURE_WINDOW_MS = 15 * 60_000;
/** How long a password sign-in waits for its second factor. */
export const TWO_FACTOR_CHALLENGE_TTL_MS = 5 * 60_000;

export type TotpOptions = { digits?: number; algorithm?: 'SHA1' | 'SHA256' | 'SHA512' };

function totp(secret: Secret, options: TotpOptions = {}, label = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    secret,
    algorithm: options.algorithm ?? 'SHA1',
    digits: options.digits ?? TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** The time step (RFC 6238 "T") of an instant. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** A secret as the enrolment screen shows it (base 32), for code checks and tests. */
export const totpSecretFromBase32 = (base32: string): Secret => Secret.fromBase32(base32);

/** The code an authenticator shows at `at` (tests and the browser test compute codes with it). */
export function totpCode(secret: Secret, at: Date, options: TotpOptions = {}): string {
  return totp(secret, options).generate({ timestamp: at.getTime() });
}

/**
 * The time step of `code` if it is valid at `now` (within one step either side) and newer than
 * `lastUsedStep`, else null: a code is accepted once, and none older than the last accepted one
 * (RFC 6238 section 5.2).
 */
export function verifyTotp(params: {
  secret: Secret;
  code: string;
  now: Date;
  lastUsedStep: number | null;
  options?: TotpOptions;
}): number | null {
  const digits = params.options?.digits ?? TOTP_DIGITS;
  const code = params.code.replace(/\s+/g, '');
  if (!new RegExp(`^\\d{${digits}}$`).test(code)) return null;
  const delta = totp(params.secret, params.options).validate({ token: code, timestamp: params.now.getTime(), window: TOTP_WINDOW_STEPS });
  if (delta === null) return null;
  const step = totpStep(params.now) + delta;
  if (params.lastUsedStep !== null && step <= params.lastUsedStep) return null;
  return step;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function otpauthUrl(secret: Secret, accountEmail: string): string {
  return totp(secret, {}, accountEmail).toString();
}

/** A recovery code from random bytes (one byte per character), formatted `xxxxx-xxxxx`. */
export function recoveryCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < RECOVERY_CODE_LENGTH) throw new Error(`a recovery code needs ${RECOVERY_CODE_LENGTH} random bytes`);
  let code = '';
  // 256 is a multiple of 32, so taking each byte modulo 32 keeps every letter equally likely.
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += RECOVERY_ALPHABET[bytes[i]! % RECOVERY_ALPHABET.length];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * A typed recovery code in its stored form (lower case, no dash or spaces; the look-alikes
 * i, l -> 1 and o -> 0 read as Crockford reads them), or null when it cannot be one.
 */
export function normaliseRecoveryCode(input: string): string | null {
  const compact = input.trim().toLowerCase().replace(/[\s-]+/g, '').replace(/[il]/g, '1').replace(/o/g, '0');
  if (compact.length !== RECOVERY_CODE_LENGTH) return null;
  for (const char of compact) if (!RECOVERY_ALPHABET.includes(char)) return null;
  return compact;
}

/** The text file a user downloads with their recovery codes. */
export function recoveryCodesFile(codes: readonly string[], accountEmail: string, createdAt: Date): string {
  return [
    `MYEAI recovery codes for ${accountEmail}`,
    `Created ${createdAt.toISOString().slice(0, 10)}. Each code signs you in once when you cannot use your authenticator app.`,
    'Keep them somewhere safe. Making new codes makes these stop working.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * Failures counted within the window: the count restarts when the window has passed. Returns
 * whether another attempt may be made now.
 */
export function twoFactorAttemptAllowed(failedAttempts: number, failedSince: Date | null, now: Date): boolean {
  if (!failedSince || now.getTime() - failedSince.getTime() >= TWO_FACTOR_FAILURE_WINDOW_MS) return true;
  return failedAttempts < TWO_FACTOR_MAX_FAILURES;
}

/** An address with its last part hidden: IPv4 `203.0.113.x`, IPv6 its first three groups. */
export function maskAddress(address: string | undefined | null): string | null {
  if (!address) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(address);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  if (!address.includes(':')) return null;
  const [head] = address.split('::');
  const groups = (head ?? '').split(':').filter(Boolean).slice(0, 3);
  return `${groups.join(':') || '0'}:…`;
}

export type DeviceDescription = { browser: string | null; os: string | null; deviceType: 'desktop' | 'mobile' | 'tablet' | 'other' };

/** Browser, system and kind of device from a User-Agent header. */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent) return { browser: null, os: null, deviceType: 'other' };
  const { browser, os, device } = new UAParser(userAgent).getResult();
  const name = (part: { name?: string | undefined; version?: string | undefined }, versionParts: number) =>
    part.name ? [part.name, part.version?.split('.').slice(0, versionParts).join('.')].filter(Boolean).join(' ') : null;
  const deviceType = device.type === 'mobile' || device.type === 'tablet' ? device.type : device.type ? 'other' : 'desktop';
  return { browser: name(browser, 1), os: name(os, 2), deviceType };
}
