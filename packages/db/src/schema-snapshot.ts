import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from './schema/index.ts';

/**
 * drizzle-kit's snapshot of the schema: what `drizzle-kit generate` compares the schema with to
 * write the next migration. Our migrations are written by hand (several people add them at once),
 * so the latest migration's snapshot is made from the schema by `npm run db:snapshot`, and a test
 * checks that it matches the schema (a `drizzle-kit generate` then has nothing to add).
 */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

type Snapshot = { id: string; prevId: string } & Record<string, unknown>;
type DrizzleKitApi = { generateDrizzleJson: (imports: Record<string, unknown>, prevId?: string) => Snapshot };

function drizzleKit(): DrizzleKitApi {
  return createRequire(import.meta.url)('drizzle-kit/api') as DrizzleKitApi;
}

/** The journal's last migration tag (e.g. 0042_commission_reversals) and the newest snapshot file before it. */
export function latestMigration(): { tag: string; index: string; snapshotFile: string; previousSnapshotFile: string | undefined } {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const tag = journal.entries.at(-1)!.tag;
  const index = tag.slice(0, 4);
  const snapshots = readdirSync(join(MIGRATIONS_FOLDER, 'meta'))
    .filter((name) => /^\d{4}_snapshot\.json$/.test(name))
    .sort();
  const previous = snapshots.filter((name) => name < `${index}_snapshot.json`).at(-1);
  return { tag, index, snapshotFile: join(MIGRATIONS_FOLDER, 'meta', `${index}_snapshot.json`), previousSnapshotFile: previous && join(MIGRATIONS_FOLDER, 'meta', previous) };
}

/** The schema's snapshot, chained to `prevId`. */
export function schemaSnapshot(prevId: string, id: string): Snapshot {
  const snapshot = drizzleKit().generateDrizzleJson(schema, prevId);
  return { ...snapshot, id, prevId };
}
