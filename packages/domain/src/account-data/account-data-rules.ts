import type { NotificationSettings } from '../notifications/notification-rules.ts';

/**
 * The rules of "Your data" (issue 29, part C; docs/decisions/059): how long an export lasts, how long
 * a deletion waits, how long money records are kept, and the signed links of the export download and
 * of one-click unsubscribe. The Privacy Policy quotes these constants, so the page and the server
 * cannot disagree.
 */

/** A prepared data export can be downloaded for this many days from its signed link. */
export const DATA_EXPORT_LIFETIME_DAYS = 7;
/** A deletion request waits this many days before the erasure runs; signing in cancels it. */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;
/** Ledger lines, payments and payouts are kept this many years under a pseudonymous id (tax and accounting). */
export const MONEY_RECORD_RETENTION_YEARS = 7;
/** An account without a password proves itself with a sign-in this recent before deleting. */
export const DELETION_REAUTH_MINUTES = 5;
/** The phrase the person types to confirm a deletion. */
export const DELETE_CONFIRM_PHRASE = 'DELETE';

/**
 * What an admin's action on an erased account answers (409): the row only keeps money records'
 * pseudonymous id, so there is nothing left to change, suspend or export (decision 059).
 */
export const ACCOUNT_ERASED_MESSAGE = 'This account was deleted and its personal data erased: it cannot be changed, suspended or exported.';
/** Cancelling a deletion that is not scheduled (never asked for, cancelled by a sign-in, or erased already). */
export const NO_DELETION_SCHEDULED_MESSAGE = 'This account has no deletion scheduled.';

const DAY_MS = 86_400_000;

export function dataExportExpiresAt(readyAt: Date): Date {
  return new Date(readyAt.getTime() + DATA_EXPORT_LIFETIME_DAYS * DAY_MS);
}

export function accountErasureDueAt(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
}

/** True when a password-less account's sign-in at `signedInAt` is fresh enough to delete at `now`. */
export function isFreshSignIn(signedInAt: Date, now: Date): boolean {
  const age = now.getTime() - signedInAt.getTime();
  return age >= 0 && age <= DELETION_REAUTH_MINUTES * 60_000;
}

/**
 * The e-mail categories a person can turn off, each one of the notification settings (the same
 * switches as the notification settings modal): trading alerts have their own e-mail switch, every
 * other notification e-mail follows Email Notifications.
 */
export const EMAIL_CATEGORIES = ['email_notifications', 'trading_alerts_email'] as const satisfies readonly (keyof NotificationSettings)[];
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

export const EMAIL_CATEGORY_LABELS: Record<EmailCategory, string> = {
  email_notifications: 'notification e-mails',
  trading_alerts_email: 'trading alert e-mails',
};

/** Mail kinds of notifications are `notification.<type>` (the notifications module writes them). */
const NOTIFICATION_MAIL_PREFIX = 'notification.';

/**
 * The category a mail of this kind belongs to, or null for an essential mail (password reset,
 * verification, receipts, security notices, answers to the person's own requests), which cannot be
 * unsubscribed. Only notifications (with their digests and alerts) are optional.
 */
export function emailCategoryOfMailKind(kind: string): EmailCategory | null {
  if (!kind.startsWith(NOTIFICATION_MAIL_PREFIX)) return null;
  return kind === `${NOTIFICATION_MAIL_PREFIX}trading_alert` ? 'trading_alerts_email' : 'email_notifications';
}

/** The footer of an essential mail: why it has no unsubscribe link. */
export const ESSENTIAL_MAIL_FOOTER =
  'This is a service message about your account (security, sign-in, payments or a request you made). It cannot be unsubscribed because it is needed to run your account.';

export function unsubscribeFooter(category: EmailCategory, link: string): string {
  return `You receive ${EMAIL_CATEGORY_LABELS[category]} because they are on in your notification settings. Turn them off with one click: ${link}`;
}

/**
 * Signed links. A token is `<payload>.<mac>`: the payload is base64url of fields joined by `|`, the
 * mac is base64url of HMAC-SHA256(server key, `<purpose>|<payload>`) computed on the server
 * (node:crypto); these are the pure parts. The purpose in the mac keeps a token of one kind from
 * being accepted as another.
 */
export const SIGNED_LINK_PURPOSES = ['unsubscribe', 'data-export'] as const;
export type SignedLinkPurpose = (typeof SIGNED_LINK_PURPOSES)[number];

/** base64url of a 32-byte HMAC-SHA256 is 43 characters. */
const MAC = /^[A-Za-z0-9_-]{43}$/;
const PAYLOAD = /^[A-Za-z0-9_-]{1,400}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeLinkPayload(fields: readonly string[]): string {
  return base64url(fields.join('|'));
}

/** The message the server MACs for a payload. */
export function signedLinkMessage(purpose: SignedLinkPurpose, payload: string): string {
  return `${purpose}|${payload}`;
}

/** Splits `<payload>.<mac>`; null when malformed (the caller answers 400). */
export function splitSignedToken(token: string | null | undefined): { payload: string; mac: string; fields: string[] } | null {
  if (!token || token.length > 500) return null;
  const [payload, mac, ...rest] = token.split('.');
  if (rest.length > 0 || !payload || !mac || !PAYLOAD.test(payload) || !MAC.test(mac)) return null;
  const decoded = fromBase64url(payload);
  if (decoded === null) return null;
  return { payload, mac, fields: decoded.split('|') };
}

/** The person and category of an unsubscribe token's fields, or null. */
export function readUnsubscribeFields(fields: readonly string[]): { userId: string; category: EmailCategory } | null {
  const [userId, category, ...rest] = fields;
  if (rest.length > 0 || !userId || !UUID.test(userId) || !(EMAIL_CATEGORIES as readonly string[]).includes(category ?? '')) return null;
  return { userId, category: category as EmailCategory };
}

/** The export and expiry (unix seconds) of a download token's fields, or null. */
export function readExportFields(fields: readonly string[]): { exportId: string; expiresAt: Date } | null {
  const [exportId, expires, ...rest] = fields;
  if (rest.length > 0 || !exportId || !UUID.test(exportId) || !expires || !/^\d{1,12}$/.test(expires)) return null;
  return { exportId, expiresAt: new Date(Number(expires) * 1000) };
}

function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): string | null {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
