import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, snapshotPglite, type DatabaseHandle } from '@myeai/db';
import { fixedClock } from '../clock.ts';
import { seedDemoData } from '../seed/demo-seed.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** The instant every test app starts at; the demo data of a test database is seeded at it. */
export const TEST_NOW = new Date('2026-11-23T12:00:00.000Z');

/**
 * Set by the test run's global setup (vitest.global-setup.ts): the path of a JSON file naming a
 * migrated and a migrated-and-seeded database made once for the whole run, which every test
 * database then starts as a copy of. Starting a PGlite from nothing, migrating it and seeding it
 * costs about 8 s of one core; loading a copy about 0.8 s.
 */
export const TEST_DATABASE_TEMPLATES_ENV = 'MYEAI_TEST_DATABASE_TEMPLATES';

export type TestDatabaseTemplates = {
  /** Data folder dumps (uncompressed tarballs) of an in-memory PGlite. */
  pglite: { migrated: string; seeded: string };
  /** Template databases on the TEST_DATABASE_URL server. */
  postgres?: { migrated: string; seeded: string };
};

export type TestDatabaseOptions = {
  /** With the demo data, seeded at TEST_NOW. */
  demoData?: boolean;
};

/** The database kinds the suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

function templates(): TestDatabaseTemplates | undefined {
  const path = process.env[TEST_DATABASE_TEMPLATES_ENV];
  return path ? (JSON.parse(readFileSync(path, 'utf8')) as TestDatabaseTemplates) : undefined;
}

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

async function onServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.href;
}

/** A new database on the TEST_DATABASE_URL server (a copy of `template` when given), dropped on close. */
async function createServerDatabase(template: string | undefined): Promise<DatabaseHandle> {
  const name = `myeai_test_${randomBytes(6).toString('hex')}`;
  await onServer((client) => client.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  const handle = await openDatabase({ kind: 'postgres', connectionString: databaseUrl(name), poolSize: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await onServer((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * The run's migrated PGlite as a data folder dump, for a test that needs an embedded database in a
 * folder of its own (`openDatabase({ kind: 'pglite', dataDir, loadDataDir })`) without migrating it
 * from nothing; undefined outside a vitest run.
 */
export function migratedPgliteDump(): Blob | undefined {
  const made = templates();
  return made ? new Blob([readFileSync(made.pglite.migrated)]) : undefined;
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on the TEST_DATABASE_URL server;
 * with the demo data when asked. A copy of the run's templates when the global setup made them,
 * built from nothing otherwise (a script run outside vitest, such as `npm run fuzz`).
 */
export async function createTestDatabase(kind: DatabaseKind, options: TestDatabaseOptions = {}): Promise<DatabaseHandle> {
  const made = templates();
  const which = options.demoData ? 'seeded' : 'migrated';
  if (kind === 'pglite' && made) return openDatabase({ kind: 'pglite', loadDataDir: new Blob([readFileSync(made.pglite[which])]) });
  if (kind === 'postgres' && made?.postgres) return createServerDatabase(made.postgres[which]);
  const database = kind === 'pglite' ? await openDatabase({ kind: 'pglite' }) : await createServerDatabase(undefined);
  // The seed's learning files land in a folder of their own; a test app restores them into its own uploads folder.
  if (options.demoData) await seedDemoData(database.db, fixedClock(TEST_NOW), { uploadsDir: mkdtempSync(join(tmpdir(), 'myeai-seed-uploads-')) });
  return database;
}

/**
 * Makes the run's templates: a migrated and a seeded PGlite dumped into `folder`, and the same two
 * as template databases on the TEST_DATABASE_URL server when it is set. Returns what
 * TEST_DATABASE_TEMPLATES_ENV's file holds and a function that drops the server's templates.
 */
export async function makeTestDatabaseTemplates(folder: string): Promise<{ templates: TestDatabaseTemplates; drop: () => Promise<void> }> {
  const pglite = { migrated: join(folder, 'pglite-migrated.tar'), seeded: join(folder, 'pglite-seeded.tar') };
  const embedded = await openDatabase({ kind: 'pglite' });
  if (embedded.kind !== 'pglite') throw new Error('openDatabase gave no PGlite');
  try {
    for (const which of ['migrated', 'seeded'] as const) {
      if (which === 'seeded') await seedDemoData(embedded.db, fixedClock(TEST_NOW), { uploadsDir: join(folder, 'uploads') });
      writeFileSync(pglite[which], Buffer.from(await (await snapshotPglite(embedded.client, 'none')).arrayBuffer()));
    }
  } finally {
    await embedded.close();
  }
  if (!process.env.TEST_DATABASE_URL) return { templates: { pglite }, drop: async () => undefined };

  const prefix = `myeai_template_${randomBytes(6).toString('hex')}`;
  const postgres = { migrated: `${prefix}_migrated`, seeded: `${prefix}_seeded` };
  for (const which of ['migrated', 'seeded'] as const) {
    await onServer((client) => client.query(`create database ${postgres[which]}`));
    const handle = await openDatabase({ kind: 'postgres', connectionString: databaseUrl(postgres[which]), poolSize: 1 });
    try {
      if (which === 'seeded') await seedDemoData(handle.db, fixedClock(TEST_NOW), { uploadsDir: join(folder, 'uploads') });
    } finally {
      await handle.close();
    }
  }
  const drop = async () => {
    for (const name of Object.values(postgres)) await onServer((client) => client.query(`drop database if exists ${name} with (force)`));
  };
  return { templates: { pglite, postgres }, drop };
}
