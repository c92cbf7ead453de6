import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, restoreDataDir, snapshotStoppedDataDir } from '@myeai/db';
import { migratedPgliteDump } from '../../../testing/test-database.ts';

/**
 * The uploaded learning files live in DATA_DIR/uploads unless UPLOADS_DIR says otherwise (issue 28
 * item 10): a backup of the data folder carries them, and a restore brings them back byte for byte.
 */
describe('a backup of the embedded database carries the uploads kept in its folder', () => {
  const folders: string[] = [];
  const folder = (prefix: string) => {
    const made = mkdtempSync(join(tmpdir(), prefix));
    folders.push(made);
    return made;
  };
  afterAll(() => {
    for (const made of folders) rmSync(made, { recursive: true, force: true });
  });

  it('restores an uploaded file, and the rows that name it, into an empty folder', async () => {
    const dataDir = folder('myeai-uploads-backup-');
    const database = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: migratedPgliteDump() });
    if (database.kind !== 'pglite') throw new Error('openDatabase gave no PGlite');
    await database.client.query(`create table upload_names (name text primary key)`);
    await database.client.query(`insert into upload_names values ('learning/intro.pdf')`);
    await database.close();
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
    mkdirSync(join(dataDir, 'uploads', 'learning'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads', 'learning', 'intro.pdf'), bytes);

    const snapshot = await snapshotStoppedDataDir(dataDir);
    const restoredDir = join(folder('myeai-uploads-restore-'), 'data');
    await restoreDataDir(restoredDir, snapshot);

    expect(readFileSync(join(restoredDir, 'uploads', 'learning', 'intro.pdf')).equals(bytes)).toBe(true);
    const restored = await openDatabase({ kind: 'pglite', dataDir: restoredDir });
    if (restored.kind !== 'pglite') throw new Error('openDatabase gave no PGlite');
    const { rows } = await restored.client.query<{ name: string }>('select name from upload_names');
    await restored.close();
    expect(rows.map((row) => row.name)).toEqual(['learning/intro.pdf']);
  });
});
