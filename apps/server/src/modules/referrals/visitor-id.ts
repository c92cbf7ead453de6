import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '@myeai/db';
import type { Clock } from '../../clock.ts';
import { namedSigningKey } from '../mail/index.ts';

/** First-party cookie holding the signed visitor id of the short link and the landing page. */
export const REFERRAL_VISITOR_COOKIE = 'myeai_rvid';

/**
 * Visitor ids of the referral landing page (reliability catalogue T-51): issued by the server as
 * "<32 hex random>.<32 hex HMAC-SHA256 of it>", so a report naming an id the server did not issue
 * is refused. The key is the server's own, kept in signing_keys (namedSigningKey).
 */
const KEY_NAME = 'referral-visitor-id';
const TOKEN = /^([0-9a-f]{32})\.([0-9a-f]{32})$/;

/** The key, read once per database handle (signing-keys.ts). */
export function signingKey(db: DbOrTx, clock: Clock): Promise<Buffer> {
  return namedSigningKey(db, clock, KEY_NAME);
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
