import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';

/**
 * Written by a running server into its data folder: where it listens and the key that lets
 * `npm run backup` ask it for a snapshot. Whoever can read the data folder can read the whole
 * database anyway, so the key grants nothing more than the folder does.
 */
export const BACKUP_ACCESS_FILE = 'backup-access.json';

export type BackupAccess = { url: string; key: string };

export function writeBackupAccess(dataDir: string, access: BackupAccess): void {
  writeFileSync(join(dataDir, BACKUP_ACCESS_FILE), JSON.stringify(access), { mode: 0o600 });
}

export function readBackupAccess(dataDir: string): BackupAccess | undefined {
  const path = join(dataDir, BACKUP_ACCESS_FILE);
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')) as BackupAccess;
}

/**
 * A consistent snapshot of an open embedded database: a tarball of its data folder, gzipped by default.
 * PGlite runs one statement at a time and dumps the folder between two of them; the checkpoint
 * first writes every committed change into the table files, so the copy opens without replaying
 * the write-ahead log. Uncompressed (`'none'`) for a copy that is loaded at once, as the tests'
 * database templates are: it loads faster.
 */
export async function snapshotPglite(client: PGlite, compression: 'gzip' | 'none' = 'gzip'): Promise<Blob> {
  await client.exec('CHECKPOINT');
  return client.dumpDataDir(compression);
}

/** The snapshot of a data folder no server is using; the folder lock keeps a server out meanwhile. */
export async function snapshotStoppedDataDir(dataDir: string): Promise<Blob> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new Error(`${dataDir} holds no MYEAI database.`);
  const release = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(dataDir);
    try {
      return await snapshotPglite(client);
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/**
 * Unpacks a snapshot into an empty (or missing) data folder and opens it once, which applies the
 * migrations the snapshot predates. A folder holding anything is refused: restoring over a
 * database would mix two of them.
 */
export async function restoreDataDir(dataDir: string, snapshot: Blob): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`The data folder ${dataDir} is not empty: restore into an empty folder (move or delete the old one first).`);
  }
  const database = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: snapshot });
  await database.close();
  // The snapshot carried the lock and access files of the server it was taken from.
  rmSync(join(dataDir, 'myeai.lock'), { force: true });
  rmSync(join(dataDir, BACKUP_ACCESS_FILE), { force: true });
}
