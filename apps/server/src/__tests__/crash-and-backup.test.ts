import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { leads, openDatabase, users } from '@myeai/db';
import { multipartBody } from '../modules/leads/__tests__/multipart.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { runNodeScript, signInOn, startServerProcess, type ServerProcess } from '../testing/server-process.ts';

/**
 * The real server process, killed with SIGKILL in the middle of a write (kill-switch.ts: right
 * after the statement ran, before its transaction commits), then started again on the same
 * database; and the embedded database's backups taken from it running and stopped, restored.
 */
const ROWS = 1000;
const csv = ['name,email,phone,company', ...Array.from({ length: ROWS }, (_, i) => `Crash Lead ${i + 1},crash-${i + 1}@example.com,+4420000${String(i).padStart(4, '0')},Crash Co`)].join('\n');
const AFFILIATE = 'affiliate@demo.myeai.local';
const ADMIN = 'admin@demo.myeai.local';
const LEADS_INSERT = 'insert into "leads"';

async function importCsv(server: ServerProcess, cookie: string): Promise<Response> {
  const { payload, headers } = multipartBody([{ name: 'file', filename: 'crash.csv', content: csv }]);
  return fetch(`${server.url}/api/leads/import/csv`, { method: 'POST', headers: { ...headers, cookie }, body: new Uint8Array(payload) });
}

async function importedLeadTotal(server: ServerProcess, cookie: string): Promise<number> {
  const response = await fetch(`${server.url}/api/leads?q=crash-&page_size=1`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

/** Kills the server in the import's transaction, restarts it and resubmits the file twice. */
async function importSurvivesAKill(database: { dataDir: string } | { url: string }) {
  const first = await startServerProcess({ database, killAfter: { match: LEADS_INSERT, nth: 1 } });
  const cookie = await signInOn(first, AFFILIATE);
  expect(await importedLeadTotal(first, cookie)).toBe(0);
  await expect(importCsv(first, cookie)).rejects.toThrow();
  expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

  const second = await startServerProcess({ database });
  const again = await signInOn(second, AFFILIATE);
  // The 1,000 rows were written but not committed when the process died: none of them remain.
  expect(await importedLeadTotal(second, again)).toBe(0);
  const resubmitted = await importCsv(second, again);
  expect(resubmitted.status).toBe(200);
  expect(((await resubmitted.json()) as { results: { created: number } }).results.created).toBe(ROWS);
  const repeated = await importCsv(second, again);
  expect(((await repeated.json()) as { results: { created: number; skipped_duplicates: number } }).results).toMatchObject({ created: 0, skipped_duplicates: ROWS });
  expect(await importedLeadTotal(second, again)).toBe(ROWS);
  return second;
}

async function crashLeadsIn(dataDir: string): Promise<number> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const [row] = await database.db
      .select({ n: count() })
      .from(leads)
      .innerJoin(users, eq(users.id, leads.userId))
      .where(like(leads.email, 'crash-%@example.com'));
    return row!.n;
  } finally {
    await database.close();
  }
}

describe('the embedded database (PGlite data folder)', () => {
  const root = mkdtempSync(join(tmpdir(), 'myeai-crash-'));
  const dataDir = join(root, 'data');
  let server: ServerProcess | undefined;
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) await server.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('reopens after a SIGKILL in the middle of a 1,000-row CSV import with none of its rows, and a resubmission imports them exactly once', async () => {
    server = await importSurvivesAKill({ dataDir });
  });

  it('is backed up while the server runs (admin download and npm run backup) and when it is stopped, and each backup restores into an empty folder with the rows', async () => {
    const running = server!;
    const admin = await signInOn(running, ADMIN);
    const download = await fetch(`${running.url}/api/admin/backup`, { headers: { cookie: admin } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="myeai-backup-.+\.tar\.gz"$/);
    // A gzip stream (its content is restored in backup.routes.test.ts).
    expect([...new Uint8Array(await download.arrayBuffer()).subarray(0, 2)]).toEqual([0x1f, 0x8b]);

    const whileRunning = join(root, 'while-running.tar.gz');
    const hot = await runNodeScript('apps/server/src/cli/backup.ts', [whileRunning], { DATA_DIR: dataDir });
    expect(hot.output).toContain(`from the running server, pid ${running.child.pid}`);
    expect(hot.code).toBe(0);

    expect(await running.stop()).toEqual({ code: 0, signal: null });
    const whileStopped = join(root, 'while-stopped.tar.gz');
    const cold = await runNodeScript('apps/server/src/cli/backup.ts', [whileStopped], { DATA_DIR: dataDir });
    expect(cold.output).toContain('server stopped');
    expect(cold.code).toBe(0);

    for (const [name, file] of [['running', whileRunning], ['stopped', whileStopped]] as const) {
      const target = join(root, `restored-${name}`);
      const restore = await runNodeScript('apps/server/src/cli/restore.ts', [file], { DATA_DIR: target });
      expect(restore.output).toContain(`into ${target}`);
      expect(restore.code).toBe(0);
      expect(readdirSync(target)).not.toContain('myeai.lock');
      expect(await crashLeadsIn(target)).toBe(ROWS);
    }

    const occupied = join(root, 'occupied');
    mkdirSync(occupied);
    writeFileSync(join(occupied, 'notes.txt'), 'something else');
    const refused = await runNodeScript('apps/server/src/cli/restore.ts', [whileStopped], { DATA_DIR: occupied });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('is not empty: restore into an empty folder');
    expect(readdirSync(occupied)).toEqual(['notes.txt']);
  });

  it('refuses to start on a folder PGlite cannot open, naming npm run restore', async () => {
    expect(existsSync(join(dataDir, 'global/pg_control'))).toBe(true);
    writeFileSync(join(dataDir, 'global/pg_control'), Buffer.alloc(8192, 0x41));
    const failure = await startServerProcess({ database: { dataDir } }).then(
      () => undefined,
      (error: Error & { exit: unknown; output: string }) => error,
    );
    expect(failure?.exit).toEqual({ code: 1, signal: null });
    expect(failure?.output).toContain(`The embedded database in ${dataDir} cannot be opened`);
    expect(failure?.output).toContain('npm run restore <file>');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL database', () => {
  it('keeps none of a CSV import killed in its transaction, and a resubmission imports it exactly once', async () => {
    const database = await createTestDatabase('postgres');
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    try {
      const server = await importSurvivesAKill({ url: database.connectionString });
      await server.stop();
      const [row] = await database.db.select({ n: count() }).from(leads).where(like(leads.email, 'crash-%@example.com'));
      expect(row!.n).toBe(ROWS);
    } finally {
      await database.close();
    }
  });
});
