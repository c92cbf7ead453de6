import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { PayoutDetailsSchema, StripePayoutDetailsSchema, type PayoutDetails, type StripePayoutDetails } from '@myeai/domain';

/** What a payout method or item stores: typed details, or a connected Stripe account (decision 069). */
export type StoredPayoutDetails = PayoutDetails | StripePayoutDetails;
const StoredPayoutDetailsSchema = z.union([PayoutDetailsSchema, StripePayoutDetailsSchema]);

/**
 * Payout details at rest (decision 060): AES-256-GCM under PAYOUT_DETAILS_KEY when one is set
 * ("enc:v1:iv:tag:ciphertext"), else marked plain ("plain:json"), as two-factor secrets are
 * (decision 058). Rotation (decision 070): the server reads details sealed under
 * PAYOUT_DETAILS_KEY or, during a rotation, PAYOUT_DETAILS_KEY_PREVIOUS; `npm run
 * payouts:rotate-key` reseals every stored row under the current key (resealDetails).
 */
const ENCRYPTED = 'enc:v1:';
const PLAIN = 'plain:';

export function sealDetails(details: StoredPayoutDetails, keyHex: string | undefined): string {
  return sealJson(JSON.stringify(details), keyHex);
}

function sealJson(json: string, keyHex: string | undefined): string {
  if (!keyHex) return `${PLAIN}${json}`;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), iv);
  const sealed = Buffer.concat([cipher.update(json, 'utf8'), cipher.final()]);
  return `${ENCRYPTED}${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${sealed.toString('base64url')}`;
}

/** The keys details may be sealed under: the current one and, during a rotation, the previous one (AppConfig's fields). */
export type PayoutKeyRing = { payoutDetailsKey?: string | undefined; payoutDetailsKeyPrevious?: string | undefined };

/** The JSON sealed under this key, or null when it was sealed under another (GCM's tag does not authenticate). */
function openJson(stored: string, keyHex: string): string | null {
  const [iv, tag, sealed] = stored.slice(ENCRYPTED.length).split(':');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), Buffer.from(iv!, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
  try {
    return Buffer.concat([decipher.update(Buffer.from(sealed!, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

const keysOf = (keys: string | undefined | PayoutKeyRing): string[] =>
  (typeof keys === 'object' ? [keys.payoutDetailsKey, keys.payoutDetailsKeyPrevious] : [keys]).filter((key): key is string => Boolean(key));

/** Opens stored details: plain, or sealed under the current key or (during a rotation) the previous one. */
export function openDetails(stored: string, keys: string | undefined | PayoutKeyRing): StoredPayoutDetails {
  if (stored.startsWith(PLAIN)) return StoredPayoutDetailsSchema.parse(JSON.parse(stored.slice(PLAIN.length)));
  const ring = keysOf(keys);
  if (ring.length === 0) throw new Error('Payout details are encrypted but PAYOUT_DETAILS_KEY is not set');
  for (const key of ring) {
    const json = openJson(stored, key);
    if (json !== null) return StoredPayoutDetailsSchema.parse(JSON.parse(json));
  }
  throw new Error(ring.length > 1 ? 'Payout details are sealed under neither PAYOUT_DETAILS_KEY nor PAYOUT_DETAILS_KEY_PREVIOUS' : 'Payout details are sealed under another key than PAYOUT_DETAILS_KEY');
}

export type ResealOutcome = 'current' | 'resealed' | 'sealed_plain';

/**
 * One stored value under the current key (the rotation, decision 070): sealed under it already ->
 * left as it is ('current', so running the rotation twice changes nothing); sealed under the
 * previous key -> the same JSON text sealed under the current one; plain -> sealed. A value under
 * neither key throws (the rotation writes nothing then).
 */
export function resealDetails(stored: string, keys: { key: string; previousKey?: string | undefined }): { outcome: ResealOutcome; value: string } {
  if (stored.startsWith(PLAIN)) return { outcome: 'sealed_plain', value: sealJson(stored.slice(PLAIN.length), keys.key) };
  if (!stored.startsWith(ENCRYPTED)) throw new Error('Not a stored payout details value');
  if (openJson(stored, keys.key) !== null) return { outcome: 'current', value: stored };
  const json = keys.previousKey ? openJson(stored, keys.previousKey) : null;
  if (json === null) throw new Error(keys.previousKey ? 'sealed under neither the new key nor the previous one' : 'sealed under another key than the new one, and no previous key was given');
  return { outcome: 'resealed', value: sealJson(json, keys.key) };
}
