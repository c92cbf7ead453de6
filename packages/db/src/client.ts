import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { lockDataDir } from './data-dir-lock.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Transaction;

export type DatabaseHandle =
  | { kind: 'pglite'; db: Database; client: PGlite; close: () => Promise<void> }
  | { kind: 'postgres'; db: Database; pool: pg.Pool; connectionString: string; close: () => Promise<void> };

export type DatabaseConfig =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; connectionString: string; poolSize?: number };

/** An existing embedded database that PGlite cannot open: the way back is a backup. */
export class DataDirUnreadableError extends Error {
  constructor(dataDir: string, cause: unknown) {
    super(
      `The embedded database in ${dataDir} cannot be opened (${cause instanceof Error ? cause.message : String(cause)}). ` +
        'Move that folder aside, then bring back your latest backup into an empty folder with `npm run restore <file>` ' +
        '(DATA_DIR names the folder), and start again.',
      { cause },
    );
    this.name = 'DataDirUnreadableError';
  }
}

const MIGRATION_LOCK_KEY = 7_245_001;
const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Opens the database and applies every pending migration. */
export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.kind === 'pglite') {
    const release = config.dataDir ? lockDataDir(config.dataDir) : () => undefined;
    try {
      const existing = config.dataDir !== undefined && existsSync(join(config.dataDir, 'PG_VERSION'));
      const client = await PGlite.create(config.dataDir ?? 'memory://', config.loadDataDir ? { loadDataDir: config.loadDataDir } : {}).catch((error: unknown) => {
        throw existing ? new DataDirUnreadableError(config.dataDir!, error) : error;
      });
      const db = drizzlePglite(client, { schema }) as unknown as Database;
      await migratePglite(db as never, { migrationsFolder });
      return {
        kind: 'pglite',
        db,
        client,
        close: async () => {
          await client.close();
          release();
        },
      };
    } catch (error) {
      release();
      throw error;
    }
  }
  const pool = new pg.Pool({ connectionString: config.connectionString, max: config.poolSize ?? 10 });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it and the next query reports any lasting problem.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  try {
    // Several app servers may start at once against one PostgreSQL: one migrates, the others wait.
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(lockClient, { schema }) as never, { migrationsFolder });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      lockClient.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { kind: 'postgres', db, pool, connectionString: config.connectionString, close: () => pool.end() };
}
