import { describe, expect, test } from 'vitest';
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  accountErasureDueAt,
  DATA_EXPORT_LIFETIME_DAYS,
  dataExportExpiresAt,
  DELETE_CONFIRM_PHRASE,
  emailCategoryOfMailKind,
  encodeLinkPayload,
  isFreshSignIn,
  readExportFields,
  readUnsubscribeFields,
  signedLinkMessage,
  splitSignedToken,
  unsubscribeFooter,
} from './account-data-rules.ts';
import { DeleteAccountInputSchema } from '../schemas/account-data.ts';

const USER = '0b5a3f2e-1c4d-4e6f-8a9b-0c1d2e3f4a5b';
const MAC = 'A'.repeat(43);

describe('account data constants', () => {
  test('an export lasts 7 days, a deletion waits 14 days', () => {
    expect(DATA_EXPORT_LIFETIME_DAYS).toBe(7);
    expect(ACCOUNT_DELETION_GRACE_DAYS).toBe(14);
    const at = new Date('2026-01-01T10:00:00Z');
    expect(dataExportExpiresAt(at).toISOString()).toBe('2026-01-08T10:00:00.000Z');
    expect(accountErasureDueAt(at).toISOString()).toBe('2026-01-15T10:00:00.000Z');
  });

  test('a password-less account deletes only within 5 minutes of signing in', () => {
    const signedIn = new Date('2026-01-01T10:00:00Z');
    expect(isFreshSignIn(signedIn, new Date('2026-01-01T10:05:00Z'))).toBe(true);
    expect(isFreshSignIn(signedIn, new Date('2026-01-01T10:05:01Z'))).toBe(false);
    expect(isFreshSignIn(signedIn, new Date('2026-01-01T09:59:00Z'))).toBe(false);
  });

  test('the confirm phrase must be typed exactly', () => {
    expect(DeleteAccountInputSchema.safeParse({ password: 'x', confirm: DELETE_CONFIRM_PHRASE }).success).toBe(true);
    const wrong = DeleteAccountInputSchema.safeParse({ password: 'x', confirm: 'delete' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe('Type DELETE to confirm.');
  });
});

describe('e-mail categories', () => {
  test('notification mails are optional, trading alerts follow their own switch', () => {
    expect(emailCategoryOfMailKind('notification.commission')).toBe('email_notifications');
    expect(emailCategoryOfMailKind('notification.system')).toBe('email_notifications');
    expect(emailCategoryOfMailKind('notification.trading_alert')).toBe('trading_alerts_email');
  });

  test('every other kind is essential (reset, verification, receipts, security notices)', () => {
    for (const kind of ['auth.password_reset', 'auth.verify_email', 'billing.receipt', 'account.deletion_scheduled', 'welcome', 'notifications']) {
      expect(emailCategoryOfMailKind(kind)).toBeNull();
    }
  });

  test('the footer names the category and carries the link', () => {
    expect(unsubscribeFooter('trading_alerts_email', 'https://x/u')).toContain('trading alert e-mails');
    expect(unsubscribeFooter('trading_alerts_email', 'https://x/u')).toContain('https://x/u');
  });
});

describe('signed link tokens', () => {
  test('a payload round-trips through the token', () => {
    const payload = encodeLinkPayload([USER, 'email_notifications']);
    const split = splitSignedToken(`${payload}.${MAC}`);
    expect(split).toEqual({ payload, mac: MAC, fields: [USER, 'email_notifications'] });
    expect(readUnsubscribeFields(split!.fields)).toEqual({ userId: USER, category: 'email_notifications' });
  });

  test('the purpose is part of the signed message, so one kind of token is not another', () => {
    expect(signedLinkMessage('unsubscribe', 'p')).not.toBe(signedLinkMessage('data-export', 'p'));
  });

  test('malformed tokens are refused', () => {
    const payload = encodeLinkPayload([USER, 'email_notifications']);
    expect(splitSignedToken(undefined)).toBeNull();
    expect(splitSignedToken('')).toBeNull();
    expect(splitSignedToken(payload)).toBeNull();
    expect(splitSignedToken(`${payload}.${MAC}.x`)).toBeNull();
    expect(splitSignedToken(`${payload}.short`)).toBeNull();
    expect(splitSignedToken(`${payload}!.${MAC}`)).toBeNull();
    expect(splitSignedToken(`${'a'.repeat(600)}.${MAC}`)).toBeNull();
  });

  test('fields must name a person and a known category, or an export and an expiry', () => {
    expect(readUnsubscribeFields([USER, 'commission_alerts'])).toBeNull();
    expect(readUnsubscribeFields(['not-a-uuid', 'email_notifications'])).toBeNull();
    expect(readUnsubscribeFields([USER, 'email_notifications', 'extra'])).toBeNull();
    expect(readExportFields([USER, '1767225600'])).toEqual({ exportId: USER, expiresAt: new Date('2026-01-01T00:00:00Z') });
    expect(readExportFields([USER, 'soon'])).toBeNull();
    expect(readExportFields([USER])).toBeNull();
  });
});
