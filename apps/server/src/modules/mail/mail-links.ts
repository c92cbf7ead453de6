import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '@myeai/db';
import { encodeLinkPayload, signedLinkMessage, splitSignedToken, type SignedLinkPurpose } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { insertSigningKeyIfAbsent, selectSigningKeySecret } from './mail.queries.ts';

/**
 * Signed links that e-mails carry and that work without signing in (one-click unsubscribe, the
 * data export download; docs/decisions/059). The key is the server's own secret in signing_keys,
 * made on first use like the referral visitor key, so every instance signs and checks with the same
 * one and nothing has to be configured.
 */
const KEY_NAME = 'account-links';
const keys = new WeakMap<object, Promise<Buffer>>();

async function readKey(db: DbOrTx): Promise<Buffer | null> {
  const secret = await selectSigningKeySecret(db, KEY_NAME);
  return secret === undefined ? null : Buffer.from(secret, 'hex');
}

async function loadKey(db: DbOrTx, clock: Clock): Promise<Buffer> {
  const existing = await readKey(db);
  if (existing) return existing;
  await insertSigningKeyIfAbsent(db, KEY_NAME, randomBytes(32).toString('hex'), clock.now());
  const made = await readKey(db);
  if (!made) throw new Error('the account link key vanished');
  return made;
}

/** The key, read once per database handle (a failed read is retried next time). */
function linkKey(db: DbOrTx, clock: Clock): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db, clock).catch((error: unknown) => {
      keys.delete(db);
      throw error;
    });
    keys.set(db, key);
  }
  return key;
}

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
