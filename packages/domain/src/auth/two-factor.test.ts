import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  describeUserAgent,
  maskAddress,
  normaliseRecoveryCode,
  RECOVERY_CODE_COUNT,
  recoveryCodeFromBytes,
  recoveryCodesFile,
  totpCode,
  totpStep,
  twoFactorAttemptAllowed,
  TWO_FACTOR_FAILURE_WINDOW_MS,
  TWO_FACTOR_MAX_FAILURES,
  verifyTotp,
} from './two-factor.ts';

// RFC 6238 appendix B: the SHA1 seed is the ASCII string "12345678901234567890", codes of 8 digits.
const RFC_SECRET = Secret.fromLatin1('12345678901234567890');
const RFC_VECTORS: readonly [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];
const EIGHT = { digits: 8 } as const;

describe('TOTP (RFC 6238)', () => {
  it.each(RFC_VECTORS)('at %i s the SHA1 code is %s, and it verifies at that time', (seconds, code) => {
    const at = new Date(seconds * 1000);
    expect(totpCode(RFC_SECRET, at, EIGHT)).toBe(code);
    expect(verifyTotp({ secret: RFC_SECRET, code, now: at, lastUsedStep: null, options: EIGHT })).toBe(totpStep(at));
  });

  it('accepts a code one step old or one step early (clock drift), not two', () => {
    const at = new Date(1111111111 * 1000);
    const code = '14050471';
    const step = totpStep(at);
    expect(verifyTotp({ secret: RFC_SECRET, code, now: new Date(at.getTime() + 30_000), lastUsedStep: null, options: EIGHT })).toBe(step);
    expect(verifyTotp({ secret: RFC_SECRET, code, now: new Date(at.getTime() - 30_000), lastUsedStep: null, options: EIGHT })).toBe(step);
    expect(verifyTotp({ secret: RFC_SECRET, code, now: new Date(at.getTime() + 61_000), lastUsedStep: null, options: EIGHT })).toBeNull();
  });

  it('refuses a code of the step already used, or of an older step (no replay)', () => {
    const at = new Date(1234567890 * 1000);
    const step = totpStep(at);
    expect(verifyTotp({ secret: RFC_SECRET, code: '89005924', now: at, lastUsedStep: step, options: EIGHT })).toBeNull();
    expect(verifyTotp({ secret: RFC_SECRET, code: '89005924', now: at, lastUsedStep: step + 1, options: EIGHT })).toBeNull();
    expect(verifyTotp({ secret: RFC_SECRET, code: '89005924', now: at, lastUsedStep: step - 1, options: EIGHT })).toBe(step);
  });

  it('refuses a wrong code and anything that is not the right number of digits', () => {
    const at = new Date(59_000);
    for (const code of ['94287083', '9428708', '942870822', 'abcdefgh', '']) {
      expect(verifyTotp({ secret: RFC_SECRET, code, now: at, lastUsedStep: null, options: EIGHT })).toBeNull();
    }
  });

  it('six-digit codes by default, spaces ignored', () => {
    const secret = new Secret({ size: 20 });
    const at = new Date('2026-01-05T10:00:00Z');
    const code = totpCode(secret, at);
    expect(code).toMatch(/^\d{6}$/);
    expect(verifyTotp({ secret, code: `${code.slice(0, 3)} ${code.slice(3)}`, now: at, lastUsedStep: null })).toBe(totpStep(at));
  });
});

describe('recovery codes', () => {
  it('are ten characters of an unambiguous alphabet in two groups', () => {
    const code = recoveryCodeFromBytes(new Uint8Array([0, 1, 31, 32, 63, 200, 255, 17, 18, 19]));
    expect(code).toBe('01z0z-8zhjk');
    expect(RECOVERY_CODE_COUNT).toBe(10);
    expect(() => recoveryCodeFromBytes(new Uint8Array(9))).toThrow();
  });

  it('are read back whatever the case, dashes and spaces, look-alikes as their digits', () => {
    expect(normaliseRecoveryCode('01ZZZ-8ZHJK')).toBe('01zzz8zhjk');
    expect(normaliseRecoveryCode(' 01zzz 8zhjk ')).toBe('01zzz8zhjk');
    expect(normaliseRecoveryCode('O1zzz-8zhjk')).toBe('01zzz8zhjk');
    expect(normaliseRecoveryCode('01zzz-8zhj')).toBeNull();
    expect(normaliseRecoveryCode('01zzz-8zhj!')).toBeNull();
    expect(normaliseRecoveryCode('01zzu-8zhjk')).toBeNull();
  });

  it('download as a text file naming the account and saying each works once', () => {
    const file = recoveryCodesFile(['aaaaa-bbbbb', 'ccccc-ddddd'], 'me@example.com', new Date('2026-01-05T10:00:00Z'));
    expect(file).toContain('me@example.com');
    expect(file).toContain('2026-01-05');
    expect(file).toContain('once');
    expect(file.split('\n')).toContain('ccccc-ddddd');
  });
});

describe('two-factor attempt limit', () => {
  const now = new Date('2026-01-05T10:00:00Z');
  it(`allows ${TWO_FACTOR_MAX_FAILURES} failures in the window, then refuses until it has passed`, () => {
    const since = new Date(now.getTime() - 60_000);
    expect(twoFactorAttemptAllowed(0, null, now)).toBe(true);
    expect(twoFactorAttemptAllowed(TWO_FACTOR_MAX_FAILURES - 1, since, now)).toBe(true);
    expect(twoFactorAttemptAllowed(TWO_FACTOR_MAX_FAILURES, since, now)).toBe(false);
    expect(twoFactorAttemptAllowed(TWO_FACTOR_MAX_FAILURES, new Date(now.getTime() - TWO_FACTOR_FAILURE_WINDOW_MS), now)).toBe(true);
  });
});

describe('what my sessions shows', () => {
  it('masks the last part of an address', () => {
    expect(maskAddress('203.0.113.42')).toBe('203.0.113.x');
    expect(maskAddress('::ffff:198.51.100.7')).toBe('198.51.100.x');
    expect(maskAddress('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3:…');
    expect(maskAddress('::1')).toBe('0:…');
    expect(maskAddress(undefined)).toBeNull();
    expect(maskAddress('not an address')).toBeNull();
  });

  it('names browser, system and device from the user agent', () => {
    const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
    expect(describeUserAgent(chrome)).toEqual({ browser: 'Chrome 120', os: 'Windows 10', deviceType: 'desktop' });
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';
    expect(describeUserAgent(iphone)).toMatchObject({ browser: 'Mobile Safari 17', os: 'iOS 17.2', deviceType: 'mobile' });
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null, deviceType: 'other' });
  });
});
