import type { DbOrTx } from '@myeai/db';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { resealDetails, type ResealOutcome } from './payout-details-seal.ts';
import { selectSealedForUpdate, updateSealed, type SealedRow } from './payout-key-rotation.queries.ts';

export type RotationCounts = Record<ResealOutcome, number>;
export type RotationReport = { dry_run: boolean; methods: RotationCounts; items: RotationCounts };

const TABLES = { methods: 'payout_methods', items: 'payout_items' } as const;

/**
 * The payout details key rotation (decision 070, `npm run payouts:rotate-key`): every stored
 * payout details value, the payees' methods and the snapshots payout items keep, resealed under
 * `key`: a value sealed under `previousKey` is opened and sealed again, a plain one (stored while
 * no key was set) is sealed, a value already under `key` is left as it is, so a second run (or a
 * run cut short and started again) changes nothing more. One transaction with every row locked:
 * a value under neither key stops the rotation with the row named and nothing written. Audited
 * (`payout.key.rotate`, no actor: it runs from a shell) with the counts, never a key.
 */
export async function rotatePayoutDetailsKey(db: DbOrTx, clock: Clock, keys: { key: string; previousKey?: string | undefined }, options: { dryRun?: boolean } = {}): Promise<RotationReport> {
  if (keys.previousKey && keys.previousKey.toLowerCase() === keys.key.toLowerCase()) throw new Error('The previous key is the new key: nothing to rotate.');
  return db.transaction(async (tx) => {
    const report: RotationReport = { dry_run: Boolean(options.dryRun), methods: { current: 0, resealed: 0, sealed_plain: 0 }, items: { current: 0, resealed: 0, sealed_plain: 0 } };
    for (const [name, table] of Object.entries(TABLES) as [keyof typeof TABLES, (typeof TABLES)[keyof typeof TABLES]][]) {
      const changed: SealedRow[] = [];
      for (const row of await selectSealedForUpdate(tx, table)) {
        let resealed: ReturnType<typeof resealDetails>;
        try {
          resealed = resealDetails(row.details, keys);
        } catch (error) {
          throw new Error(`${table} ${row.id}: ${error instanceof Error ? error.message : String(error)}. Nothing was changed.`, { cause: error });
        }
        report[name][resealed.outcome] += 1;
        if (resealed.outcome !== 'current') changed.push({ id: row.id, details: resealed.value });
      }
      if (!options.dryRun && (await updateSealed(tx, table, changed)) !== changed.length) throw new Error(`${table}: a row changed during the rotation. Nothing was changed; run it again.`);
    }
    if (!options.dryRun) await recordAudit(tx, clock, { actorId: null, action: 'payout.key.rotate', target: 'payout details', details: { methods: report.methods, items: report.items } });
    return report;
  });
}
