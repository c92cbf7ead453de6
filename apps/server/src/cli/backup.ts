/**
 * `npm run backup [file]`: a snapshot of the embedded database in DATA_DIR. A running server is
 * asked for it (GET /api/admin/backup with the key it keeps in the folder), since the folder lock
 * keeps a second process out; a stopped one is opened here.
 */
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { dataDirHolder, readBackupAccess, snapshotStoppedDataDir } from '@myeai/db';
import { readServerEnv } from '../env.ts';

async function fromRunningServer(dataDir: string, pid: number): Promise<Buffer> {
  const access = readBackupAccess(dataDir);
  if (!access) throw new Error(`A server (pid ${pid}) is using ${dataDir} but left no backup key there: download the backup as an admin from /api/admin/backup, or stop the server and run this again.`);
  const response = await fetch(`${access.url}/api/admin/backup`, { headers: { authorization: `Bearer ${access.key}` } });
  if (!response.ok) throw new Error(`The running server (pid ${pid}) refused the backup: ${response.status} ${await response.text()}`);
  return Buffer.from(await response.arrayBuffer());
}

async function main(): Promise<void> {
  const { dataDir, databaseUrl, config } = readServerEnv();
  if (databaseUrl) throw new Error('DATABASE_URL is set: back up a PostgreSQL server with pg_dump (see the README, Backups).');
  const target = resolve(process.argv[2] ?? `myeai-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);
  if (existsSync(target)) throw new Error(`${target} already exists: name another file.`);
  const pid = dataDirHolder(dataDir);
  const snapshot = pid ? await fromRunningServer(dataDir, pid) : Buffer.from(await (await snapshotStoppedDataDir(dataDir)).arrayBuffer());
  // Written aside first, so an interrupted backup never leaves a truncated file under the real name.
  writeFileSync(`${target}.partial`, snapshot);
  renameSync(`${target}.partial`, target);
  process.stdout.write(`Backed up ${dataDir} (${pid ? `from the running server, pid ${pid}` : 'server stopped'}) to ${target} (${snapshot.length} bytes).\n`);
  // The snapshot is the data folder: uploads kept elsewhere are not in it (README, Backups).
  const uploads = config.uploadsDir;
  if (uploads && relative(dataDir, uploads).startsWith('..')) {
    process.stdout.write(`Note: UPLOADS_DIR (${uploads}) is outside the data folder, so the uploaded learning files are not in this backup: copy that folder with it.\n`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
