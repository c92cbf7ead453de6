import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, restoreDataDir, users } from '@myeai/db';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';

const BACKUP_KEY = 'k'.repeat(64);

describe.each(testDatabaseKinds())('GET /api/admin/backup on %s', (kind) => {
  let t: TestApp;
  const folders: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind, { backupKey: BACKUP_KEY });
  });
  afterAll(async () => {
    await t.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('is refused to anonymous callers, other roles and a wrong key', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/admin/backup' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/admin/backup', headers: { authorization: `Bearer ${'x'.repeat(64)}` } })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/admin/backup', headers: { authorization: BACKUP_KEY } })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/admin/backup', cookie: await t.signInAs('affiliate') })).statusCode).toBe(403);
  });

  if (kind === 'postgres') {
    it('answers 409 naming pg_dump: a PostgreSQL server is backed up with its own tools', async () => {
      const response = await t.inject({ method: 'GET', url: '/api/admin/backup', cookie: await t.signInAs('admin') });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: { message: 'This server uses a PostgreSQL server: back it up with pg_dump.' } });
    });
    return;
  }

  it('gives an admin, and the holder of the data folder key, a snapshot that restores into an empty folder with the data', async () => {
    const byAdmin = await t.inject({ method: 'GET', url: '/api/admin/backup', cookie: await t.signInAs('admin') });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.headers['content-type']).toBe('application/gzip');
    expect(byAdmin.headers['cache-control']).toBe('no-store');
    expect(byAdmin.headers['content-disposition']).toBe('attachment; filename="myeai-backup-2026-11-23T12-00-00-000Z.tar.gz"');
    const byKey = await t.inject({ method: 'GET', url: '/api/admin/backup', headers: { authorization: `Bearer ${BACKUP_KEY}` } });
    expect(byKey.statusCode).toBe(200);

    // A row written after the first snapshot is in the second only.
    await t.database.db.update(users).set({ name: 'Ada After Backup' }).where(eq(users.email, 'admin@demo.myeai.local'));
    const later = await t.inject({ method: 'GET', url: '/api/admin/backup', headers: { authorization: `Bearer ${BACKUP_KEY}` } });

    const names: string[] = [];
    for (const snapshot of [byAdmin.rawPayload, later.rawPayload]) {
      const folder = mkdtempSync(join(tmpdir(), 'myeai-restore-'));
      folders.push(folder);
      await restoreDataDir(folder, new Blob([new Uint8Array(snapshot)]));
      const restored = await openDatabase({ kind: 'pglite', dataDir: folder });
      const [admin] = await restored.db.select({ name: users.name }).from(users).where(eq(users.email, 'admin@demo.myeai.local'));
      names.push(admin!.name);
      await restored.close();
    }
    expect(names).toEqual(['Ada Admin', 'Ada After Backup']);
  });
});
