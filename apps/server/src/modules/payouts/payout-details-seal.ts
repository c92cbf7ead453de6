import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { PayoutDetailsSchema, StripePayoutDetailsSchema, type PayoutDetails, type StripePayoutDetails } from '@myeai/domain';

/** What a payout method or item stores: typed details, or a connected Stripe account (decision 069). */
export type StoredPayoutDetails = PayoutDetails | StripePayoutDetails;
const StoredPayoutDetailsSchema = z.union([PayoutDetailsSchema, StripePayoutDetailsSchema]);

/**
 * Payout details at rest (decision 060): AES-256-GCM under PAYOUT_DETAILS_KEY when one is set
 * ("enc:v1:iv:tag:ciphertext"), else marked plain ("plain:json"), as two-factor secrets are
 * (decision 058). Rotation: decrypt with the old key and reseal with the new one (see the decision).
 */
const ENCRYPTED = 'enc:v1:';
const PLAIN = 'plain:';

export function sealDetails(details: StoredPayoutDetails, keyHex: string | undefined): string {
  const json = JSON.stringify(details);
  if (!keyHex) return `${PLAIN}${json}`;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), iv);
  const sealed = Buffer.concat([cipher.update(json, 'utf8'), cipher.final()]);
  return `${ENCRYPTED}${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${sealed.toString('base64url')}`;
}

export function openDetails(stored: string, keyHex: string | undefined): StoredPayoutDetails {
  if (stored.startsWith(PLAIN)) return StoredPayoutDetailsSchema.parse(JSON.parse(stored.slice(PLAIN.length)));
  if (!keyHex) throw new Error('Payout details are encrypted but PAYOUT_DETAILS_KEY is not set');
  const [iv, tag, sealed] = stored.slice(ENCRYPTED.length).split(':');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), Buffer.from(iv!, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
  const json = Buffer.concat([decipher.update(Buffer.from(sealed!, 'base64url')), decipher.final()]).toString('utf8');
  return StoredPayoutDetailsSchema.parse(JSON.parse(json));
}
