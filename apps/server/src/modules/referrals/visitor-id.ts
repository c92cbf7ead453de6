import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '@myeai/db';
import type { Clock } from '../../clock.ts';
import { insertSigningKeyIfAbsent, selectSigningKey } from './referrals.queries.ts';

/** First-party cookie holding the signed visitor id of the short link and the landing page. */
export const REFERRAL_VISITOR_COOKIE = 'myeai_rvid';

/**
 * Visitor ids of the referral landing page (reliability catalogue T-51): issued by the server as
 * "<32 hex random>.<32 hex HMAC-SHA256 of it>", so a report naming an id the server did not issue
 * is refused. The key is made on first use and kept in signing_keys, shared by every instance.
 */
const KEY_NAME = 'referral-visitor-id';
const TOKEN = /^([0-9a-f]{32})\.([0-9a-f]{32})$/;

const keys = new WeakMap<object, Promise<Buffer>>();

async function readKey(db: DbOrTx): Promise<Buffer | null> {
  const secret = await selectSigningKey(db, KEY_NAME);
  return secret === undefined ? null : Buffer.from(secret, 'hex');
}

/** Made once, by whichever instance comes first (the others keep its key). */
async function loadKey(db: DbOrTx, clock: Clock): Promise<Buffer> {
  const existing = await readKey(db);
  if (existing) return existing;
  await insertSigningKeyIfAbsent(db, KEY_NAME, randomBytes(32).toString('hex'), clock.now());
  const made = await readKey(db);
  if (!made) throw new Error('the visitor signing key vanished');
  return made;
}

/** The key, read once per database handle (a failed read is retried next time). */
export function signingKey(db: DbOrTx, clock: Clock): Promise<Buffer> {
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

function mac(key: Buffer, random: string): string {
  return createHmac('sha256', key).update(`visitor:${random}`).digest('hex').slice(0, 32);
}

export async function issueVisitorId(db: DbOrTx, clock: Clock): Promise<string> {
  const random = randomBytes(16).toString('hex');
  return `${random}.${mac(await signingKey(db, clock), random)}`;
}

/** The random part of a visitor id this server issued, or null (malformed, forged). */
export async function verifyVisitorId(db: DbOrTx, clock: Clock, token: string | null | undefined): Promise<string | null> {
  const match = token ? TOKEN.exec(token) : null;
  if (!match) return null;
  const [, random, given] = match;
  const expected = Buffer.from(mac(await signingKey(db, clock), random!), 'hex');
  const actual = Buffer.from(given!, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? random! : null;
}
