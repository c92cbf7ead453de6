import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '@myeai/db';
import { encodeLinkPayload, signedLinkMessage, splitSignedToken, type SignedLinkPurpose } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { namedSigningKey } from './signing-keys.ts';

/**
 * Signed links that e-mails carry and that work without signing in (one-click unsubscribe, the
 * data export download; docs/decisions/059), signed with the server's own key (signing-keys.ts).
 */
const KEY_NAME = 'account-links';

const linkKey = (db: DbOrTx, clock: Clock) => namedSigningKey(db, clock, KEY_NAME);

function mac(key: Buffer, purpose: SignedLinkPurpose, payload: string): Buffer {
  return createHmac('sha256', key).update(signedLinkMessage(purpose, payload)).digest();
}

export async function signLink(db: DbOrTx, clock: Clock, purpose: SignedLinkPurpose, fields: readonly string[]): Promise<string> {
  const payload = encodeLinkPayload(fields);
  return `${payload}.${mac(await linkKey(db, clock), purpose, payload).toString('base64url')}`;
}

/** The signed fields of a token this server issued for `purpose`, or null (malformed, tampered, another purpose). */
export async function verifyLink(db: DbOrTx, clock: Clock, purpose: SignedLinkPurpose, token: string | undefined): Promise<string[] | null> {
  const split = splitSignedToken(token);
  if (!split) return null;
  // Compared as text: base64url's last character has spare bits, so decoding first would accept
  // a changed character that decodes to the same bytes.
  const expected = Buffer.from(mac(await linkKey(db, clock), purpose, split.payload).toString('base64url'));
  const given = Buffer.from(split.mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? split.fields : null;
}

/**
 * The origin links in e-mails point to: PUBLIC_URL, else the local address the server listens on
 * by default (mails are composed in jobs, where no request tells the host).
 */
export function linkOrigin(publicUrl: string | undefined): string {
  return (publicUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
}
