import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '@myeai/db';
import type { Clock } from '../../clock.ts';
import { insertSigningKeyIfAbsent, selectSigningKeySecret } from './mail.queries.ts';

/**
 * The server's own secrets in signing_keys (the referral visitor id, the links e-mails carry): each
 * made on first use by whichever instance comes first (the others keep its key), so every instance
 * signs and checks with the same one and nothing has to be configured.
 */
const keys = new WeakMap<object, Map<string, Promise<Buffer>>>();

async function readKey(db: DbOrTx, name: string): Promise<Buffer | null> {
  const secret = await selectSigningKeySecret(db, name);
  return secret === undefined ? null : Buffer.from(secret, 'hex');
}

async function loadKey(db: DbOrTx, clock: Clock, name: string): Promise<Buffer> {
  const existing = await readKey(db, name);
  if (existing) return existing;
  await insertSigningKeyIfAbsent(db, name, randomBytes(32).toString('hex'), clock.now());
  const made = await readKey(db, name);
  if (!made) throw new Error(`the signing key ${name} vanished`);
  return made;
}

/** The key `name`, read once per database handle (a failed read is retried next time). */
export function namedSigningKey(db: DbOrTx, clock: Clock, name: string): Promise<Buffer> {
  let byName = keys.get(db);
  if (!byName) {
    byName = new Map();
    keys.set(db, byName);
  }
  let key = byName.get(name);
  if (!key) {
    key = loadKey(db, clock, name).catch((error: unknown) => {
      byName.delete(name);
      throw error;
    });
    byName.set(name, key);
  }
  return key;
}
