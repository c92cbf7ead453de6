/**
 * `npm run payouts:rotate-key [-- --dry-run]`: reseals every stored payout details value (payees'
 * methods and payout items' snapshots) under PAYOUT_DETAILS_KEY, opening those still sealed under
 * PAYOUT_DETAILS_KEY_PREVIOUS (decision 070, README "Rotating the payout details key"). One
 * transaction; a value already under the new key is left, so running it again changes nothing.
 * Plain values (stored while no key was set) are sealed too. The embedded database admits one
 * process: stop the server first; on PostgreSQL it runs beside the servers, which read either key
 * while PAYOUT_DETAILS_KEY_PREVIOUS is set.
 */
import { DataDirLockedError, openDatabase } from '@myeai/db';
import { systemClock } from '../clock.ts';
import { readServerEnv } from '../env.ts';
import { rotatePayoutDetailsKey, type RotationReport } from '../modules/payouts/index.ts';

const USAGE = 'Usage: PAYOUT_DETAILS_KEY=<new> PAYOUT_DETAILS_KEY_PREVIOUS=<old> npm run payouts:rotate-key [-- --dry-run]';

const line = (label: string, counts: RotationReport['methods'], dryRun: boolean) =>
  `${label}: ${counts.resealed} ${dryRun ? 'to reseal' : 'resealed'} from the previous key, ${counts.sealed_plain} plain ${dryRun ? 'to seal' : 'sealed'}, ${counts.current} already under the new key`;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== '--dry-run');
  if (unknown.length > 0) throw new Error(`Unknown argument ${unknown[0]}. ${USAGE}`);
  const dryRun = args.includes('--dry-run');
  const { dataDir, databaseUrl, config } = readServerEnv();
  if (!config.payoutDetailsKey) throw new Error(`PAYOUT_DETAILS_KEY (the new key) is not set. ${USAGE}`);

  const database = await (databaseUrl ? openDatabase({ kind: 'postgres', connectionString: databaseUrl }) : openDatabase({ kind: 'pglite', dataDir })).catch((error: unknown) => {
    if (error instanceof DataDirLockedError) {
      throw new Error(`${error.message}\nThe embedded database admits one process: stop the server, run this again, then start the server with the new key only.`);
    }
    throw error;
  });
  try {
    const report = await rotatePayoutDetailsKey(database.db, systemClock, { key: config.payoutDetailsKey, previousKey: config.payoutDetailsKeyPrevious }, { dryRun });
    process.stdout.write(`${dryRun ? 'Dry run, nothing written. ' : ''}${line('Payout methods', report.methods, dryRun)}.\n${line('Payout items', report.items, dryRun)}.\n`);
    if (!dryRun) process.stdout.write('Every payout details value is now sealed under PAYOUT_DETAILS_KEY: unset PAYOUT_DETAILS_KEY_PREVIOUS and restart the servers.\n');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
