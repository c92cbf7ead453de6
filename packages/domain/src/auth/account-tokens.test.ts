import { describe, expect, test } from 'vitest';
import {
  ACCOUNT_TOKEN_SEND_LIMIT,
  ACCOUNT_TOKEN_TTL_MS,
  accountLinkVerdict,
  accountTokenExpiry,
  ChangeEmailInputSchema,
  mayIssueAccountToken,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
} from './account-tokens.ts';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const MINUTE = 60_000;

describe('account link lifetimes (issue 29)', () => {
  test('a reset link works 30 minutes, verification and e-mail change links 24 hours', () => {
    expect(ACCOUNT_TOKEN_TTL_MS).toEqual({ password_reset: 30 * MINUTE, email_verification: 24 * 60 * MINUTE, email_change: 24 * 60 * MINUTE });
    expect(accountTokenExpiry('password_reset', NOW).toISOString()).toBe('2026-03-01T12:30:00.000Z');
    expect(accountTokenExpiry('email_verification', NOW).toISOString()).toBe('2026-03-02T12:00:00.000Z');
  });
});

describe('accountLinkVerdict', () => {
  const reset = { purpose: 'password_reset', expiresAt: accountTokenExpiry('password_reset', NOW), usedAt: null };

  test('works until the last millisecond of its lifetime, not at its end', () => {
    expect(accountLinkVerdict(reset, ['password_reset'], NOW)).toBe('ok');
    expect(accountLinkVerdict(reset, ['password_reset'], new Date(NOW.getTime() + 30 * MINUTE - 1))).toBe('ok');
    expect(accountLinkVerdict(reset, ['password_reset'], new Date(NOW.getTime() + 30 * MINUTE))).toBe('expired');
  });

  test('an unknown token or one of another purpose is invalid', () => {
    expect(accountLinkVerdict(undefined, ['password_reset'], NOW)).toBe('invalid');
    expect(accountLinkVerdict(reset, ['email_verification', 'email_change'], NOW)).toBe('invalid');
    expect(accountLinkVerdict({ ...reset, purpose: 'something_else' }, ['password_reset'], NOW)).toBe('invalid');
  });

  test('a used link reads used, also after it expired', () => {
    const used = { ...reset, usedAt: NOW };
    expect(accountLinkVerdict(used, ['password_reset'], NOW)).toBe('used');
    expect(accountLinkVerdict(used, ['password_reset'], new Date(NOW.getTime() + 60 * MINUTE))).toBe('used');
  });
});

describe('mayIssueAccountToken (links per account per hour)', () => {
  const ago = (minutes: number) => new Date(NOW.getTime() - minutes * MINUTE);

  test(`allows ${ACCOUNT_TOKEN_SEND_LIMIT.max} links within an hour, not one more`, () => {
    expect(mayIssueAccountToken([], NOW)).toBe(true);
    expect(mayIssueAccountToken([ago(1), ago(2)], NOW)).toBe(true);
    expect(mayIssueAccountToken([ago(1), ago(2), ago(59)], NOW)).toBe(false);
  });

  test('links older than the hour no longer count', () => {
    expect(mayIssueAccountToken([ago(1), ago(2), ago(60)], NOW)).toBe(true);
    expect(mayIssueAccountToken([ago(61), ago(90), ago(120)], NOW)).toBe(true);
  });
});

describe('input schemas', () => {
  test('addresses are trimmed and lower-cased', () => {
    expect(PasswordResetRequestSchema.parse({ email: ' Ada@Example.COM ' })).toEqual({ email: 'ada@example.com' });
    expect(ChangeEmailInputSchema.parse({ new_email: 'New@Example.com' })).toEqual({ new_email: 'new@example.com' });
  });

  test('a new password follows the sign-up rule', () => {
    expect(PasswordResetConfirmSchema.safeParse({ token: 'abc', password: 'short' }).error?.issues[0]?.message).toBe('Use at least 10 characters.');
    expect(PasswordResetConfirmSchema.safeParse({ token: '', password: 'long enough passphrase' }).success).toBe(false);
    expect(PasswordResetConfirmSchema.safeParse({ token: 'x'.repeat(201), password: 'long enough passphrase' }).success).toBe(false);
  });
});
