/** `npm run restore <file>`: brings a backup back into DATA_DIR, which must be empty or missing. */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { restoreDataDir } from '@myeai/db';
import { readServerEnv } from '../env.ts';

async function main(): Promise<void> {
  const { dataDir, databaseUrl } = readServerEnv();
  if (databaseUrl) throw new Error('DATABASE_URL is set: restore a PostgreSQL server with pg_restore or psql (see the README, Backups).');
  const file = process.argv[2];
  if (!file) throw new Error('Name the backup file: npm run restore <file>');
  if (!existsSync(file)) throw new Error(`${resolve(file)} does not exist.`);
  await restoreDataDir(dataDir, new Blob([readFileSync(file)]));
  process.stdout.write(`Restored ${resolve(file)} into ${dataDir}. Start the server with npm start.\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
